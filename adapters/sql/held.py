"""SQLite: the deadlines of live real-time games, held in memory rather than in timer rows.

A live Speed or Racing Demon table's window closes every second or so, and its computers look at
the board after each drawing (bot/timers.py `close_window`, `look`); most of those change nothing
that is stored, yet each rewrote the table's timer rows and its row: a third of the store's writes
(issue #33). These deadlines are bound to no version and are cheap to make again from the saved
table, so SQLite keeps them here only. A process that stops writes them as timer rows
(`SqlStore.close`), and the next one takes them back (deleting the rows) before it fires anything,
so a restart goes on with the same deadlines; one that was killed left none, and the next opens a
window on every table whose game is live, due at once, as a window left overdue was before, and
that window arms the computers' looks again (`SqlStore._restore_held`). A row found later
(`cardbot tables --retry` run beside the bot writes a window) is taken in by the next batch
(`SqlStore.due_batch`).

SQLite serves one process (docs/operating.md), so no other process needs to see them. On
PostgreSQL several processes share the tables, and a deadline kept in one process's memory would
stop with it (or be made twice, once by each process that restarts): there they stay rows.
"""

from __future__ import annotations

import heapq
import itertools
from collections.abc import Collection, Iterable
from typing import Any

from sqlalchemy import and_, or_

from adapters.sql.rows import timers
from bot.deadlines import Deadline, Kind
from bot.games import game_info, games


def real_time_games() -> list[str]:
    return [game for game in games() if game_info(game).real_time]


def held(deadline: Deadline | dict[str, Any]) -> bool:
    """Whether a deadline (or its timer row) is held in memory on SQLite: a real-time window, or a
    computer's look (real time: bound to no version; a Svolota computer's move is bound to one)."""
    kind, version = (
        (deadline.kind, deadline.version) if isinstance(deadline, Deadline) else (deadline["kind"], deadline["version"])
    )
    return kind == Kind.WINDOW or (kind == Kind.COMPUTER and version is None)


# `held` as a condition on timer rows (a process that stopped wrote them: SqlStore._restore_held)
HELD_ROWS = or_(
    timers.c.kind == Kind.WINDOW.value, and_(timers.c.kind == Kind.COMPUTER.value, timers.c.version.is_(None))
)


class HeldDeadlines:
    """Each live real-time table's held deadlines, earliest first (a heap whose stale entries are
    skipped). The heap orders entries by due time, then by when they were pushed: deadlines due at
    the same moment (a window and the computers' looks one change armed) are never compared
    themselves (they have no order)."""

    def __init__(self) -> None:
        self._by_table: dict[int, tuple[Deadline, ...]] = {}
        self._heap: list[tuple[float, int, int, Deadline]] = []  # (due, push order, table, deadline)
        self._pushed = itertools.count()
        self._count = 0

    def of(self, table_id: int) -> tuple[Deadline, ...]:
        return self._by_table.get(table_id, ())

    def window(self, table_id: int) -> Deadline | None:
        return next((d for d in self.of(table_id) if d.kind == Kind.WINDOW), None)

    def put(self, table_id: int, deadlines: tuple[Deadline, ...]) -> None:
        """The table's held deadlines as saved (none: its game over, or set aside)."""
        had = self._by_table.pop(table_id, ())
        self._count -= len(had)
        if deadlines:
            self._by_table[table_id] = deadlines
            self._count += len(deadlines)
            for d in deadlines:
                if d not in had:
                    heapq.heappush(self._heap, (d.due, next(self._pushed), table_id, d))

    def restore(self, deadlines: Iterable[Deadline]) -> None:
        """Deadlines read back or made again after a restart: for tables that hold none yet (a
        table saved here meanwhile holds its own)."""
        found: dict[int, list[Deadline]] = {}
        for d in deadlines:
            found.setdefault(d.table_id, []).append(d)
        for table_id, theirs in found.items():
            if table_id not in self._by_table:
                self.put(table_id, tuple(theirs))

    def all(self) -> list[Deadline]:
        return [d for held in self._by_table.values() for d in held]

    def next_due(self) -> float | None:
        self._clean()
        return self._heap[0][0] if self._heap else None

    def due(self, now: float, limit: int, skip: Collection[int] = ()) -> list[Deadline]:
        """Up to `limit` deadlines due by `now`, earliest first, but not of the tables in `skip`."""
        found = [d for t, held in self._by_table.items() if t not in skip for d in held if d.due <= now]
        return heapq.nsmallest(limit, found, key=lambda d: (d.due, d.table_id, d.kind))

    def count_due(self, now: float) -> int:
        return sum(1 for held in self._by_table.values() for d in held if d.due <= now)

    def _clean(self) -> None:
        """Drop the heap's entries of deadlines since replaced from its top; rebuild it when most
        of it is such entries (every deadline fired pushes one)."""
        while self._heap and self._heap[0][3] not in self._by_table.get(self._heap[0][2], ()):
            heapq.heappop(self._heap)
        if len(self._heap) > 2 * self._count + 64:
            self._heap = [(d.due, next(self._pushed), t, d) for t, held in self._by_table.items() for d in held]
            heapq.heapify(self._heap)
