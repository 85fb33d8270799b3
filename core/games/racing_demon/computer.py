"""Computer players for Racing Demon: a priority policy and three levels.

The policy rates each legal move and makes the best one it notices:

1. the demon's top to a foundation (the demon is what costs points);
2. a work pile's top to a foundation, first one that empties the pile (the demon refills it);
3. the waste's top to a foundation;
4. the demon's top onto a work pile;
5. a whole work pile onto another (merging: the demon refills the emptied pile);
6. part of a run, when that uncovers a card for a foundation;
7. the waste's top onto a work pile;
8. otherwise turn, unless the engine says this player is stuck (then wait and look again).

Any other run move is never made, so a run is not shuffled back and forth between work piles.
A weaker player overlooks moves (`notice` is the chance of seeing each one on a given look) and
is slower. A player who `races` also watches the other layouts: a card for a foundation that
someone else could take first (their demon, waste or work pile shows the same card) goes before
one nobody else can take.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.cards import Card
from core.computer import Level, ReactionTime
from core.games.racing_demon.moves import Move, Source, ToFoundation, ToWork, Turn
from core.games.racing_demon.ranks import run_onto
from core.games.racing_demon.view import DemonView

DEMON_TO_FOUNDATION = 100
WORK_EMPTIES_TO_FOUNDATION = 90
WORK_TO_FOUNDATION = 85
WASTE_TO_FOUNDATION = 80
DEMON_TO_WORK = 70
MERGE = 65
UNCOVER_FOR_FOUNDATION = 60
WASTE_TO_WORK = 40
NEVER = 0
CONTESTED = 20  # added to a foundation move whose card another player shows too


@dataclass(frozen=True, slots=True)
class DemonPolicy:
    notice: float = 1.0  # the chance of seeing each useful move on one look
    races: bool = False  # put contested cards on the foundations first

    def choose(self, view: DemonView, legal: list[Move], rng: random.Random) -> Move | None:
        if view.over:
            return None
        best: Move | None = None
        best_worth = NEVER
        turn: Move | None = None
        for move in legal:
            if isinstance(move, Turn):
                turn = move
                continue
            worth = self.worth(view, move)
            if worth <= best_worth or (self.notice < 1.0 and rng.random() >= self.notice):
                continue
            best, best_worth = move, worth
        if best is not None:
            return best
        return None if view.stuck else turn

    def worth(self, view: DemonView, move: ToFoundation | ToWork) -> int:
        """How much this policy wants `move` (NEVER: not at all)."""
        own = view.own
        if isinstance(move, ToFoundation):
            worth = _foundation_worth(view, move.source)
            if self.races:
                card = own.demon_top if move.source is Source.DEMON else _top(view, move.source)
                if card is not None and _shown_by_others(view, card):
                    worth += CONTESTED
            return worth
        if move.source is Source.DEMON:
            return DEMON_TO_WORK
        if move.source is Source.WASTE:
            return WASTE_TO_WORK
        return _run_worth(view, own.work[(move.source.work or 1) - 1], own.work_top(move.pile))


def _foundation_worth(view: DemonView, source: Source) -> int:
    if source is Source.DEMON:
        return DEMON_TO_FOUNDATION
    if source is Source.WASTE:
        return WASTE_TO_FOUNDATION
    pile = view.own.work[(source.work or 1) - 1]
    return WORK_EMPTIES_TO_FOUNDATION if len(pile) == 1 else WORK_TO_FOUNDATION


def _run_worth(view: DemonView, source: tuple[Card, ...], target: Card | None) -> int:
    count = None if target is None else run_onto(source, target)
    if count is None:
        return NEVER
    if count == len(source):
        return MERGE
    return UNCOVER_FOR_FOUNDATION if source[-count - 1] in view.wanted else NEVER


def _top(view: DemonView, source: Source) -> Card | None:
    if source is Source.WASTE:
        return view.own.waste[-1] if view.own.waste else None
    return view.own.work_top(source.work or 1)


def _shown_by_others(view: DemonView, card: Card) -> bool:
    return any(
        card == other.demon_top or card == other.waste_top or card in other.work_tops for other in view.others
    )


LEVELS: dict[str, Level[Move, DemonView]] = {
    "easy": Level("easy", ReactionTime(median=2.6, sigma=0.45, floor=0.6), DemonPolicy(notice=0.6)),
    "normal": Level("normal", ReactionTime(median=1.6, sigma=0.35, floor=0.4), DemonPolicy(notice=0.85)),
    "hard": Level("hard", ReactionTime(median=0.9, sigma=0.3, floor=0.25), DemonPolicy(races=True)),
}
