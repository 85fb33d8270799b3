"""The notifier port: how screens reach a chat. Adapters implement it."""

from __future__ import annotations

from typing import Protocol

from bot.people import ChatRef
from bot.ui.screen import Screen


class Notifier(Protocol):
    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        """Draw or redraw these screens (edit the table's message, a person's panel; a turn alert,
        slot ALERT, is a new message that replaces the table's previous one, and a final one
        deletes it: bot/ui/screen.py)."""
        ...


class RecordingNotifier:
    """Keeps every call: for tests and the console."""

    def __init__(self) -> None:
        self.calls: list[tuple[ChatRef, list[Screen]]] = []

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        self.calls.append((chat, screens))

    def last(self, table_id: int, audience: object = None, slot: str | None = None) -> Screen | None:
        for _, screens in reversed(self.calls):
            for s in screens:
                if s.table_id == table_id and s.audience == audience and (slot is None or s.slot == slot):
                    return s
        return None
