"""The clock port: the service reads time only through it, so tests can move time by hand."""

from __future__ import annotations

import time
from typing import Protocol


class Clock(Protocol):
    def now(self) -> float:
        """Seconds since an arbitrary epoch (wall-clock for persisted deadlines)."""
        ...


class SystemClock:
    def now(self) -> float:
        return time.time()


class FakeClock:
    """Time that moves only when a test says so."""

    def __init__(self, start: float = 1_000_000.0) -> None:
        self._now = start

    def now(self) -> float:
        return self._now

    def advance(self, seconds: float) -> None:
        self._now += seconds
