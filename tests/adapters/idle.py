"""Waiting until a bot in the test's event loop has nothing left to do, on events rather than on a
quiet spell: a quiet spell also comes while the bot is still busy on a loaded machine, and is
time wasted on an idle one.

A bot is idle when, at one moment, everything people sent has reached it, every handler has
finished, no deadline is being fired or table redrawn by the scheduler, and its notifier has drawn
every queued screen. Each part has something to wait on; `until_idle` waits on them in turn and
checks them all together right after the last wait (one event loop: nothing runs in between), and
goes round again when something started meanwhile. The bot's own classes are not changed for it:
the hooks are set on the instances a test built (`InFlight.watch`).
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable, Sequence
from typing import Any


class InFlight:
    """Counts the calls of some coroutine methods of an object that are under way: `watch` wraps
    them on the instance (the scheduler and the test call them through it)."""

    def __init__(self) -> None:
        self.count = 0
        self._none = asyncio.Event()
        self._none.set()

    def watch(self, target: Any, *names: str) -> None:
        for name in names:
            setattr(target, name, self._counted(getattr(target, name)))

    def _counted(self, method: Callable[..., Awaitable[Any]]) -> Callable[..., Awaitable[Any]]:
        async def counted(*args: Any, **kwargs: Any) -> Any:
            self.count += 1
            self._none.clear()
            try:
                return await method(*args, **kwargs)
            finally:
                self.count -= 1
                if not self.count:
                    self._none.set()

        return counted

    async def none(self) -> None:
        """Wait until no watched call is under way."""
        await self._none.wait()


def scheduled(service: Any) -> InFlight:
    """The calls under way of everything a bot's scheduler runs (bot/scheduler.py): its redraws on
    start, deadlines, seasons' announcements and tournaments (a tournament saved finished is drawn in
    the same tick)."""
    work = InFlight()
    work.watch(service.drawing, "restore")
    work.watch(service.firing, "tick")
    work.watch(service.community, "announce_seasons")
    if service.tournaments is not None:
        work.watch(service.tournaments, "tick", "restore")
    return work


async def until_idle(
    waits: Sequence[Callable[[], Awaitable[object]]], idle: Callable[[], bool], timeout: float, what: str
) -> None:
    """Await each of `waits` in turn until, right after the last, `idle()` holds; the last wait
    must leave its own part idle when it returns (a notifier's `idle()` does)."""
    try:
        async with asyncio.timeout(timeout):
            while True:
                for wait in waits:
                    await wait()
                if idle():
                    return
    except TimeoutError:
        raise TimeoutError(f"{what} did not become idle within {timeout} s") from None
