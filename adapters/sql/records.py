"""The platforms' records in the database (adapters/chat/records.py `Records`): the message that
shows each screen of a table, with the newest table version drawn in it, and the id a platform
gave each uploaded picture. Kept beside the tables (the `messages` and `uploads` tables), written
and read by the chat adapters, never by the service. Each call is one hop to the database's
threads (chat_rows.py holds the statements); on SQLite the writes that come together are written
together, with any saves waiting (together.py): a press's screens are claimed at once, and each
claim was a transaction of its own (bench.press_timeline)."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from sqlalchemy import Connection

from adapters.chat.records import Claim
from adapters.sql import chat_rows
from adapters.sql.database import Database
from adapters.sql.together import Together

T = TypeVar("T")


class SqlRecords:
    def __init__(self, db: Database, together: Together | None = None) -> None:
        """`together`: SQLite's batches of writes (None: each write a transaction of its own, as
        on PostgreSQL, which runs several at once)."""
        self.db = db
        self.together = together

    async def _writing(self, write: Callable[[Connection], T]) -> T:
        if self.together is None:
            return await self.db.writing(write)
        return await self.together.write(write)

    async def file_id(self, platform: str, digest: str) -> str | None:
        return await self.db.reading(lambda conn: chat_rows.file_id_of(conn, platform, digest))

    async def remember_file_id(self, platform: str, digest: str, file_id: str) -> None:
        await self._writing(lambda conn: chat_rows.remember_file_id(conn, platform, digest, file_id))

    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None:
        return await self.db.reading(lambda conn: chat_rows.message_id_of(conn, table_id, audience, slot))

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None:
        remember = chat_rows.remember_message
        await self._writing(lambda conn: remember(conn, table_id, audience, slot, message_id, version))

    async def claim(self, table_id: int, audience: str, slot: str, version: int) -> Claim:
        return await self._writing(lambda conn: chat_rows.claim(conn, table_id, audience, slot, version))
