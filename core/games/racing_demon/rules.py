"""What a player may do with their own layout now, why not, and what a move does.

Racing Demon has no turns: any player may move at any moment, and moves are judged in the order
they arrive. The only places players race for are on the foundations: a card that fits no
foundation, while a foundation of its suit already holds another deck's card of the same rank, lost
that race and is refused as too slow (`TooSlow`, see `Foundations.beaten`); any other misfit is a
plain IllegalMove.
"""

from __future__ import annotations

from core.errors import IllegalMove, TooSlow
from core.events import Event
from core.games.racing_demon.events import Recycled, Refilled, ToFoundationPlayed, ToWorkPlayed, Turned
from core.games.racing_demon.layout import Layout
from core.games.racing_demon.moves import TURN, WORK_PILES, Move, Source, ToFoundation, ToWork, Turn
from core.games.racing_demon.ranks import LOW_ACE, LOW_RANK, builds_on, card_of, rank, run_onto, taking
from core.games.racing_demon.state import DemonState

PILES = tuple(range(1, WORK_PILES + 1))
SOURCES = tuple(Source)
WORK_SOURCES = tuple(Source.of_work(n) for n in PILES)
# Every move made once, for listing (by position, not by a dict of Source: hashing a member is slow).
_DEMON_TO_F, _WASTE_TO_F = ToFoundation(Source.DEMON), ToFoundation(Source.WASTE)
_WORK_TO_F = tuple(ToFoundation(s) for s in WORK_SOURCES)  # [pile - 1]
_DEMON_TO_WORK = tuple(ToWork(Source.DEMON, n) for n in PILES)  # [pile - 1]
_WASTE_TO_WORK = tuple(ToWork(Source.WASTE, n) for n in PILES)
_RUN = tuple(tuple(ToWork(s, n) for n in PILES) for s in WORK_SOURCES)  # [from - 1][onto - 1]
_EMPTY = {
    Source.DEMON: "your demon is empty",
    Source.WASTE: "your waste is empty: turn some cards first",
}


def legal_moves(state: DemonState, seat: int) -> list[Move]:
    """Every move `seat` may make now, in the order of the notation: to a foundation (demon,
    waste, w1–w4), demon and waste to the work piles, runs between work piles, then turn."""
    if state.end is not None:
        return []
    lay = state.layouts[seat]
    wanted = state.foundations.wanted_bits  # `Foundations.fits`, as a bit test
    demon, waste, work = lay.demon, lay.waste, lay.work
    demon_top = demon[-1] if demon else None
    waste_top = waste[-1] if waste else None
    tops = [pile[-1] if pile else None for pile in work]
    moves: list[Move] = []
    if demon_top is not None and demon_top.bit & wanted:
        moves.append(_DEMON_TO_F)
    if waste_top is not None and waste_top.bit & wanted:
        moves.append(_WASTE_TO_F)
    for n, top in enumerate(tops):
        if top is not None and top.bit & wanted:
            moves.append(_WORK_TO_F[n])
    takes = taking(tops)  # what builds on some work pile: most often neither card does
    for card, onto in ((demon_top, _DEMON_TO_WORK), (waste_top, _WASTE_TO_WORK)):
        if card is not None and card.bit & takes:
            moves += [onto[n] for n, top in enumerate(tops) if top is not None and builds_on(card, top)]
    for m, pile in enumerate(work):
        if pile:
            # only a target exactly `count` ranks above the pile's top can take a run of `count`
            # cards: that cheap test first, `run_onto` for the few that pass it
            low, size = LOW_RANK[pile[-1].rank], len(pile)
            for n, top in enumerate(tops):
                if top is None or n == m or not 0 < LOW_RANK[top.rank] - low <= size:
                    continue
                if run_onto(pile, top) is not None:
                    moves.append(_RUN[m][n])
    if lay.stock or waste:
        moves.append(TURN)
    return moves


def verify(state: DemonState, seat: int, move: Move) -> None:
    """Raise IllegalMove saying why `seat` may not make `move` now (TooSlow when the foundation
    place it was racing for is taken)."""
    lay = state.layouts[seat]
    if isinstance(move, Turn):
        if not lay.stock and not lay.waste:
            raise IllegalMove("your stock and waste are both empty: there is nothing to turn")
        return
    card = lay.top(move.source)
    if card is None:
        raise _empty(move.source)
    if isinstance(move, ToFoundation):
        foundations = state.foundations
        if foundations.accepting(card) is None:
            if foundations.beaten(card):
                raise TooSlow(
                    "too slow: another player's {card} is already on that foundation", card=card.pretty
                )
            need = card_of(rank(card) - 1, card.suit) if card.suit is not None else card
            raise IllegalMove(
                "{card} does not go on any foundation: it needs {need} on top",
                card=card.pretty, need=need.pretty,
            )
        return
    if move.pile not in PILES:
        raise IllegalMove("there is no work pile {pile}: they are w1 to w4", pile=move.pile)
    if move.source.work == move.pile:
        raise IllegalMove("a pile cannot move onto itself")
    target = lay.work_top(move.pile)
    if target is None:
        raise IllegalMove("w{pile} is empty", pile=move.pile)
    if move.source.work is None:
        if not builds_on(card, target):
            raise IllegalMove(
                "{card} does not go on {top}: work piles build down in alternating colours",
                card=card.pretty, top=target.pretty,
            )
        return
    if run_onto(lay.pile(move.source), target) is None:
        raise IllegalMove(
            "no run on w{source} fits on {top}: its base must be one rank lower and the other colour",
            source=move.source.work, top=target.pretty,
        )


def apply(state: DemonState, seat: int, move: Move, player: str) -> list[Event]:
    """Make a verified move for `seat` (named `player` in the events)."""
    lay = state.layouts[seat]
    if isinstance(move, Turn):
        turned = lay.turn()
        if turned:
            return [Turned(player, turned, lay.waste[-1])]
        return [Recycled(player, len(lay.stock))]
    if isinstance(move, ToFoundation):
        return to_foundation(state, seat, move.source, player)
    source = lay.pile(move.source)
    count: int | None = 1 if move.source.work is None else run_onto(source, lay.work[move.pile - 1][-1])
    assert count is not None
    cards = source[-count:]
    del source[-count:]
    lay.work[move.pile - 1].extend(cards)
    events: list[Event] = [ToWorkPlayed(player, tuple(cards), move.source, move.pile)]
    return events + _refill(lay, move.source, player)


def to_foundation(
    state: DemonState, seat: int, source: Source, player: str, automatic: bool = False
) -> list[Event]:
    """The top card of `seat`'s `source` to the foundation that takes it (an emptied work pile is
    refilled from the demon at once)."""
    lay = state.layouts[seat]
    card = lay.take(source)
    index = state.foundations.place(card, seat)
    played = ToFoundationPlayed(player, card, source, index + 1, rank(card) == LOW_ACE, automatic)
    return [played, *_refill(lay, source, player)]


def _refill(lay: Layout, source: Source, player: str) -> list[Event]:
    if source.work is None:
        return []
    card = lay.refill(source.work)
    return [] if card is None else [Refilled(player, source.work, card)]


def _empty(source: Source) -> IllegalMove:
    if source.work is None:
        return IllegalMove(_EMPTY[source])
    return IllegalMove("w{pile} is empty", pile=source.work)
