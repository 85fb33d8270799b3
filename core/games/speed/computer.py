"""Computer players for Speed: one policy, tuned by weights, and three levels.

What each level sees, how fast it reacts, and what it plans (both layouts are public):

- easy: reacts in about 2.6 s; turns a face-down card over as soon as it has one, before looking
  for a play (so a pile it could have played on is often gone by then), and makes any play it
  sees, without weighing them; never fills.
- normal: reacts in about 1.6 s; plays first, then flips; prefers a play that uncovers a
  face-down card (a flip follows), then one that empties a stack.
- hard: reacts in about 1.0 s; plays first, then flips, and weighs each play: uncovering a
  face-down card, leaving a top that another of its own face-up cards can follow, taking a pile
  the opponent could play on now, and not leaving a top that lets the opponent in.

A decision looks only at the view and the legal moves:
1. a play, the best by its score (unless the level flips first: then a flip, if any, comes first);
2. else a flip (flipping always comes before filling);
3. else `new` when stalled;
4. else, in a points match only, a fill of an empty stack while it pays: each card filled is a
   card the opponent will not score from the reserve. Never after the centre has been recycled in
   this deal (the deal must still end), and never over a face-down card;
5. else nothing (None): look again later.
A decision is a few hundred operations: far under a millisecond.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Final

from core.cards import Card
from core.computer import Level, ReactionTime
from core.games.speed.moves import Fill, Flip, Move, New, Play
from core.games.speed.rules import fits
from core.games.speed.view import LayoutView, SpeedView


@dataclass(frozen=True, slots=True)
class Weights:
    """How much a play's consequences count; all zero is a player who takes any play it sees."""

    unlock: float = 0.0  # the play uncovers a face-down card
    empties: float = 0.0  # the play empties a stack
    chain: float = 0.0  # per own face-up card that fits the new top
    gift: float = 0.0  # per opponent face-up card that the new top lets in
    shut: float = 0.0  # per opponent face-up card that fitted the covered top (a pile taken from them)


@dataclass(frozen=True, slots=True)
class SpeedPolicy:
    weights: Weights
    fills: bool = True  # knows that filling pays in a points match
    flips_first: bool = False  # turns a face-down card over before looking for a play

    def choose(self, view: SpeedView, legal: list[Move], rng: random.Random) -> Move | None:
        if not legal or view.over:
            return None
        flips = [m for m in legal if isinstance(m, Flip)]
        if flips and self.flips_first:
            return flips[0]
        plays = [m for m in legal if isinstance(m, Play)]
        if plays:
            return max(plays, key=lambda m: self.score(view, m) + rng.random() * 1e-3)
        if flips:
            return flips[0]
        news = [m for m in legal if isinstance(m, New)]
        if news:
            return news[0]
        if self.fills and _fill_pays(view):
            fills = [m for m in legal if isinstance(m, Fill) and view.mine.stacks[m.stack - 1].cards == 0]
            if fills:
                return fills[0]
        return None

    def score(self, view: SpeedView, play: Play) -> float:
        w = self.weights
        stack = view.mine.stacks[play.stack - 1]
        card = stack.up
        assert card is not None  # a legal play has a face-up card
        old = view.piles[play.pile - 1].top
        score = w.unlock * (stack.down > 0) + w.empties * (stack.down == 0)
        if w.chain:
            score += w.chain * _fitting(view.mine, play.pile, card, view.colours, skip=play.stack)
        if w.gift:
            score -= w.gift * _fitting(view.theirs, play.pile, card, view.colours)
        if w.shut:
            score += w.shut * _fitting(view.theirs, play.pile, old, view.colours)
        return score


def _fitting(layout: LayoutView, pile: int, top: Card, colours: bool, skip: int = 0) -> int:
    """How many of `layout`'s face-up tops (but stack `skip`) fit on pile `pile` with top `top`."""
    return sum(
        1 for i, s in enumerate(layout.stacks, 1) if i != skip and s.up is not None and fits(s.up, pile, top, colours)
    )


def _fill_pays(view: SpeedView) -> bool:
    return view.target > 0 and view.recycles == 0 and view.mine.reserve > 0


HARD_WEIGHTS: Final = Weights(unlock=3.0, empties=1.0, chain=1.5, gift=1.0, shut=1.0)
EASY: Final[Level[Move, SpeedView]] = Level(
    "easy", ReactionTime(median=2.6, sigma=0.4, floor=0.6), SpeedPolicy(Weights(), fills=False, flips_first=True)
)
NORMAL: Final[Level[Move, SpeedView]] = Level(
    "normal", ReactionTime(median=1.6, sigma=0.35, floor=0.4), SpeedPolicy(Weights(unlock=3.0, empties=1.0))
)
HARD: Final[Level[Move, SpeedView]] = Level(
    "hard",
    ReactionTime(median=1.0, sigma=0.3, floor=0.3),
    SpeedPolicy(HARD_WEIGHTS),
)
LEVELS: Final[dict[str, Level[Move, SpeedView]]] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
