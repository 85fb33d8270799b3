"""How long a writer waits before drawing again after a network failure (a timeout, a broken
connection, a 5xx: the platform is down or unreachable): from a second, doubling up to CAP, with
jitter so that a thousand boards do not all knock in the same instant; never given up, since the
newest screen of each place is kept and a board must catch up once the platform is back.

The wait is measured on the service's clock (real time in production; a test moves it by hand)
and cut short as soon as any write gets through (`back`): one answer from the platform is news for
every writer waiting.
"""

from __future__ import annotations

import asyncio
import random
from typing import Final

from bot.clock import Clock

FIRST: Final = 1.0  # seconds before the first retry
CAP: Final = 10.0  # seconds between retries at most: a board is drawn at most this long after the platform is back
LOOK: Final = 1.0  # real seconds between two looks at the clock while waiting (a test's clock jumps)


class Backoff:
    def __init__(self, clock: Clock, rng: random.Random | None = None) -> None:
        self.clock = clock
        self._rng = rng or random.Random()
        self._back = asyncio.Event()
        self._waiting = 0

    def delay(self, failures: int) -> float:
        """Seconds to wait after this many network failures in a row: half to all of the doubled
        pause, at most CAP."""
        return min(CAP, FIRST * 2.0 ** (failures - 1)) * self._rng.uniform(0.5, 1.0)

    async def wait(self, seconds: float) -> bool:
        """Wait `seconds` on the clock, or until a write gets through; whether that cut it short."""
        back = self._back
        due = self.clock.now() + seconds
        self._waiting += 1
        try:
            while (left := due - self.clock.now()) > 0:
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
