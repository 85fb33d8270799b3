"""The platforms' records (records.py `Records`) in memory: for tests and a bot whose store is the
memory store too; a restart forgets them (every board is posted anew)."""

from __future__ import annotations

from adapters.chat.records import Claim


class MemoryRecords:
    def __init__(self) -> None:
        self._file_ids: dict[tuple[str, str], str] = {}  # (platform, digest) -> the platform's file id
        self._messages: dict[tuple[int, str, str], str] = {}  # (table, audience, slot) -> its message
        self._shown: dict[tuple[int, str, str], int] = {}  # ... and the newest table version drawn there

    async def file_id(self, platform: str, digest: str) -> str | None:
        return self._file_ids.get((platform, digest))

    async def remember_file_id(self, platform: str, digest: str, file_id: str) -> None:
        self._file_ids[(platform, digest)] = file_id

    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None:
        return self._messages.get((table_id, audience, slot))

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None:
        self._messages[(table_id, audience, slot)] = message_id
        self._shown.setdefault((table_id, audience, slot), version)

    async def claim(self, table_id: int, audience: str, slot: str, version: int) -> Claim:
        key = (table_id, audience, slot)
        if self._shown.get(key, -1) > version:
            return Claim(False)
        self._shown[key] = version
        return Claim(True, self._messages.get(key))
