"""Progress and the everyone-stuck analysis (SPEC §5).

A move *makes progress* when it puts a card on a foundation, moves the demon's or the waste's top
onto a work pile, or moves a run that empties its source pile (the demon refills it) or uncovers a
card that can then go to a foundation. Turning is not progress, nor is shuffling a run between
work piles.

A player is *stuck* when no progress move is open to them now, nor at any waste top they could
reach by turning however often. Turning changes only the stock and the waste, so the demon and
work-pile moves are the same in every one of those positions; what changes is the waste's top.
The tops reachable are the present one, the ones the rest of the stock shows three at a time,
and the ones a full pass of the whole pile shows after the waste is turned back over (the pass
after that repeats it).
"""

from __future__ import annotations

from collections.abc import Iterator

from core.cards import Card
from core.games.racing_demon.layout import TURN_SIZE, Layout
from core.games.racing_demon.moves import Move, ToFoundation, ToWork
from core.games.racing_demon.ranks import run_onto, taking


def is_progress(lay: Layout, move: Move, wanted: int) -> bool:
    """Whether the legal `move` makes progress; `wanted` holds the cards that go on a foundation
    now (as `Card.bit`s: `Foundations.wanted_bits`). Judged before the move is made."""
    if isinstance(move, ToFoundation):
        return True
    if not isinstance(move, ToWork):
        return False
    if move.source.work is None:
        return True
    return _run_progress(lay.work[move.source.work - 1], lay.work[move.pile - 1], wanted)


def is_stuck(lay: Layout, wanted: int) -> bool:
    """No progress move now, nor at any waste top reachable by turning (a full cycle)."""
    if _progress_without_waste(lay, wanted):
        return False
    useful = wanted | taking(p[-1] for p in lay.work if p)  # a waste top goes to a foundation or a work pile
    return not any(card.bit & useful for card in waste_tops(lay))


def waste_tops(lay: Layout) -> Iterator[Card]:
    """Every card that is, or can become, the waste's top by turning alone (repeats possible)."""
    if lay.waste:
        yield lay.waste[-1]
    rest = lay.stock[::-1]  # the stock, top first
    yield from _pass_tops(rest)
    yield from _pass_tops(lay.waste + rest)  # after the waste is turned back over


def _pass_tops(pile: list[Card]) -> Iterator[Card]:
    """The waste tops turning `pile` (top first) three at a time shows."""
    if not pile:
        return
    yield from pile[TURN_SIZE - 1 :: TURN_SIZE]
    if len(pile) % TURN_SIZE:
        yield pile[-1]


def _progress_without_waste(lay: Layout, wanted: int) -> bool:
    """A progress move that does not use the waste: the demon's top to a foundation or a work
    pile, a work pile's top to a foundation, or a progress run between work piles."""
    piles = lay.work
    tops = [p[-1] for p in piles if p]
    for top in tops:
        if top.bit & wanted:
            return True
    if lay.demon and lay.demon[-1].bit & (wanted | taking(tops)):
        return True
    for source in piles:
        if source:
            for target in piles:
                if source is not target and target and _run_progress(source, target, wanted):
                    return True
    return False


def _run_progress(source: list[Card], target: list[Card], wanted: int) -> bool:
    count = run_onto(source, target[-1])
    if count is None:
        return False
    return count == len(source) or bool(source[-count - 1].bit & wanted)
