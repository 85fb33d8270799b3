"""War's computers: there is only one move, so the levels differ in how long they take to make it."""

from __future__ import annotations

from core.computer import Level, RandomPolicy, ReactionTime

MEDIANS = {"easy": 2.0, "normal": 1.2, "hard": 0.8}  # seconds to flip
LEVELS: dict[str, Level[str, object]] = {
    name: Level(name, ReactionTime(median), RandomPolicy()) for name, median in MEDIANS.items()
}
