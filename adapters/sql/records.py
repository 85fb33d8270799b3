"""The platforms' records in the database (adapters/chat/records.py `Records`): the message that
shows each screen of a table, with the newest table version drawn in it, and the id a platform
gave each uploaded picture. Kept beside the tables (the `messages` and `uploads` tables), written
and read by the chat adapters, never by the service. Each call is one hop to the database's
threads (chat_rows.py holds the statements)."""

from __future__ import annotations

from adapters.chat.records import Claim
from adapters.sql import chat_rows
from adapters.sql.database import Database


class SqlRecords:
    def __init__(self, db: Database) -> None:
        self.db = db

    async def file_id(self, platform: str, digest: str) -> str | None:
        return await self.db.reading(lambda conn: chat_rows.file_id_of(conn, platform, digest))

    async def remember_file_id(self, platform: str, digest: str, file_id: str) -> None:
        await self.db.writing(lambda conn: chat_rows.remember_file_id(conn, platform, digest, file_id))

    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None:
        return await self.db.reading(lambda conn: chat_rows.message_id_of(conn, table_id, audience, slot))

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None:
        remember = chat_rows.remember_message
        await self.db.writing(lambda conn: remember(conn, table_id, audience, slot, message_id, version))

    async def claim(self, table_id: int, audience: str, slot: str, version: int) -> Claim:
        return await self.db.writing(lambda conn: chat_rows.claim(conn, table_id, audience, slot, version))
