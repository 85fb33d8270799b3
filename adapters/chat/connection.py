"""The first connection to a chat platform, the same on every platform: tried until it succeeds.

A container that starts before its network, a DNS blip at boot, a Bot API server restarted at the
same moment: none of these is a reason to exit. `Connection.establish` tries again after capped,
jittered pauses (backoff.py: 1 s, 2 s, 4 s … at most a minute), logging one line per failed
attempt, without a traceback. Only an error retrying cannot fix (the platform
refuses the token) ends it, as `Unfixable`, whose text says what to do; the caller exits with it.

Meanwhile what needs no platform runs already (the live table, /healthz, the deadlines:
adapters/chat/companions.py), and `status()` tells /healthz (adapters/health.py) since when the
platform is unreachable.

Why not the libraries' own loops: python-telegram-bot's bootstrap retry loop pauses not at all
after a timeout, logs each attempt at DEBUG and its last with a traceback, and has no jitter;
discord.py retries its gateway (it does that well, and keeps doing it once connected) but not its
login over REST.
"""

from __future__ import annotations

import asyncio
import datetime as dt
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, Final, TypeVar

from adapters.chat.backoff import Pauses

log = logging.getLogger(__name__)

T = TypeVar("T")
MOST: Final = 60.0  # seconds between two attempts at most


class Unfixable(Exception):
    """The platform refused what retrying cannot change (an invalid token): the process stops,
    with this text, one line saying what to do."""


def describe(error: BaseException) -> str:
    """An error in a few words, for a log line and /healthz: its type and its text, never a traceback."""
    text = str(error).strip().splitlines()
    return f"{type(error).__name__}: {text[0]}" if text and text[0] else type(error).__name__


class Connection:
    """Whether a platform is reachable: down from the start until `establish` succeeds."""

    def __init__(
        self,
        platform: str,
        pauses: Pauses | None = None,
        sleep: Callable[[float], Awaitable[Any]] = asyncio.sleep,
        now: Callable[[], float] = time.time,
    ) -> None:
        """`now`: wall-clock seconds, for "unreachable since" (an operator reads it)."""
        self.platform = platform
        self.pauses = pauses or Pauses(cap=MOST)
        self.sleep = sleep
        self.now = now
        self.down_since: float | None = now()
        self.attempts = 0
        self.error = "not connected yet"

    @property
    def up(self) -> bool:
        return self.down_since is None

    async def establish(self, connect: Callable[[], Awaitable[T]], unfixable: Callable[[Exception], str | None]) -> T:
        """`connect()` until it succeeds; its result. `unfixable(error)`: what to do, for an error
        retrying cannot fix (raised as `Unfixable`), else None (tried again after a pause)."""
        failures = 0
        while True:
            self.attempts += 1
            try:
                result = await connect()
            except Exception as e:
                advice = unfixable(e)
                if advice is not None:
                    raise Unfixable(advice) from e
                failures += 1
                self.error = describe(e)
                pause = self.pauses.after(failures)
                log.warning(
                    "%s unreachable (attempt %d): %s; trying again in %.1f s",
                    self.platform,
                    self.attempts,
                    self.error,
                    pause,
                )
                await self.sleep(pause)
            else:
                if failures:
                    log.info("%s reached after %d attempts", self.platform, self.attempts)
                self.down_since = None
                self.error = ""
                return result

    def status(self) -> dict[str, Any]:
        """For /healthz: `{"ok": true}`, or since when (UTC, ISO 8601) and why it is unreachable."""
        if self.down_since is None:
            return {"ok": True}
        since = dt.datetime.fromtimestamp(self.down_since, dt.UTC).isoformat(timespec="seconds")
        return {"ok": False, "status": f"unreachable since {since}", "attempts": self.attempts, "error": self.error}
