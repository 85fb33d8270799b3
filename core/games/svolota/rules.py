"""What is legal in Svolota and what happens (SPEC §3), as functions of the state."""

from __future__ import annotations

from itertools import pairwise

from core.cards import ACE, RANK_TEXT, Card
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
from core.games.svolota.moves import JOKER_MOVE, PASS, Joker, Move, Pass, Play
from core.games.svolota.plays import ANY, BLACK_FIRST, MAX_PLAY, RED_FIRST, plays_of
from core.games.svolota.state import SvolotaState

TWO = 2


def beating_plays(state: SvolotaState, seat: int) -> list[Play]:
    """Non-joker plays `seat` could lay now (any play on an empty pile), in the stable order: fewest
    cards first, then the lowest rank, then by the cards' sort keys (suits S C H D) in laid order."""
    if not state.plays:
        return plays_of(state.hands[seat], 0, ACE + 1, 1, ANY)
    last = state.plays[-1]
    top = last[-1]
    low, high = (last[0].rank, ACE + 1) if state.up else (0, last[0].rank)
    return plays_of(state.hands[seat], low, high, len(last), BLACK_FIRST if top.red else RED_FIRST)


def legal_moves(state: SvolotaState, seat: int, free_pass: bool) -> list[Move]:
    if state.winner is not None or seat != state.turn:
        return []
    moves: list[Move] = list(beating_plays(state, seat))
    can_beat = bool(moves)
    hand = state.hands[seat]
    if hand and hand[-1].joker:  # jokers sort last
        moves.append(JOKER_MOVE)
    if state.plays and (free_pass or not can_beat):
        moves.append(PASS)
    return moves


def verify(state: SvolotaState, seat: int, move: Move, free_pass: bool, players: tuple[str, ...]) -> None:
    """Raise IllegalMove saying why `seat` may not make `move` now."""
    if seat != state.turn:
        raise NotYourTurn("not your turn: it is {player}'s turn", player=players[state.turn])
    hand = state.hands[seat]
    if isinstance(move, Joker):
        if not any(c.joker for c in hand):
            raise IllegalMove("you have no joker")
        return
    if isinstance(move, Pass):
        if not state.plays:
            raise IllegalMove("you lead a new pile: play a card (or a joker), you may not pass")
        if not free_pass and beating_plays(state, seat):
            raise IllegalMove("you can beat the pile, so you may not pass")
        return
    _verify_play(state, hand, move)


def _verify_play(state: SvolotaState, hand: list[Card], play: Play) -> None:
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
    name = players[seat]
    hand = state.hands[seat]
    events: list[Event] = []
    if move is PASS or isinstance(move, Pass):
        state.passed.add(seat)
        events.append(Passed(name))
        state.turn = (seat + 1) % len(state.hands)
        if state.turn == state.last_player:
            state.close_pile()
            events.append(PileClosed(players[state.turn]))
        return events
    if isinstance(move, Joker):
        hand.remove(Card(0))
        state.close_pile()
        state.discarded.append(Card(0))
        events.append(JokerPlayed(name))
        count = 1
    else:
        for card in move.cards:
            hand.remove(card)
        state.plays.append(move.cards)
        state.last_player = seat
        state.passed.clear()
        events.append(Played(name, move.cards))
        rank = move.cards[0].rank
        if state.up and rank == ACE:
            state.up = False
            events.append(DirectionChanged(up=False))
        elif not state.up and rank == TWO:
            state.up = True
            events.append(DirectionChanged(up=True))
        count = len(move.cards)
    drawn = state.draw(seat, count)
    if drawn:
        events.append(Drew(name, drawn))
    state.turn = (seat + 1) % len(state.hands)
    if not hand:
        state.winner = seat
        events.append(Won(name))
    elif isinstance(move, Joker):
        events.append(Leads(players[state.turn]))
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
