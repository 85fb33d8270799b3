"""How fast the bot writes into one chat: a collaborator the platform supplies.

Telegram allows about 20 messages a minute in a group and about one a second in a private chat
(edits count): its writes go through a token bucket per chat (`Pacer`). A bucket of `burst` tokens
refilled at `(limit - burst) / period` lets a few messages go at once (a lobby filling up) and
spreads the rest, so that no `period` ever holds more than `limit` writes. Discord's writes go
through discord.py's own rate-limit buckets (`UNPACED` here). A writer waits for its chat's turn
before it takes the newest screen to draw, so whatever arrived while it waited is coalesced into
one write (writers.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, Protocol


class Pace(Protocol):
    async def take(self, chat: str) -> None:
        """Wait for this chat's next write, and count it."""
        ...

    def interval(self, chat: str) -> float:
        """Seconds between two writes to the chat at the steady pace (0: as fast as it goes)."""
        ...


class Unpaced:
    """The platform's library paces the writes itself."""

    async def take(self, chat: str) -> None:
        pass

    def interval(self, chat: str) -> float:
        return 0.0


UNPACED: Final = Unpaced()


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class Pacer:
    """A token bucket per chat."""

    def __init__(self, limit: float, period: float, burst: int = 1, now: Callable[[], float] = time.monotonic) -> None:
        if not 1 <= burst <= limit:
            raise ValueError("the burst is at least 1 and at most the limit")
        self.burst = burst
        self.rate = (limit - burst) / period if limit > burst else limit / period
        self._now = now
        self._buckets: dict[str, _Bucket] = {}

    def interval(self, chat: str = "") -> float:
        return 1 / self.rate

    def delay(self, chat: str) -> float:
        """Seconds until this chat may be written to (0: now)."""
        bucket = self._fill(chat)
        return 0.0 if bucket.tokens >= 1 else (1 - bucket.tokens) / self.rate

    async def take(self, chat: str) -> None:
        while (wait := self.delay(chat)) > 0:
            await asyncio.sleep(wait)
        self._buckets[chat].tokens -= 1

    def _fill(self, chat: str) -> _Bucket:
        now = self._now()
        bucket = self._buckets.setdefault(chat, _Bucket(float(self.burst), now))
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        return bucket
