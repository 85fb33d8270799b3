"""Screens into Discord: the notifier port of the service. A table's public screens are messages in
its channel, drawn by the chat layer (adapters/chat/notifier.py, with messages.py); a person's are
their ephemeral panel (panel_screens.py), drawn through the same writers."""

from __future__ import annotations

from adapters.chat.notifier import ChatNotifier
from adapters.discord.panel_screens import PanelScreens
from bot.people import ChatRef
from bot.ui.screen import Screen


class DiscordScreens:
    def __init__(self, channels: ChatNotifier, panels: PanelScreens) -> None:
        self.channels = channels
        self.panels = panels

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        """Queue the screens and return at once (the service holds the table's lock meanwhile)."""
        await self.channels.show(chat, screens)
        self.panels.show(screens)

    async def idle(self) -> None:
        """Wait until every queued screen is drawn."""
        await self.channels.idle()

    async def close(self, timeout: float = 5.0) -> None:
        """Draw what is queued (for at most `timeout` seconds), then stop."""
        self.panels.close()
        await self.channels.close(timeout)
