"""Drawing tables: a table's screens for its chat, the panels of a few seats between a real-time
game's windows, the private word to a person removed from a table, and every open table again on
start. Screens go out through the notifier port (bot/notifier.py); each person's own screens in
the look they chose (bot/looks.py)."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Protocol

from bot.chats import Chats
from bot.clock import Clock
from bot.i18n import translator
from bot.looks import Looks
from bot.notifier import Notifier
from bot.observers import Observer
from bot.people import PersonRef
from bot.settings import ServiceConfig
from bot.tables import Table
from bot.ui.community import removed_screen
from bot.ui.render import panel_screens, table_screens

log = logging.getLogger(__name__)
RECENTLY_CLOSED = 120.0  # seconds: a closing screen waits at most a minute or two for the chat's pace


class DrawnTables(Protocol):
    """The tables to draw again on start."""

    async def all_open(self, platform: str | None = None) -> list[Table]: ...

    async def recently_closed(self, window: float, platform: str | None = None) -> list[Table]: ...


class Drawing:
    def __init__(
        self,
        store: DrawnTables,
        notifier: Notifier,
        chats: Chats,
        looks: Looks,
        clock: Clock,
        config: ServiceConfig,
        platform: str | None,
        observer: Observer,
    ) -> None:
        self._store = store
        self._notifier = notifier
        self._chats = chats
        self._looks = looks
        self._clock = clock
        self._config = config
        self._platform = platform
        self._observer = observer

    async def redraw(self, table: Table) -> None:
        settings = await self._chats.settings(table.chat)
        live = self._config.live_table
        screens = table_screens(table, settings.lang, self._clock.now(), settings.look, live, settings.ranks)
        await self._notifier.show(table.chat, await self._looks.applied(screens))

    async def redraw_panels(self, table: Table, seats: list[int]) -> None:
        """The private panels of these seats' people, between a real-time game's windows (the
        notifier keeps each private chat's pace): their text at once, their pictures at the
        window's end, with the board (`picture_stays`)."""
        settings = await self._chats.settings(table.chat)
        live = self._config.live_table
        screens = [
            replace(screen, picture_stays=True)
            for seat in dict.fromkeys(seats)
            if table.seats[seat].person is not None
            for screen in panel_screens(
                table, seat, table.seats[seat].lang or settings.lang, settings.look, live, settings.ranks
            )
        ]
        if screens:
            await self._notifier.show(table.chat, await self._looks.applied(screens))

    async def tell_removed(self, table: Table, person: PersonRef, lang: str | None) -> None:
        """The person removed from `table` is told in private (their panel, where the platform has one)."""
        own = await self._chats.person_lang(person)
        t = translator(own or lang or (await self._chats.settings(table.chat)).lang)
        await self._notifier.show(table.chat, [removed_screen(table, person, t)])

    async def restore(self) -> None:
        """On start: redraw every open table (deadlines are in the store and fire on the next
        tick), and the tables that closed just before the stop, whose end may not have been drawn
        (a process killed between saving and drawing); drawing a screen again changes nothing.
        One table that cannot be drawn is logged and skipped; presses are served in between."""
        for table in [
            *await self._store.all_open(self._platform),
            *await self._store.recently_closed(RECENTLY_CLOSED, self._platform),
        ]:
            try:
                await self.redraw(table)
            except Exception as e:
                log.error("could not redraw table %s on start: %r", table.id, e)
            await asyncio.sleep(0)
        self._observer.restored()
