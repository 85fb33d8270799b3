"""Telegram's pace (adapters/chat/pacing.py): about 20 messages a minute in a group (a few at
once, the rest spread), about one a second in a private chat; edits count."""

from __future__ import annotations

from adapters.chat.pacing import Pacer


class TelegramPace:
    def __init__(self, group: Pacer, private: Pacer) -> None:
        self.group = group
        self.private = private

    def pacer(self, chat: str) -> Pacer:
        """The pace of writes into this chat (a group's, or a private chat's)."""
        return self.group if chat.startswith("-") else self.private

    async def take(self, chat: str) -> None:
        await self.pacer(chat).take(chat)

    def interval(self, chat: str) -> float:
        return self.pacer(chat).interval()
