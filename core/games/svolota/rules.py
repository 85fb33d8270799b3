"""What is legal in Svolota and what happens (SPEC §3), as functions of the state."""

from __future__ import annotations

from itertools import pairwise
from typing import Final

from core.cards import ACE, JOKER, RANK_TEXT
from core.errors import IllegalMove, NotYourTurn
from core.events import Event
from core.games.svolota.events import (
    DirectionChanged,
    Drew,
    JokerPlayed,
    Leads,
    Passed,
    PileClosed,
    Played,
    Won,
)
from core.games.svolota.hand import Hand
from core.games.svolota.moves import JOKER_MOVE, PASS, Joker, Move, Pass, Play
from core.games.svolota.plays import ABOVE, ALL_RANKS, ANY, BELOW, BLACK_FIRST, MAX_PLAY, RED_FIRST, plays_of
from core.games.svolota.state import SvolotaState

TWO: Final = 2


def beating_plays(state: SvolotaState, seat: int) -> list[Move]:
    """Non-joker plays (every one a Play) `seat` could lay now (any play on an empty pile), in the
    stable order: fewest cards first, then the lowest rank, then by the cards' sort keys (suits
    S C H D) in laid order."""
    pile = state.plays
    if not pile:
        return plays_of(state.hands[seat], ALL_RANKS, 1, ANY)
    last = pile[-1]
    between = ABOVE[last[0].rank] if state.up else BELOW[last[0].rank]
    return plays_of(state.hands[seat], between, len(last), BLACK_FIRST if last[-1].red else RED_FIRST)


def legal_moves(state: SvolotaState, seat: int, free_pass: bool) -> list[Move]:
    """Every legal move of `seat`, remembered in the state until it changes (see `was_listed`)."""
    if state.winner is not None or seat != state.turn:
        return []
    hand, pile = state.hands[seat], state.plays
    if pile:  # `beating_plays`, written out: this is the inner loop of every simulation
        last = pile[-1]
        between = ABOVE[last[0].rank] if state.up else BELOW[last[0].rank]
        moves = plays_of(hand, between, len(last), BLACK_FIRST if last[-1].red else RED_FIRST)
        may_pass = free_pass or not moves
    else:
        moves = plays_of(hand, ALL_RANKS, 1, ANY)
        may_pass = False  # a leader may not pass
    if hand.jokers:
        moves.append(JOKER_MOVE)
    if may_pass:
        moves.append(PASS)
    state.listed = (seat, hand, tuple(moves))  # a copy: the caller may change the list it gets
    return moves


def was_listed(state: SvolotaState, seat: int, move: Move) -> bool:
    """Whether `move` is one of the very objects `legal_moves` listed for `seat` in this position
    (plays are interned, so a listed move comes back as the same object): then it is legal."""
    listed = state.listed
    if listed is None or listed[0] != seat or listed[1] is not state.hands[seat]:
        return False
    for legal in listed[2]:  # noqa: SIM110 (a generator is slower)
        if legal is move:
            return True
    return False


def verify(state: SvolotaState, seat: int, move: Move, free_pass: bool, players: tuple[str, ...]) -> None:
    """Raise IllegalMove saying why `seat` may not make `move` now."""
    if seat != state.turn:
        raise NotYourTurn("not your turn: it is {player}'s turn", player=players[state.turn])
    hand = state.hands[seat]
    if isinstance(move, Joker):
        if not hand.jokers:
            raise IllegalMove("you have no joker")
        return
    if isinstance(move, Pass):
        if not state.plays:
            raise IllegalMove("you lead a new pile: play a card (or a joker), you may not pass")
        if not free_pass and beating_plays(state, seat):
            raise IllegalMove("you can beat the pile, so you may not pass")
        return
    _verify_play(state, hand, move)


def _verify_play(state: SvolotaState, hand: Hand, play: Play) -> None:
    cards = play.cards
    for card in cards:
        if cards.count(card) > hand.count(card):
            raise IllegalMove("you don't have {card}", card=card.pretty)
    if len(cards) > MAX_PLAY or any(c.rank != cards[0].rank for c in cards):
        raise IllegalMove("a play is one card or up to four cards of one rank")
    if any(a.red == b.red for a, b in pairwise(cards)):
        raise IllegalMove("colours must alternate within a play: red, black, red…")
    last, top = state.last_play, state.top
    if last is None or top is None:
        return
    if len(cards) < len(last):
        raise IllegalMove("beat {count} cards with at least {count}", count=len(last))
    rank_text = RANK_TEXT[last[0].rank]
    if state.up and play.rank <= last[0].rank:
        raise IllegalMove("the pile goes up: play higher than {rank}", rank=rank_text)
    if not state.up and play.rank >= last[0].rank:
        raise IllegalMove("the pile goes down: play lower than {rank}", rank=rank_text)
    if cards[0].red == top.red:
        if top.red:
            raise IllegalMove("start with a black card on {top}", top=top.pretty)
        raise IllegalMove("start with a red card on {top}", top=top.pretty)


def apply(state: SvolotaState, seat: int, move: Move, players: tuple[str, ...]) -> list[Event]:
    """Make a verified move."""
    state.listed = None
    if isinstance(move, Play):  # the common case first
        return _play(state, seat, move, players)
    if isinstance(move, Joker):
        return _joker(state, seat, players)
    return _pass(state, seat, players)


def _play(state: SvolotaState, seat: int, play: Play, players: tuple[str, ...]) -> list[Event]:
    """Lay the play's cards on the pile (an Ace going up turns it down, a 2 going down turns it up),
    draw as many, and pass the turn on."""
    name = players[seat]
    hand = state.hands[seat]
    cards, rank = play.cards, play.rank
    if play.suits:
        hand.take_play(rank, play.suits, len(cards))
    else:  # a joker laid as a Play through the native API (verify lets a lone one lead)
        hand.take(cards)
    state.plays.append(cards)
    state.last_player = seat
    if state.passed:
        state.passed.clear()
    events: list[Event] = [Played(name, cards)]
    if state.up:
        if rank == ACE:
            state.up = False
            events.append(DirectionChanged(up=False))
    elif rank == TWO:
        state.up = True
        events.append(DirectionChanged(up=True))
    if state.reserve or state.face_up is not None:
        events.append(Drew(name, state.draw(seat, len(cards))))
    state.turn = (seat + 1) % len(state.hands)
    if not hand.size:
        state.winner = seat
        events.append(Won(name))
    return events


def _joker(state: SvolotaState, seat: int, players: tuple[str, ...]) -> list[Event]:
    """The pile is discarded, the joker player draws one, and the next player leads."""
    name = players[seat]
    hand = state.hands[seat]
    hand.take((JOKER,))
    state.close_pile()
    state.discarded.append(JOKER)
    events: list[Event] = [JokerPlayed(name)]
    if state.reserve or state.face_up is not None:
        events.append(Drew(name, state.draw(seat, 1)))
    state.turn = (seat + 1) % len(state.hands)
    if not hand.size:
        state.winner = seat
        events.append(Won(name))
    else:
        events.append(Leads(players[state.turn]))
    return events


def _pass(state: SvolotaState, seat: int, players: tuple[str, ...]) -> list[Event]:
    """The turn moves on; back at the last player, the pile is discarded and they lead."""
    state.passed.add(seat)
    events: list[Event] = [Passed(players[seat])]
    state.turn = (seat + 1) % len(state.hands)
    if state.turn == state.last_player:
        state.close_pile()
        events.append(PileClosed(players[state.turn]))
    return events


def default_move(state: SvolotaState, seat: int, free_pass: bool) -> Move | None:
    """The turn timer's move (SPEC §3): pass where legal; else the smallest, lowest non-joker play;
    a joker only when nothing else is legal."""
    moves = legal_moves(state, seat, free_pass)
    if not moves:
        return None
    if PASS in moves:
        return PASS
    plays = [m for m in moves if isinstance(m, Play)]
    if plays:
        return min(plays, key=lambda p: (len(p.cards), p.rank))  # min keeps the first of equals
    return JOKER_MOVE
