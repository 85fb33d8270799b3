"""Computer players for Racing Demon: one policy, three levels.

What each level sees, how fast it reacts, and what it plans:

- easy: reacts in about 2.6 s; notices each useful move only 60 % of the time, and makes any one
  of those it noticed rather than the best (it may lay a waste card on a work pile while its demon
  card could have gone to a foundation); never races for a foundation.
- normal: reacts in about 1.6 s; notices 85 % of the useful moves and makes the best it noticed by
  a fixed order: demon to a foundation, a work card that empties its pile (the demon refills it)
  to a foundation, other work cards, the waste, the demon onto a work pile, merging a whole work
  pile into another, a run that uncovers a card for a foundation, and last the waste onto a work
  pile; otherwise it turns the stock.
- hard: reacts in about 0.9 s; notices every move and looks one move ahead: it prefers a move that
  frees its demon card (a waste or work card that makes room for it on a foundation or a work
  pile) and one that exposes another card it can play; and it races: a card that another player
  shows too goes first (first of all if it is their demon card), and a card that would open a
  foundation for another player's demon card is kept back while it has something else to do.

No level moves a run back and forth between work piles for nothing, and no level turns the stock
when the engine says it is stuck (it waits and looks again). A decision reads only the view and
the legal moves: a few microseconds of work.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from core.cards import Card
from core.computer import Level, ReactionTime
from core.games.racing_demon.moves import Move, Source, ToFoundation, ToWork, Turn
from core.games.racing_demon.ranks import KING, builds_on, card_of, rank, run_onto, taking
from core.games.racing_demon.view import DemonView

# What a move is worth, in points it is about to make (a card on a foundation is one, a card out of
# the demon another); the small differences only order moves of the same value.
DEMON_TO_FOUNDATION = 2.05
WORK_EMPTIES_TO_FOUNDATION = 2.0  # the demon refills the emptied pile
WORK_TO_FOUNDATION = 1.04
WASTE_TO_FOUNDATION = 1.02
DEMON_TO_WORK = 1.01
MERGE = 1.0  # a whole work pile onto another: the demon refills it
UNCOVER_FOR_FOUNDATION = 0.5  # part of a run, to uncover a card for a foundation
WASTE_TO_WORK = 0.1
NEVER = 0.0


@dataclass(frozen=True, slots=True)
class Plan:
    """What a planning player adds to a move's worth (all zero: it plans nothing)."""

    frees_demon: float = 0.0  # the move makes a place for the demon's top card
    demon_to_foundation: float = 0.0  # ... and that place is on a foundation
    exposes: float = 0.0  # the move exposes a card of its own that can be played next
    contested_demon: float = 0.0  # another player's demon shows the same card: take its place first
    contested: float = 0.0  # another player's waste or work pile shows the same card
    opens_demon: float = 0.0  # (less) the card opens a foundation for another player's demon card


NO_PLAN = Plan()
PLANS = Plan(frees_demon=0.9, demon_to_foundation=0.3, exposes=0.2, contested_demon=0.6, contested=0.3, opens_demon=0.5)


@dataclass(frozen=True, slots=True)
class DemonPolicy:
    notice: float = 1.0  # the chance of seeing each useful move on one look
    careless: bool = False  # makes any useful move it noticed, not the best one
    plan: Plan = NO_PLAN

    def choose(self, view: DemonView, legal: list[Move], rng: random.Random) -> Move | None:
        if view.over:
            return None
        look = _Look(view, self.plan is not NO_PLAN)
        best: Move | None = None
        best_worth = NEVER
        turn: Move | None = None
        seen: list[Move] = []
        for move in legal:
            if isinstance(move, Turn):
                turn = move
                continue
            worth = self._worth(look, move)
            if worth <= NEVER or (self.notice < 1.0 and rng.random() >= self.notice):
                continue
            seen.append(move)
            if worth > best_worth:
                best, best_worth = move, worth
        if self.careless and len(seen) > 1:
            return rng.choice(seen)
        if best is not None:
            return best
        return None if view.stuck else turn

    def _worth(self, look: _Look, move: ToFoundation | ToWork) -> float:
        """How much this policy wants `move` (NEVER or less: not at all)."""
        if isinstance(move, ToFoundation):
            return self._to_foundation(look, move.source)
        if move.source is Source.DEMON:
            return DEMON_TO_WORK
        if move.source is Source.WASTE:
            return self._waste_to_work(look)
        return self._run(look, move.source, move.pile)

    def _to_foundation(self, look: _Look, source: Source) -> float:
        own, plan = look.view.own, self.plan
        exposed: Card | None = None
        if source is Source.DEMON:
            card, worth = own.demon_top, DEMON_TO_FOUNDATION
        elif source is Source.WASTE:
            card, worth = own.waste[-1], WASTE_TO_FOUNDATION
            exposed = own.waste[-2] if len(own.waste) > 1 else None
        else:
            pile = own.work[(source.work or 1) - 1]
            card = pile[-1]
            if len(pile) == 1:
                worth = WORK_EMPTIES_TO_FOUNDATION
            else:
                worth, exposed = WORK_TO_FOUNDATION, pile[-2]
        assert card is not None  # a legal move has its card
        if not look.plans:
            return worth
        after = card_of(rank(card) + 1, card.suit) if rank(card) < KING and card.suit is not None else None
        if card.bit & look.their_demons:
            worth += plan.contested_demon
        elif card.bit & look.their_tops:
            worth += plan.contested
        elif after is not None and after.bit & look.their_demons:
            worth -= plan.opens_demon
        demon = own.demon_top
        if demon is not None and not look.demon_free and source is not Source.DEMON:
            if demon == after:
                worth += plan.frees_demon + plan.demon_to_foundation
            elif exposed is not None and source.work is not None and builds_on(demon, exposed):
                worth += plan.frees_demon
        if exposed is not None and (exposed.bit & look.playable or exposed == after):
            worth += plan.exposes
        return worth

    def _waste_to_work(self, look: _Look) -> float:
        own, plan = look.view.own, self.plan
        worth = WASTE_TO_WORK
        if not look.plans:
            return worth
        card = own.waste[-1]
        demon = own.demon_top
        if demon is not None and not look.demon_free and builds_on(demon, card):
            worth += plan.frees_demon
        if len(own.waste) > 1:
            exposed = own.waste[-2]
            if exposed.bit & look.playable or builds_on(exposed, card):
                worth += plan.exposes
        return worth

    @staticmethod
    def _run(look: _Look, source: Source, onto: int) -> float:
        """A run between work piles: merging a whole pile (the demon refills it), or uncovering a
        card for a foundation; never anything else."""
        own = look.view.own
        pile, target = own.work[(source.work or 1) - 1], own.work_top(onto)
        count = None if target is None else run_onto(pile, target)
        if count is None:
            return NEVER
        if count == len(pile):
            return MERGE
        # (a run never uncovers a place for the demon's card that its target did not offer already)
        return UNCOVER_FOR_FOUNDATION if pile[-count - 1] in look.wanted else NEVER


class _Look:
    """What one look works out once for all the moves it weighs (the rest only for a planner).
    Sets of cards are ints of `Card.bit`s."""

    __slots__ = ("demon_free", "plans", "playable", "their_demons", "their_tops", "view", "wanted")

    def __init__(self, view: DemonView, plans: bool) -> None:
        self.view = view
        self.wanted = view.wanted
        self.plans = plans
        if not plans:
            return
        own = view.own
        wanted = 0
        for card in view.wanted:
            wanted |= card.bit
        self.playable = wanted | taking(pile[-1] for pile in own.work if pile)  # to a foundation or a work pile
        demon = own.demon_top
        self.demon_free = demon is not None and bool(demon.bit & self.playable)
        self.their_demons = self.their_tops = 0
        for other in view.others:
            if other.demon_top is not None:
                self.their_demons |= other.demon_top.bit
            for top in (other.waste_top, *other.work_tops):
                if top is not None:
                    self.their_tops |= top.bit


LEVELS: dict[str, Level[Move, DemonView]] = {
    "easy": Level("easy", ReactionTime(median=2.6, sigma=0.45, floor=0.6), DemonPolicy(notice=0.6, careless=True)),
    "normal": Level("normal", ReactionTime(median=1.6, sigma=0.35, floor=0.4), DemonPolicy(notice=0.85)),
    "hard": Level("hard", ReactionTime(median=0.9, sigma=0.3, floor=0.25), DemonPolicy(plan=PLANS)),
}
