"""A person's screens on Discord: their ephemeral panel (panels.py), drawn through the chat layer's
writers (one per panel, the newest screen winning, an unchanged one skipped) but never posted: an
ephemeral message can only be edited through the interaction that last touched it.

A panel is drawn only while its person has it open (they open it with "My cards" / "My panel"); a
note (a refused move) shows above it for a while; before its interaction runs out, its last edit
says so, keeping its buttons (a press on any of them opens it again); a playing person's panel
carries the link to their live table when one is served (`live`: signed for its person afresh at
each drawing; the channel's board has none, since anyone may press what is there). A panel that can
no longer be edited (dismissed, its interaction expired) is forgotten.

A panel whose game is over for its person (the table's public board comes without their panel: they
left, or were removed) shows the table's last public screen without buttons, and is closed; it can
still take one more final screen of its own while its interaction lasts: a person removed from a
game sees the board drawn without them first, then what the service tells them ("you were
removed"), whichever order the two come in.

What a panel's message shows is remembered by its message id (adapters/chat/shown.py), so that a
press on the panel, which edits the same message through a new interaction, keeps its picture, and
a redraw that does not change it uploads nothing.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from typing import Final

import discord
from cachetools import LRUCache

from adapters.chat.pictures import Pictures, shown_after
from adapters.chat.platform import Trouble, Troubles
from adapters.chat.posts import BOARD, NOT_A_TABLE, PANEL, Place, Post
from adapters.chat.shown import Shown, Shows
from adapters.chat.writers import Writers
from adapters.discord import texts
from adapters.discord.components import change_of, layout, live_of, refresh_button, text_of, view_of
from adapters.discord.identities import PLATFORM, name_of
from adapters.discord.panels import Panel, PanelKey, Panels
from bot.i18n import translator
from bot.people import PersonRef
from bot.ui.screen import Screen

log = logging.getLogger(__name__)

PANELS: Final = Place("")  # where panels are drawn: no channel's messages
NOTE_SECONDS: Final = 6.0  # a refused move's reason stays above the panel this long, across redraws
CLOSED_KEPT: Final = 1_000  # panels closed by a final screen, kept for a last one of their own
# The URL of a person's live table: (person, name, language, table) -> a link signed for them
LiveLink = Callable[[PersonRef, str, str, int], str | None]


class PanelScreens:
    def __init__(
        self,
        writers: Writers,
        pictures: Pictures,
        shown: Shown,
        stats: Counter[str],
        troubles: Troubles,
        panels: Panels,
        client: discord.Client,
    ) -> None:
        self.writers = writers
        self.pictures = pictures
        self.shown = shown
        self.stats = stats
        self.troubles = troubles
        self.panels = panels
        self.client = client
        self.live: LiveLink | None = None  # signs a panel's link to its live table (None: not served)
        self._farewells: dict[PanelKey, asyncio.Task[None]] = {}  # sleeping until each panel runs out
        self._leaving: dict[PanelKey, Panel] = {}  # panels whose next edit is their last
        self._closed: LRUCache[PanelKey, Panel] = LRUCache(CLOSED_KEPT)  # closed by a final screen

    def show(self, screens: list[Screen]) -> None:
        """Draw the batch's panel screens on the panels open; a table's board closes the panels of
        the people it has no panel screen for (the game is over for them)."""
        drawn = {(s.table_id, s.audience.user_id) for s in screens if s.audience and s.slot == PANEL}
        for screen in screens:
            if screen.audience is not None and screen.slot == PANEL:
                self.draw_panel(screen)
        for public in screens:
            if public.audience is not None or public.table_id == NOT_A_TABLE or public.slot != BOARD:
                continue
            for key in self.panels.of_table(public.table_id):
                if key not in drawn:
                    last = Screen(public.table_id, public.text, (), PersonRef(PLATFORM, key[1]), PANEL, final=True)
                    self._queue(replace(last, picture=public.picture, look=public.look))

    def opened(self, key: PanelKey, panel: Panel) -> None:
        """A panel was just opened or touched: draw it through this interaction from now on, and
        say so on it before the interaction runs out."""
        old = self._farewells.pop(key, None)
        if old is not None:
            old.cancel()
        self._leaving.pop(key, None)
        if panel.message_id is not None:  # drawn by the handler meanwhile: only its picture is known
            self.shown.touched(PANELS, panel.message_id)
        self._farewells[key] = asyncio.create_task(self._farewell(key, panel))

    def forget(self, key: PanelKey, panel: Panel) -> None:
        """The panel was not opened after all (the press was refused)."""
        self.panels.close(key, panel)
        farewell = self._farewells.pop(key, None)
        if farewell is not None:
            farewell.cancel()

    def draw_panel(self, screen: Screen) -> None:
        """Draw a person's panel screen (one the service answered a press with), if it is open; it
        is the panel's newest from now on (a note is shown above it, a reopened panel starts from it)."""
        assert screen.audience is not None
        panel = self._panel_for((screen.table_id, screen.audience.user_id), screen)
        if panel is not None:
            panel.screen = screen
            self._queue(screen)

    def note(self, key: PanelKey, text: str) -> bool:
        """Show `text` above the person's open panel for a few seconds; False if no panel is open
        (or its screen is not known here), so the caller answers some other way."""
        panel = self.panels.get(key)
        if panel is None or panel.screen is None:
            return False
        panel.note, panel.note_until = text, self.panels.now() + NOTE_SECONDS
        self._queue(panel.screen)  # the newest screen, now with the note
        return True

    def close(self) -> None:
        for task in self._farewells.values():
            task.cancel()
        self._farewells.clear()

    def _queue(self, screen: Screen) -> None:
        self.writers.queue(Post(PANELS, screen), self._draw)

    def _panel_for(self, key: PanelKey, screen: Screen) -> Panel | None:
        """The person's open panel; for a final screen, also one closed by a final screen before."""
        panel = self.panels.get(key)
        if panel is None and screen.final and key in self._closed:
            closed = self._closed.pop(key)
            panel = closed if self.panels.reopen(key, closed) else None
        return panel

    async def _draw(self, post: Post) -> None:
        screen = post.screen
        key = (screen.table_id, post.audience)
        farewell = self._leaving.pop(key, None)
        panel = farewell or self._panel_for(key, screen)
        if panel is None:
            return
        note = texts.panel_expires(translator(panel.lang)) if farewell else self.panels.note_of(panel)
        extra = () if screen.final else (refresh_button(screen.table_id),)
        content, on = text_of(screen, note), panel.message_id
        showing = self.shown.picture(PANELS, on)  # (a new message has no picture)
        uploading: list[str] = []
        try:
            picture = await self.pictures.choose(screen, showing, True, PANELS.chat, uploading)
        finally:
            self.pictures.release(uploading)  # (Discord names no picture: nobody waits for one)
        has_live = self.live is not None and live_of(screen) is not None
        shows = Shows((content, tuple(layout(screen.buttons, extra)), has_live), shown_after(picture))
        if farewell is None and on is not None and self.shown.of(PANELS, on) == shows:
            self.stats["unchanged"] += 1
            return
        live_url = self._live_url(screen, panel) if has_live else None
        if on is not None:
            self.shown.forget(PANELS, on)  # until it is drawn again
        try:
            edited = await panel.edit(content, view_of(screen, extra, live_url), change_of(picture, showing))
        except Exception as e:
            if self.troubles.trouble(e) not in (Trouble.GONE, Trouble.FORBIDDEN):
                raise
            self.stats["skipped"] += 1
            self.panels.close(key, panel)
            log.info("the panel of table %s for %s can no longer be edited: %s", screen.table_id, post.audience, e)
            return
        await self.pictures.uploaded(picture, None, 0.0)
        self.stats["edited"] += 1
        panel.message_id = edited if edited is not None else panel.message_id
        if panel.message_id is not None and not screen.final:
            # kept past the farewell: a press on the panel brings it back as it is
            self.shown.shows(PANELS, panel.message_id, shows if farewell is None else Shows(None, shows.picture))
        if screen.final or farewell is not None:
            self.panels.close(key, panel)
        if screen.final and farewell is None:
            self._closed[key] = panel

    def _live_url(self, screen: Screen, panel: Panel) -> str | None:
        """The link to the panel's live table, signed for its person now (None: none)."""
        button, person = live_of(screen), screen.audience
        if self.live is None or button is None or button.live is None or person is None or screen.final:
            return None
        user = self.client.get_user(int(person.user_id))
        try:
            return self.live(person, name_of(user) if user else "", panel.lang, button.live)
        except Exception:
            log.exception("could not sign the live table's link of table %s", button.live)
            return None

    async def _farewell(self, key: PanelKey, panel: Panel) -> None:
        try:
            await asyncio.sleep(max(0.0, panel.expires - self.panels.now()))
            if not self.panels.is_current(key, panel):
                return
            if panel.screen is None:
                self.panels.close(key, panel)
                return
            self._leaving[key] = panel
            self._queue(panel.screen)  # the newest
        finally:
            if self._farewells.get(key) is asyncio.current_task():
                del self._farewells[key]
