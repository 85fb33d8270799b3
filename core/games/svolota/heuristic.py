"""Svolota's heuristic player: the quick judgement the easy and normal levels play by, and the
searching player's taste between moves that come out equal (core/games/svolota/search.py).

Beat with the cheapest legal play (fewest extra cards, the lowest rank that does it, without
breaking up a set for nothing); lead low cards, sets first; keep jokers for when there is nothing
else to do or the end is near; lead an Ace to turn the pile down when the hand is mostly low cards.
`slip` is how often it makes a random legal move instead; `endgame` adds care at the end (shed sets,
block a player close to going out).
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass

from core.cards import ACE
from core.games.svolota.moves import JOKER_MOVE, PASS, Move, Play
from core.games.svolota.view import SvolotaView

LOW = 7  # ranks up to this are "low": good to lead, poor for beating when the pile goes up


@dataclass(frozen=True, slots=True)
class HeuristicPolicy:
    slip: float = 0.0  # chance of a random legal move instead
    endgame: bool = False  # shed sets and block a player close to going out

    def choose(self, view: SvolotaView, legal: list[Move], rng: random.Random) -> Move | None:
        if not legal:
            return None
        if self.slip and rng.random() < self.slip:
            return rng.choice(legal)
        plays = [m for m in legal if isinstance(m, Play)]
        if view.last_play is None:
            return self._lead(view, plays, legal)
        if not plays:
            return self._stuck(view, legal)
        best = min(plays, key=lambda p: self._beat_cost(view, p))
        if PASS in legal and self._beat_cost(view, best) > 20 and len(view.hand) > 3:
            return PASS  # free_pass: keep the strong cards
        return best

    def _lead(self, view: SvolotaView, plays: list[Play], legal: list[Move]) -> Move:
        if not plays:
            return JOKER_MOVE
        counts = Counter(c.rank for c in view.hand if not c.joker)
        low = sum(1 for c in view.hand if not c.joker and c.rank <= LOW)
        aces = [p for p in plays if p.rank == ACE]
        if aces and low * 2 > len(view.hand) and not self._threat(view):
            return max(aces, key=lambda p: len(p.cards))

        def cost(p: Play) -> tuple[int, int]:
            whole = len(p.cards) == counts[p.rank]  # lead a whole set, not part of one
            size_bonus = len(p.cards) * (3 if self.endgame and view.cards_to_draw == 0 else 1)
            return (p.rank - size_bonus - (2 if whole else 0), -len(p.cards))

        return min(plays, key=cost)

    def _beat_cost(self, view: SvolotaView, p: Play) -> int:
        assert view.last_play is not None
        needed = len(view.last_play)
        strength = p.rank if view.up else 16 - p.rank
        held = sum(1 for c in view.hand if c.rank == p.rank)
        broken = held - len(p.cards)  # cards of the rank left behind as a smaller set
        extra = len(p.cards) - needed
        shedding = self.endgame and view.cards_to_draw == 0
        return strength + 3 * broken * (held > 1) + (-2 if shedding else 4) * extra

    def _stuck(self, view: SvolotaView, legal: list[Move]) -> Move:
        has_joker = JOKER_MOVE in legal
        if not has_joker:
            return PASS
        if PASS not in legal:
            return JOKER_MOVE
        near_end = view.cards_to_draw == 0 and len(view.hand) <= 3
        if near_end or (self.endgame and self._threat(view) and not self._next_threatens(view)):
            return JOKER_MOVE
        return PASS

    def _threat(self, view: SvolotaView) -> bool:
        """Someone else could go out soon."""
        return view.cards_to_draw == 0 and any(n <= 2 for s, n in enumerate(view.hand_sizes) if s != view.seat)

    def _next_threatens(self, view: SvolotaView) -> bool:
        nxt = (view.seat + 1) % len(view.hand_sizes)
        return view.cards_to_draw == 0 and view.hand_sizes[nxt] <= 2
