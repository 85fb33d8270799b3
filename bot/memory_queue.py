"""Quick match's rows in the memory store (bot/store/queue.py `QueueStore`): one per person, in
one process."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from bot.people import PersonRef
from bot.store.queue import Queued


class MemoryQueue:
    def __init__(self) -> None:
        self._rows: dict[PersonRef, Queued] = {}

    def __repr__(self) -> str:  # (what it holds: tests look for a forgotten person's traces in it)
        return f"MemoryQueue({self._rows!r})"

    async def queued(self, person: PersonRef) -> Queued | None:
        return self._rows.get(person)

    async def put_queued(self, entry: Queued, read: Queued | None) -> bool:
        now = self._rows.get(entry.person)
        if (now is None) != (read is None) or (
            now and read and (now.joined, now.table_id) != (read.joined, read.table_id)
        ):
            return False
        self._rows[entry.person] = entry
        return True

    async def drop_queued(self, person: PersonRef, joined: float | None = None) -> Queued | None:
        row = self._rows.get(person)
        if row is None or row.table_id is not None or (joined is not None and row.joined != joined):
            return None
        del self._rows[person]
        return row

    async def waiting(self, platform: str | None = None) -> list[Queued]:
        rows = (r for r in self._rows.values() if r.table_id is None)
        mine = [r for r in rows if platform is None or r.person.platform == platform]
        return sorted(mine, key=lambda r: (r.joined, r.person.platform, r.person.user_id))

    def waiting_as(self, entries: Sequence[Queued]) -> bool:
        """Whether each of these people is still waiting as their row says (the same `joined`)."""
        rows = [(self._rows.get(e.person), e.joined) for e in entries]
        return all(row is not None and row.table_id is None and row.joined == joined for row, joined in rows)

    def seat(self, entries: Sequence[Queued], table_id: int) -> None:
        for entry in entries:
            self._rows[entry.person] = replace(self._rows[entry.person], table_id=table_id)

    def forget(self, person: PersonRef) -> None:
        self._rows.pop(person, None)
