"""(Moving to the chat adapters: adapters/chat/records.py.) The platform messages that show a
table's screens and the file ids of uploaded pictures."""

from __future__ import annotations

from typing import Protocol


class PlatformRecords(Protocol):
    async def file_id(self, platform: str, digest: str) -> str | None: ...

    async def remember_file_id(self, platform: str, digest: str, file_id: str) -> None: ...

    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None: ...

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None: ...

    async def claim_screen(self, table_id: int, audience: str, slot: str, version: int) -> bool: ...
