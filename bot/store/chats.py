"""What the store keeps of a chat: its settings (bot/settings.py ChatSettings), which its admins
change and every table of the chat reads (through bot/chats.py, which caches them)."""

from __future__ import annotations

from typing import Protocol

from bot.people import ChatRef
from bot.settings import ChatSettings


class ChatStore(Protocol):
    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        """The chat's settings (shared by its threads); defaults for a chat never seen."""
        ...

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None: ...
