"""What runs beside a chat bot's connection to its platform, the same on every platform.

The scheduler first redraws every open table (`Service.restore`: their messages are edited, their
buttons rebuilt; so is every table that closed just before the last stop: its end may not have been
drawn), then fires their deadlines: every deadline is in the database, so a restarted bot goes on
where it stopped. People's updates are taken from the start, not after the redraws. The live table
(adapters/web), when served, starts with the bot. The card pictures' worker process starts
meanwhile and loads its fonts and cards, so that the first picture is not half a second late (a
failure there costs nothing: each picture is drawn, or sent as text, when it is needed).

Quick match's matcher (bot/match_ticks.py) ticks beside the scheduler from the start.

On stop: the matcher and the timers first, then what the notifier has queued is drawn (for a few seconds at most),
then the live table stops.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Protocol

from adapters.pictures.screens import warm_up

log = logging.getLogger(__name__)


class Timers(Protocol):
    async def restore_and_run(self) -> None: ...


class Closing(Protocol):
    async def close(self, timeout: float = 5.0) -> None: ...


class Served(Protocol):
    async def start(self) -> None: ...

    async def stop(self) -> None: ...


class Running(Protocol):
    async def run(self) -> None: ...


class Companions:
    def __init__(
        self, timers: Timers, notifier: Closing, web: Served | None = None, matcher: Running | None = None
    ) -> None:
        self.timers = timers
        self.notifier = notifier
        self.web = web  # the live table, when served
        self.matcher = matcher  # quick match's periodic matcher (bot/match_ticks.py), started with the timers
        self._web_running = False
        self._timers: asyncio.Task[None] | None = None
        self._matcher: asyncio.Task[None] | None = None
        self._warming: asyncio.Task[None] | None = None

    async def start(self) -> None:
        if self.web is not None and not self._web_running:
            await self.web.start()
            self._web_running = True
        self._warming = asyncio.create_task(self._warm_up())
        self._timers = asyncio.create_task(self.timers.restore_and_run())
        if self.matcher is not None:
            self._matcher = asyncio.create_task(self.matcher.run())

    async def stop(self) -> None:
        if self._warming is not None:
            self._warming.cancel()  # the worker finishes on its own; nothing waits for it
            self._warming = None
        if self._matcher is not None:
            self._matcher.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._matcher
            self._matcher = None
        if self._timers is not None:
            self._timers.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._timers
            self._timers = None
        await self.notifier.close()
        if self.web is not None and self._web_running:
            self._web_running = False
            await self.web.stop()

    @staticmethod
    async def _warm_up() -> None:
        try:
            await warm_up()
        except Exception:
            log.exception("could not load the card pictures ahead")
