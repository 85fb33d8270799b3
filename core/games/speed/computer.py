"""Computer players for Speed: one policy, tuned by weights, and three levels.

A decision looks only at the view (both layouts are public) and the legal moves:
1. a play, the best by its score: uncovering a face-down card (so a flip follows), emptying a
   stack, leaving a top that another of its own face-up cards can follow, and not leaving a top
   that the opponent's face-up cards fit (less what it takes away from them); an easy player
   weighs nothing and takes any play;
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
    gift: float = 0.0  # per opponent face-up card that the new top lets in (net of those it shuts out)


@dataclass(frozen=True, slots=True)
class SpeedPolicy:
    weights: Weights
    fills: bool = True  # knows that filling pays in a points match

    def choose(self, view: SpeedView, legal: list[Move], rng: random.Random) -> Move | None:
        if not legal or view.over:
            return None
        plays = [m for m in legal if isinstance(m, Play)]
        if plays:
            return max(plays, key=lambda m: self.score(view, m) + rng.random() * 1e-3)
        flips = [m for m in legal if isinstance(m, Flip)]
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
            let_in = _fitting(view.theirs, play.pile, card, view.colours)
            shut_out = _fitting(view.theirs, play.pile, old, view.colours)
            score -= w.gift * (let_in - shut_out)
        return score


def _fitting(layout: LayoutView, pile: int, top: Card, colours: bool, skip: int = 0) -> int:
    """How many of `layout`'s face-up tops (but stack `skip`) fit on pile `pile` with top `top`."""
    return sum(
        1 for i, s in enumerate(layout.stacks, 1) if i != skip and s.up is not None and fits(s.up, pile, top, colours)
    )


def _fill_pays(view: SpeedView) -> bool:
    return view.target > 0 and view.recycles == 0 and view.mine.reserve > 0


EASY: Final[Level[Move, SpeedView]] = Level(
    "easy", ReactionTime(median=2.4, sigma=0.4, floor=0.6), SpeedPolicy(Weights(), fills=False)
)
NORMAL: Final[Level[Move, SpeedView]] = Level(
    "normal", ReactionTime(median=1.6, sigma=0.35, floor=0.4), SpeedPolicy(Weights(unlock=3.0, empties=1.0))
)
HARD: Final[Level[Move, SpeedView]] = Level(
    "hard",
    ReactionTime(median=1.0, sigma=0.3, floor=0.3),
    SpeedPolicy(Weights(unlock=3.0, empties=1.0, chain=1.5, gift=1.0)),
)
LEVELS: Final[dict[str, Level[Move, SpeedView]]] = {"easy": EASY, "normal": NORMAL, "hard": HARD}
