"""What is legal in Svolota and what happens (SPEC §3), as functions of the state."""

from __future__ import annotations

from collections import Counter

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
from core.games.svolota.state import SvolotaState

MAX_PLAY = 4
TWO = 2


def _sequences(this: list[Card], other: list[Card], size: int) -> list[tuple[Card, ...]]:
    """Every order of `size` distinct cards alternating between two colours, `this` colour first."""
    if size == 0:
        return [()]
    out: list[tuple[Card, ...]] = []
    for i, card in enumerate(this):
        rest = this[:i] + this[i + 1 :]
        out.extend((card, *tail) for tail in _sequences(other, rest, size - 1))
    return out


def candidate_plays(hand: list[Card], top: Card | None, min_size: int) -> list[Play]:
    """Plays from `hand` of at least `min_size` cards whose first card fits on `top`'s colour
    (any colour on an empty pile), ignoring rank; distinct cards, colours alternating."""
    by_rank: dict[int, tuple[list[Card], list[Card]]] = {}
    for card in hand:
        if card.joker:
            continue
        reds, blacks = by_rank.setdefault(card.rank, ([], []))
        (reds if card.red else blacks).append(card)
    plays: list[Play] = []
    starts = (True, False) if top is None else (not top.red,)
    for rank in sorted(by_rank):
        reds, blacks = by_rank[rank]
        reds.sort(key=lambda c: c.key)
        blacks.sort(key=lambda c: c.key)
        for size in range(max(min_size, 1), MAX_PLAY + 1):
            for start_red in starts:
                first, second = (reds, blacks) if start_red else (blacks, reds)
                plays.extend(Play(seq) for seq in _sequences(first, second, size))
    return plays


def _order(play: Play) -> tuple[int, int, tuple[tuple[int, int], ...]]:
    return (len(play.cards), play.rank, tuple(c.key for c in play.cards))


def beating_plays(state: SvolotaState, seat: int) -> list[Play]:
    """Non-joker plays `seat` could lay now (any play on an empty pile), in the stable order."""
    last = state.last_play
    if last is None:
        plays = candidate_plays(state.hands[seat], None, 1)
    else:
        rank = last[0].rank
        plays = [
            p
            for p in candidate_plays(state.hands[seat], state.top, len(last))
            if (p.rank > rank if state.up else p.rank < rank)
        ]
    plays.sort(key=_order)
    return plays


def legal_moves(state: SvolotaState, seat: int, free_pass: bool) -> list[Move]:
    if state.winner is not None or seat != state.turn:
        return []
    plays = beating_plays(state, seat)
    moves: list[Move] = list(plays)
    if any(c.joker for c in state.hands[seat]):
        moves.append(JOKER_MOVE)
    if state.plays and (free_pass or not plays):
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
    missing = Counter(cards) - Counter(hand)
    if missing:
        raise IllegalMove("you don't have {card}", card=next(iter(missing)).pretty)
    if len(cards) > MAX_PLAY or any(c.rank != cards[0].rank for c in cards):
        raise IllegalMove("a play is one card or up to four cards of one rank")
    if any(a.red == b.red for a, b in zip(cards, cards[1:], strict=False)):
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
    if isinstance(move, Pass):
        state.passed.add(seat)
        events.append(Passed(name))
        state.turn = state.next_seat(seat)
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
        if state.up and move.rank == ACE:
            state.up = False
            events.append(DirectionChanged(up=False))
        elif not state.up and move.rank == TWO:
            state.up = True
            events.append(DirectionChanged(up=True))
        count = len(move.cards)
    drawn = state.draw(seat, count)
    if drawn:
        events.append(Drew(name, drawn))
    state.turn = state.next_seat(seat)
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
