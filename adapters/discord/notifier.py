"""Screens into Discord: the notifier port of the service. A table's public screens are messages in
its channel, drawn by the chat layer (adapters/chat/notifier.py, with messages.py); a person's are
their ephemeral panel (panel_screens.py), drawn through the same writers.

A quick match (issue #38) has no channel: its board and the queue's words come as each person's own
screens (bot/match_screens.py) and are drawn in their direct messages with the bot (direct.py),
where "My panel" on the board opens their ephemeral panel as in a server."""

from __future__ import annotations

from adapters.chat.notifier import ChatNotifier
from adapters.chat.posts import PANEL, Place, Post
from adapters.discord.direct import DirectChannels
from adapters.discord.panel_screens import PanelScreens
from bot.match_chats import is_match
from bot.people import ChatRef
from bot.ui.screen import Screen


class DiscordScreens:
    def __init__(self, channels: ChatNotifier, panels: PanelScreens, direct: DirectChannels | None = None) -> None:
        self.channels = channels
        self.panels = panels
        self.direct = direct  # quick match's direct messages (None: not drawn)

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        """Queue the screens and return at once (the service holds the table's lock meanwhile)."""
        if is_match(chat):
            await self._direct(screens)
        else:
            await self.channels.show(chat, screens)
        self.panels.show(screens)

    async def _direct(self, screens: list[Screen]) -> None:
        """A match chat's own screens but panels, each in its person's direct messages."""
        if self.direct is None:
            return
        for screen in screens:
            if screen.audience is None or screen.slot == PANEL:
                continue
            channel = await self.direct.of(screen.audience.user_id)
            if channel is not None:
                self.channels.writers.queue(Post(Place(str(channel)), screen), self.channels.places.draw)

    async def idle(self) -> None:
        """Wait until every queued screen is drawn."""
        await self.channels.idle()

    async def close(self, timeout: float = 5.0) -> None:
        """Draw what is queued (for at most `timeout` seconds), then stop."""
        self.panels.close()
        await self.channels.close(timeout)
