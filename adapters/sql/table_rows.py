"""A table read from and written to its rows, with this process's own copy of each table.

The store remembers each table as it last read or wrote it (version, row, timers): a save that
leaves the timers as they were does not rewrite them, and on SQLite a change plays on that copy
without reading the database (`take`), knowing the updates already delivered to it (`delivered`:
read with the table, then kept as they are written) without asking the database on every press.
The saves are writes to run on a connection the store gives them (in a transaction of the
change's own, or in a batch: together.py).

SQLite, whose one process is the only writer, keeps more (issue #33): the live `Table` object
each committed save leaves (`take` hands it to the next change rather than building one from the
row; a change that fails or does not save never gives it back, so the next one builds it again
from the row as committed), the real-time windows in memory instead of timer rows (held.py), and
a save writes only the columns that changed, or nothing at all when nothing did (a window that
changed nothing stored: `Unwritten`)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, delete, insert, select, text

from adapters.sql.held import HeldDeadlines, held
from adapters.sql.ratings import save_outcome
from adapters.sql.rows import (
    DELETE_TIMERS,
    LOAD_TIMERS,
    UPDATE_TABLE,
    WITH_TIMERS,
    deliveries,
    moves_t,
    table_of,
    table_row,
    tables,
    timer_of,
    timers,
    with_timers,
)
from bot.deadlines import Deadline
from bot.outcome import Outcome
from bot.store.errors import StaleTable
from bot.tables import Table

# PostgreSQL: every save tells the other processes' live tables (adapters/web/listen.py), at commit
NOTIFY = text("SELECT pg_notify('cardbot_tables', :payload)")
Write = Callable[[Connection], Callable[[], None]]  # a write; what to do once it is committed


@dataclass(frozen=True, slots=True)
class Unwritten:
    """SQLite: a save with nothing to write (the table's row and timers as stored), only what to
    do once the change it belongs to commits (its window and live table kept)."""

    then: Callable[[], None]


class TableRows:
    def __init__(self, postgres: bool) -> None:
        self.postgres = postgres
        # table -> (version, row, timers) as this process last read or wrote them (SQLite: windows apart)
        self._known: dict[int, tuple[int, dict[str, Any], list[dict[str, Any]]]] = {}
        # SQLite: table -> the updates delivered to it (bot/changer.py), as read with it and written since
        self._deliveries: dict[int, set[str]] = {}
        # SQLite: table -> the Table its last committed save left, while no change has taken it
        self._live: dict[int, Table] = {}
        self.held = HeldDeadlines()  # SQLite: live real-time games' deadlines, in memory only (held.py)

    def forget(self, table_id: int) -> None:
        """The table was written outside a save (set aside, taken back, its timers dropped): read
        it again. (Its deadlines held in memory stay: `held.put` drops them.)"""
        self._known.pop(table_id, None)
        self._deliveries.pop(table_id, None)
        self._live.pop(table_id, None)

    def delivered(self, table_id: int, delivery: str) -> bool | None:
        """SQLite, a table this process has its own copy of (`take`): whether the update was
        delivered to it before. None: ask the database."""
        known = self._deliveries.get(table_id)
        if known is None or not self._playable(table_id):
            return None
        return delivery in known

    def noted(self, table_id: int, delivery: str) -> None:
        """The delivery is committed."""
        known = self._deliveries.get(table_id)
        if known is not None:
            known.add(delivery)

    def load(self, conn: Connection, table_id: int, lock: Any = None) -> Table | None:
        """The table with its timers; `lock` (LOCK_TABLE or CLAIM_TABLE) holds its row until the
        transaction ends, and its timers are read once it is held."""
        if lock is None:
            rows = conn.execute(WITH_TIMERS, {"table_id": table_id}).mappings().all()
            if not rows:
                return None
            row, stored = with_timers(rows)
        else:
            row = conn.execute(lock, {"table_id": table_id}).mappings().first()
            if row is None:
                return None
            stored = [timer_of(t) for t in conn.execute(LOAD_TIMERS, {"table_id": table_id})]
        if not self.postgres and any(held(t) for t in stored):  # a row an older version stored
            self.held.restore([Deadline(**t) for t in stored if held(t)])
            stored = [t for t in stored if not held(t)]
        # (a copy of its own: the table built from the row shares its lists, and changes them)
        self._known[table_id] = (row["version"], copy.deepcopy(dict(row)), stored)
        self._live.pop(table_id, None)
        if not self.postgres:  # (other processes deliver to PostgreSQL's tables: asked each time)
            where = deliveries.c.table_id == table_id
            self._deliveries[table_id] = set(conn.scalars(select(deliveries.c.delivery).where(where)))
        return table_of(row, self.with_held(table_id, stored))

    def with_held(self, table_id: int, stored: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A table's timers as stored, with its deadlines held in memory (SQLite)."""
        if self.postgres:
            return stored
        return [*stored, *(timer_of(d) for d in self.held.of(table_id))]

    def with_deadlines(self, read: list[Table]) -> list[Table]:
        """Tables read from their rows, with their deadlines held in memory (SQLite)."""
        if not self.postgres:
            for table in read:
                table.deadlines += [d for d in self.held.of(table.id) if d not in table.deadlines]
        return read

    def _playable(self, table_id: int) -> bool:
        known = None if self.postgres else self._known.get(table_id)
        return known is not None and known[1]["stopped"] is None

    def take(self, table_id: int) -> Table | None:
        """SQLite: the table as this process last read or wrote it, without a trip to the database:
        the live object its last committed save left, handed to this change alone (taken out of the
        cache until a save of it commits), else built from the row. SQLite serves one process
        (docs/operating.md), whose own copy is the newest. A writer from outside (an operator's
        `cardbot tables --retry`) changes the version, which the next save checks: it fails
        (StaleTable) and the service runs the change again on what is stored. A table set aside
        is always read (taking it back into play keeps its version)."""
        if not self._playable(table_id):
            return None
        live = self._live.pop(table_id, None)
        if live is not None:
            return live
        _, row, stored = self._known[table_id]
        return table_of(copy.deepcopy(row), self.with_held(table_id, stored))  # (the row stays as committed)

    def save(
        self, table: Table, expected_version: int, outcome: Outcome | None = None, alone: bool = True
    ) -> Write | Unwritten:
        """The writes of a save, taken from the table now, to run in a transaction; they return what
        to do once it is committed. SQLite: once committed, `table` is this process's live copy,
        handed to the next change (`take`), so the caller leaves it as saved. `alone`: the
        table's first save in its change (a later one is written whole, after the earlier)."""
        data = table.to_dict()
        timer_rows: list[dict[str, Any]] = data.pop("deadlines")
        in_memory: tuple[Deadline, ...] = ()
        if not self.postgres:  # live real-time deadlines are held in memory (held.py)
            in_memory = tuple(d for d in table.deadlines if held(d))
            if in_memory:
                timer_rows = [t for t in timer_rows if not held(t)]
        row = table_row(data)
        first = table.moves - len(table.unsaved) + 1
        moves = [  # (by hand: dataclasses.asdict copies deeply, and cost a tenth of a save)
            {
                "table_id": table.id,
                "number": first + i,
                "seat": m.seat,
                "move": m.move,
                "at": m.at,
                "by": m.by,
                "notes": m.notes,
            }
            for i, m in enumerate(table.unsaved)
        ]
        table_id, version, still_open = table.id, table.version, table.status.open
        table.unsaved = []

        def remember() -> None:
            if not self.postgres:
                self.held.put(table_id, in_memory if still_open else ())
            if still_open:
                self._known[table_id] = (version, row, timer_rows)
                if not self.postgres:
                    self._live[table_id] = table
                    if expected_version == -1:  # a new table: nothing delivered yet
                        self._deliveries.setdefault(table_id, set())
            else:  # not loaded for play again
                self.forget(table_id)

        # SQLite: the row as committed at the version loaded (a change under the table's lock: none
        # of this process's own is in flight), so only what differs from it is written
        known = None if self.postgres or expected_version == -1 or not alone else self._known.get(table_id)
        if known is not None and known[0] != expected_version:
            known = None
        changed = row if known is None else {k: v for k, v in row.items() if k != "id" and known[1].get(k) != v}
        timers_kept = known is not None and known[2] == timer_rows
        if known is not None and not changed and timers_kept and not moves and outcome is None and still_open:
            return Unwritten(remember)

        def write(conn: Connection) -> Callable[[], None]:
            before = self._known.get(table_id)
            if expected_version == -1:
                conn.execute(insert(tables), row)
            else:
                # (every column but the key: setting `id`, even to itself, makes SQLite look for the rows
                # that refer to it, all of rating_points' read: 13 ms a move at 10,000 games, bench.pages)
                # (the version always: the statement checks it, and sets at least one column)
                kept = {name: value for name, value in changed.items() if name != "id"} | {"version": version}
                # (UPDATE_TABLE sets the columns given: on SQLite, those that changed)
                done = conn.execute(UPDATE_TABLE, {**kept, "_id": table_id, "_expected": expected_version})
                if done.rowcount != 1:
                    self.forget(table_id)
                    raise StaleTable(f"table {table_id} is no longer at version {expected_version}")
            # a save at the same version is a repair (the service rewrites a table's deadlines so)
            unchanged = timers_kept or (
                version != expected_version
                and before is not None
                and (before[0], before[2]) == (expected_version, timer_rows)
            )
            if not unchanged:
                if expected_version != -1:
                    conn.execute(DELETE_TIMERS, {"table_id": table_id})
                if timer_rows:
                    conn.execute(insert(timers), timer_rows)
            if moves:
                conn.execute(insert(moves_t), moves)
            if outcome is not None:
                save_outcome(conn, outcome)
            if not still_open and expected_version != -1:
                conn.execute(delete(deliveries).where(deliveries.c.table_id == table_id))
            if self.postgres:  # delivered at commit, not at all if it rolls back
                conn.execute(NOTIFY, {"payload": f"{table_id} {version}"})
            return remember

        return write
