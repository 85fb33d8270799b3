"""The store port, and the in-memory store used by tests and the console.

The service loads a table, changes it, and saves it in one step; `save` refuses a table whose
version is not the stored one plus one (optimistic check), so a stale copy never overwrites a
newer state. Deadlines are saved with their table.
"""

from __future__ import annotations

import copy
from typing import Protocol

from bot.deadlines import Deadline
from bot.people import ChatRef, PersonRef
from bot.settings import ChatSettings
from bot.tables import Table


class StaleTable(Exception):
    """Someone saved a newer version of this table first."""


class Store(Protocol):
    async def new_table_id(self) -> int: ...

    async def load(self, table_id: int) -> Table | None: ...

    async def save(self, table: Table, expected_version: int) -> None:
        """Save `table` if the stored version is still `expected_version` (-1: a new table)."""
        ...

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        """Tables in this chat (and thread) that are in a lobby, a challenge or playing."""
        ...

    async def all_open(self) -> list[Table]: ...

    async def due(self, now: float) -> list[Deadline]:
        """Every deadline due by `now`, earliest first."""
        ...

    async def next_due(self) -> float | None: ...

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        """The chat's settings (shared by its threads); defaults for a chat never seen."""
        ...

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None: ...

    async def person_lang(self, person: PersonRef) -> str | None: ...

    async def set_person_lang(self, person: PersonRef, lang: str) -> None: ...


class MemoryStore:
    """Keeps deep copies, so that nothing the service changes is stored until it saves."""

    def __init__(self) -> None:
        self._tables: dict[int, Table] = {}
        self._next = 1
        self._chats: dict[tuple[str, str], ChatSettings] = {}
        self._langs: dict[PersonRef, str] = {}

    async def new_table_id(self) -> int:
        self._next += 1
        return self._next - 1

    async def load(self, table_id: int) -> Table | None:
        table = self._tables.get(table_id)
        return None if table is None else copy.deepcopy(table)

    async def save(self, table: Table, expected_version: int) -> None:
        current = self._tables.get(table.id)
        if (current.version if current else -1) != expected_version:
            raise StaleTable(f"table {table.id} is at version {current.version if current else None}")
        self._tables[table.id] = copy.deepcopy(table)

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return [copy.deepcopy(t) for t in self._tables.values() if t.chat == chat and t.status.open]

    async def all_open(self) -> list[Table]:
        return [copy.deepcopy(t) for t in self._tables.values() if t.status.open]

    async def due(self, now: float) -> list[Deadline]:
        found = [d for t in self._tables.values() for d in t.deadlines if d.due <= now]
        return sorted(found, key=lambda d: (d.due, d.table_id, d.kind))

    async def next_due(self) -> float | None:
        return min((d.due for t in self._tables.values() for d in t.deadlines), default=None)

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        return copy.deepcopy(self._chats.get((chat.platform, chat.chat_id), ChatSettings()))

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None:
        self._chats[(chat.platform, chat.chat_id)] = copy.deepcopy(settings)

    async def person_lang(self, person: PersonRef) -> str | None:
        return self._langs.get(person)

    async def set_person_lang(self, person: PersonRef, lang: str) -> None:
        self._langs[person] = lang
