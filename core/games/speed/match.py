"""A Speed match: one deal, or (option `target`) deals until someone has `target` points.

After each deal of a points match each player scores the cards left in the opponent's reserve.
Someone at or over the target: the higher total wins; equal totals: another deal. After
`MAX_DEALS` deals the match ends whatever the totals (higher wins, equal is a draw).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

MAX_DEALS: Final = 20


@dataclass(slots=True)
class Match:
    deal: int = 1
    points: list[int] = field(default_factory=lambda: [0, 0])
    over: bool = False
    winner: int | None = None

    def end_single_deal(self, winner: int | None) -> None:
        """A single-deal game: the deal's result is the game's."""
        self.over, self.winner = True, winner

    def score_deal(self, gained: tuple[int, int], target: int) -> bool:
        """Add a finished deal's points; True if the match goes on with another deal."""
        self.points = [self.points[0] + gained[0], self.points[1] + gained[1]]
        high = max(self.points)
        leader = self.points.index(high) if self.points[0] != self.points[1] else None
        if (high >= target and leader is not None) or self.deal >= MAX_DEALS:
            self.over, self.winner = True, leader
            return False
        self.deal += 1
        return True

    def to_dict(self) -> dict[str, Any]:
        return {"deal": self.deal, "points": list(self.points), "over": self.over, "winner": self.winner}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Match:
        deal, points, over, winner = data["deal"], data["points"], data["over"], data["winner"]
        ints = [deal, *points]
        if any(isinstance(n, bool) or not isinstance(n, int) or n < 0 for n in ints) or len(points) != 2:
            raise ValueError(f"bad match record: {data!r}")
        if not 1 <= deal <= MAX_DEALS or not isinstance(over, bool) or winner not in (None, 0, 1):
            raise ValueError(f"bad match record: {data!r}")
        if winner is not None and not over:
            raise ValueError("a match has a winner only once it is over")
        return cls(deal, list(points), over, winner)
