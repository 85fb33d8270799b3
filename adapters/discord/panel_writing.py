"""Drawing a person's ephemeral panel (part of the notifier: notifier.py): a panel is drawn only
while its person has it open, through the interaction that last touched it; a note (a refused
move) shows above it for a while; before its interaction runs out, its last edit says so; a
playing person's panel carries the link to their live table when one is served.

A panel closed by a final screen (the game is over for its person: the table's last public
screen when they are no longer at it) can still take one more final screen of its own while its
interaction lasts: a person removed from a game sees the board drawn without them first, then
what the service tells them ("you were removed"), whichever order the two come in."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Callable
from typing import Final

import discord

from adapters.discord import texts
from adapters.discord.components import PictureEdit, layout, live_of, refresh_button, text_of, view_of
from adapters.discord.panels import Panel, PanelKey, Panels
from adapters.discord.people import name_of
from adapters.discord.posts import Key, Post, Shown
from adapters.discord.shown import ShownPictures, picture_edit, picture_of
from bot.i18n import translator
from bot.people import PersonRef
from bot.screens.model import Screen

log = logging.getLogger(__name__)

PANEL: Final = "panel"
NOTE_SECONDS: Final = 6.0  # a refused move's reason stays above the panel this long, across redraws
GONE: Final = frozenset({401, 403, 404})  # a panel that can no longer be edited
CLOSED_KEPT: Final = 1_000  # panels closed by a final screen, kept for a last one of their own
# The URL of a person's live table: (person, name, language, table) -> a link signed for them
LiveLink = Callable[[PersonRef, str, str, int], str | None]


class PanelWriting:
    """The panel half of DiscordNotifier (which provides what is declared here)."""

    client: discord.Client
    panels: Panels
    pictures: ShownPictures
    stats: dict[str, int]
    live: LiveLink | None
    _drawn: dict[Key, Shown]
    _farewells: dict[PanelKey, asyncio.Task[None]]
    _closed: dict[PanelKey, Panel]  # closed by a final screen, the newest few

    def _queue(self, post: Post) -> None:
        raise NotImplementedError

    def _unchanged(self, key: Key, shown: Shown) -> bool:
        raise NotImplementedError

    def _shows(self, key: Key, shown: Shown, final: bool = False) -> None:
        raise NotImplementedError

    def _shows_picture(self, message_id: int, digest: str | None, change: PictureEdit, forget: bool = False) -> None:
        raise NotImplementedError

    def opened(self, key: PanelKey, panel: Panel) -> None:
        """A panel was just opened or touched: draw it through this interaction from now on, and
        say so on it before the interaction runs out."""
        old = self._farewells.pop(key, None)
        if old is not None:
            old.cancel()
        self._drawn.pop((0, key[0], key[1], PANEL), None)  # a new message, or drawn by the handler
        self._farewells[key] = asyncio.create_task(self._farewell(key, panel))

    def forget(self, key: PanelKey, panel: Panel) -> None:
        """The panel was not opened after all (the press was refused)."""
        self.panels.close(key, panel)
        farewell = self._farewells.pop(key, None)
        if farewell is not None:
            farewell.cancel()

    def draw_panel(self, screen: Screen) -> None:
        """Draw a person's panel screen now (one the service answered a press with), if it is open."""
        self._queue_panel(screen)

    def note(self, key: PanelKey, text: str) -> bool:
        """Show `text` above the person's open panel for a few seconds; False if no panel is open
        (or its screen is not known here), so the caller answers some other way."""
        panel = self.panels.get(key)
        if panel is None or panel.screen is None:
            return False
        panel.note, panel.note_until = text, self.panels.now() + NOTE_SECONDS
        self._queue(Post(0, panel.screen))  # the newest screen, now with the note
        return True

    def _queue_panel(self, screen: Screen) -> None:
        """A panel screen, if its person has the panel open; it is the panel's newest from now on
        (a note is shown above it, a reopened panel starts from it)."""
        assert screen.audience is not None
        panel = self._panel_for((screen.table_id, screen.audience.user_id), screen)
        if panel is not None:
            panel.screen = screen
            self._queue(Post(0, screen))

    def _panel_for(self, key: PanelKey, screen: Screen) -> Panel | None:
        """The person's open panel; for a final screen, also one closed by a final screen before."""
        panel = self.panels.get(key)
        if panel is None and screen.final and key in self._closed:
            closed = self._closed.pop(key)
            panel = closed if self.panels.reopen(key, closed) else None
        return panel

    async def _draw_panel(self, key: Key, post: Post) -> None:
        screen = post.screen
        panel_key = (screen.table_id, post.audience)
        panel = post.farewell or self._panel_for(panel_key, screen)
        if panel is None:
            return
        if post.farewell is not None:
            note: str | None = texts.panel_expires(translator(panel.lang))
        else:
            note = self.panels.note_of(panel)
        extra = () if screen.final else (refresh_button(screen.table_id),)
        content = text_of(screen, note)
        on = panel.message_id
        showing = None if on is None else self.pictures.showing(on)  # a new message has no picture
        digest, png = await picture_of(screen, showing)
        has_live = self.live is not None and live_of(screen) is not None
        shown = (content, (tuple(layout(screen.buttons, extra)), has_live), digest)
        if post.farewell is None and self._unchanged(key, shown):
            return
        live_url = self._live_url(screen, panel) if has_live else None
        self._drawn.pop(key, None)
        if on is not None:
            self.pictures.forget(on)  # until it is drawn again
        change = picture_edit(digest, png, showing)
        try:
            edited = await panel.edit(content, view_of(screen, extra, live_url), change)
        except discord.HTTPException as e:
            if e.status not in GONE:
                raise
            self.stats["skipped"] += 1
            self.panels.close(panel_key, panel)
            log.info("the panel of table %s for %s can no longer be edited: %s", screen.table_id, post.audience, e)
            return
        self.stats["edited"] += 1
        if edited is not None:
            panel.message_id = edited
        self._shows(key, shown, screen.final or post.farewell is not None)
        if panel.message_id is not None:  # kept past the farewell: a press on the panel brings it back as it is
            self._shows_picture(panel.message_id, digest, change, screen.final)
        if screen.final or post.farewell is not None:
            self.panels.close(panel_key, panel)
        if screen.final and post.farewell is None:
            self._closed.pop(panel_key, None)
            self._closed[panel_key] = panel
            if len(self._closed) > CLOSED_KEPT:
                del self._closed[next(iter(self._closed))]

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
            screen = panel.screen  # the newest
            if screen is None:
                self.panels.close(key, panel)
                return
            self._queue(Post(0, screen, farewell=panel))
        finally:
            if self._farewells.get(key) is asyncio.current_task():
                del self._farewells[key]
