"""A virtual clock for real-time games between computer players (Speed, Racing Demon).

Each player looks at the position, decides at once, and their move arrives after a reaction time
sampled from their level. Moves are applied in arrival order; a move made stale by an earlier
arrival is refused by the engine (IllegalMove / TooSlow) and that player looks again. No sleeping:
time is a number.
"""

from __future__ import annotations

import heapq
import random
from dataclasses import dataclass, field
from typing import Any

from core.computer import Level
from core.errors import IllegalMove
from core.game import Game

IDLE_LOOK = 0.5  # a player with nothing to do looks again this much later (virtual seconds)


@dataclass
class MatchResult:
    seconds: float
    moves: int
    refused: int
    stuck: bool
    scores: list[int] = field(default_factory=list)
    winner: int | None = None


def run_match(
    game: Game[Any, Any], levels: list[Level[Any, Any]], rng: random.Random, max_seconds: float = 3600.0
) -> MatchResult:
    """Play `game` to the end with one level per seat on a virtual clock."""
    arrivals: list[tuple[float, int, int, Any]] = []  # (time, tie-break, seat, move or None)
    order = 0
    moves = refused = 0
    now = 0.0

    def look(seat: int, at: float) -> None:
        nonlocal order
        level = levels[seat]
        move = level.policy.choose(game.view(seat), game.legal_moves(seat), rng)
        delay = level.reaction.sample(rng) if move is not None else IDLE_LOOK
        order += 1
        heapq.heappush(arrivals, (at + delay, order, seat, move))

    for seat in range(len(levels)):
        look(seat, 0.0)
    idle_since: float | None = None
    while arrivals and not game.over and now < max_seconds:
        now, _, seat, move = heapq.heappop(arrivals)
        if move is None:
            idle_since = now if idle_since is None else idle_since
            waiting = any(pending is not None for *_, pending in arrivals)  # a slow move still coming
            if now - idle_since > IDLE_LOOK * (len(levels) + 2) and not waiting:
                return MatchResult(now, moves, refused, True, game.seat_scores(), game.winner_seat)
        else:
            try:
                game.apply(seat, move)
                moves += 1
                idle_since = None
            except IllegalMove:
                refused += 1
        look(seat, now)
    return MatchResult(now, moves, refused, not game.over, game.seat_scores(), game.winner_seat)
