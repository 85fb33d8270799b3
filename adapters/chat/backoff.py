"""Waiting after network failures (a timeout, a broken connection, a 5xx: the platform is down or
unreachable), everywhere the same way: `Pauses`, from a second, doubling up to a cap, each jittered
(half of it fixed, the other half random) so that a thousand boards, or bots restarted together,
do not all knock in the same instant.

A writer's `Backoff` (writers.py) waits those pauses up to CAP, never giving up, since the newest
screen of each place is kept and a board must catch up once the platform is back; a bot's first
connection (connection.py) waits them up to a minute.

The wait ends when it has passed on the service's clock or in real time, whichever comes first
(the same in production; a test's clock that it moves by hand hurries it, one that stands still
leaves it to real time), and is cut short as soon as any write gets through (`back`): one answer
from the platform is news for every writer waiting.
"""

from __future__ import annotations

import asyncio
import random
from dataclasses import dataclass, field
from typing import Final

from bot.clock import Clock

FIRST: Final = 1.0  # seconds before the first retry
CAP: Final = 10.0  # seconds between retries at most: a board is drawn at most this long after the platform is back
LOOK: Final = 1.0  # real seconds between two looks at the clock while waiting (a test's clock jumps)


@dataclass
class Pauses:
    """Seconds to wait after the n-th failure in a row: `first`, doubled after each, at most `cap`;
    half to all of that."""

    first: float = FIRST
    cap: float = CAP
    rng: random.Random = field(default_factory=random.Random)

    def after(self, failures: int) -> float:
        return min(self.cap, self.first * 2.0 ** max(0, failures - 1)) * self.rng.uniform(0.5, 1.0)


class Backoff:
    def __init__(self, clock: Clock, pauses: Pauses | None = None) -> None:
        self.clock = clock
        self.pauses = pauses or Pauses()
        self._back = asyncio.Event()
        self._waiting = 0

    def delay(self, failures: int) -> float:
        """Seconds to wait after this many network failures in a row (`Pauses`, at most CAP)."""
        return self.pauses.after(failures)

    async def wait(self, seconds: float) -> bool:
        """Wait `seconds` (on the clock or in real time), or until a write gets through; whether
        that cut it short."""
        back, loop = self._back, asyncio.get_running_loop()
        due, real_due = self.clock.now() + seconds, loop.time() + seconds
        self._waiting += 1
        try:
            while (left := min(due - self.clock.now(), real_due - loop.time())) > 0:
                try:
                    await asyncio.wait_for(back.wait(), min(left, LOOK))
                    return True
                except TimeoutError:
                    continue
            return False
        finally:
            self._waiting -= 1

    def back(self) -> None:
        """A write got through: the writers waiting go again now."""
        if self._waiting:
            self._back.set()
            self._back = asyncio.Event()
