"""How fast the bot writes into one chat: a token bucket per chat.

Telegram allows about 20 messages a minute in a group and about one a second in a private chat
(edits count). A bucket of `burst` tokens refilled at `(limit - burst) / period` lets a few
messages go at once (a lobby filling up) and spreads the rest, so that no `period` ever holds
more than `limit` writes. A writer waits for its token before it takes the newest screen to draw,
so whatever arrived while it waited is coalesced into one write (notifier.py).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass(slots=True)
class _Bucket:
    tokens: float
    at: float


class Pacer:
    def __init__(self, limit: float, period: float, burst: int = 1, now: Callable[[], float] = time.monotonic) -> None:
        if not 1 <= burst <= limit:
            raise ValueError("the burst is at least 1 and at most the limit")
        self.burst = burst
        self.rate = (limit - burst) / period if limit > burst else limit / period
        self._now = now
        self._buckets: dict[str, _Bucket] = {}

    @property
    def interval(self) -> float:
        """Seconds between two writes to one chat at the steady pace."""
        return 1 / self.rate

    def delay(self, chat_id: str) -> float:
        """Seconds until this chat may be written to (0: now)."""
        bucket = self._fill(chat_id)
        return 0.0 if bucket.tokens >= 1 else (1 - bucket.tokens) / self.rate

    async def take(self, chat_id: str) -> None:
        """Wait for this chat's next write, and count it."""
        while (wait := self.delay(chat_id)) > 0:
            await asyncio.sleep(wait)
        self._buckets[chat_id].tokens -= 1

    def _fill(self, chat_id: str) -> _Bucket:
        now = self._now()
        bucket = self._buckets.setdefault(chat_id, _Bucket(float(self.burst), now))
        bucket.tokens = min(float(self.burst), bucket.tokens + (now - bucket.at) * self.rate)
        bucket.at = now
        return bucket
