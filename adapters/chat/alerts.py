"""The turn alert (slot ALERT): a short new message naming whose turn it is, so that it notifies
them (a mention; on Discord its allowed mentions are that one person), below the board.

A new alert deletes the table's previous one first, so the chat holds at most one; the same person
keeping the turn gets their alert edited (`Alert.new_message`: their turn came back within seconds
of their own move); the final alert screen deletes it. The store's message row keeps the alert's
id with whose turn it announced (`alert_note`), so a restart or another process carries on with the
same alert. An alert buries no board (below.py) and never has a picture.
"""

from __future__ import annotations

from typing import Any

from adapters.chat.platform import Platform, delete_quietly
from adapters.chat.posts import Post
from adapters.chat.records import Records
from bot.ui.screen import ALERT, NO_ALERT, alert_note, read_alert_note


class Alerts:
    def __init__(self, platform: Platform[Any], records: Records) -> None:
        self.platform = platform
        self.records = records

    async def message_of(self, post: Post, stored: str | None) -> int | None:
        """The alert message to edit (the same person keeps the turn), or None after deleting the
        one shown (a new alert is sent; a final one only deletes)."""
        screen, (message_id, shown) = post.screen, read_alert_note(stored)
        alert = screen.alert
        if message_id is not None and alert is not None and not alert.new_message(shown):
            if shown is None or shown.since != alert.since:
                note = alert_note(message_id, alert)
                await self.records.remember_message(screen.table_id, post.audience, ALERT, note, screen.version)
            return int(message_id)
        if message_id is not None:
            await delete_quietly(self.platform, post.where, int(message_id))
            await self.records.remember_message(screen.table_id, post.audience, ALERT, NO_ALERT, screen.version)
        return None

    async def sent(self, post: Post, message_id: int) -> None:
        """A new alert message is the table's alert now."""
        screen = post.screen
        if screen.alert is not None:
            note = alert_note(str(message_id), screen.alert)
            await self.records.remember_message(screen.table_id, post.audience, ALERT, note, screen.version)
