"""Drawing tables (mixed into the Service, which provides the store, the notifier, the settings
and the clock): a table's screens for its chat, the panels of a few seats between a real-time
game's windows, and every open table again on start."""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace

from bot.clock import Clock
from bot.looks import Looks
from bot.notifier import Notifier
from bot.people import ChatRef
from bot.screens.render import panel_screens, table_screens
from bot.settings import ChatSettings, ServiceConfig
from bot.store import Store
from bot.tables import Table

log = logging.getLogger("bot.service")
RECENTLY_CLOSED = 120.0  # seconds: a closing screen waits at most a minute or two for the chat's pace


class Drawing:
    store: Store
    notifier: Notifier
    clock: Clock
    config: ServiceConfig
    platform: str | None
    looks: Looks

    # provided by the Service
    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        raise NotImplementedError

    async def redraw(self, table: Table) -> None:
        settings = await self.chat_settings(table.chat)
        screens = table_screens(table, settings.lang, self.clock.now(), settings.look, live=self.config.live_table)
        await self.notifier.show(table.chat, await self.looks.applied(screens))

    async def redraw_panels(self, table: Table, seats: list[int]) -> None:
        """The private panels of these seats' people, between a real-time game's windows (the
        notifier keeps each private chat's pace): their text at once, their pictures at the
        window's end, with the board (`picture_stays`)."""
        settings = await self.chat_settings(table.chat)
        screens = [
            replace(screen, picture_stays=True)
            for seat in dict.fromkeys(seats)
            if table.seats[seat].person is not None
            for screen in panel_screens(
                table, seat, table.seats[seat].lang or settings.lang, settings.look, live=self.config.live_table
            )
        ]
        if screens:
            await self.notifier.show(table.chat, await self.looks.applied(screens))

    async def restore(self) -> None:
        """On start: redraw every open table (deadlines are in the store and fire on the next
        tick), and the tables that closed just before the stop, whose end may not have been drawn
        (a process killed between saving and drawing); drawing a screen again changes nothing.
        One table that cannot be drawn is logged and skipped; presses are served in between."""
        for table in [
            *await self.store.all_open(self.platform),
            *await self.store.recently_closed(RECENTLY_CLOSED, self.platform),
        ]:
            try:
                await self.redraw(table)
            except Exception as e:
                log.error("could not redraw table %s on start: %r", table.id, e)
            await asyncio.sleep(0)
