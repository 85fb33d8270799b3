"""A table read from and written to its rows, with this process's own copy of each table.

The store remembers each table as it last read or wrote it (version, row, timers): a save that
leaves the timers as they were does not rewrite them, and on SQLite a change plays on that copy
without reading the database (`cached`), knowing the updates already delivered to it (`delivered`:
read with the table, then kept as they are written) without asking the database on every press.
The saves are writes to run on a connection the store gives them (in a transaction of the
change's own, or in a batch: together.py)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict
from typing import Any

from sqlalchemy import Connection, delete, insert, select, text

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
from bot.outcome import Outcome
from bot.store.errors import StaleTable
from bot.tables import Table

# PostgreSQL: every save tells the other processes' live tables (adapters/web/listen.py), at commit
NOTIFY = text("SELECT pg_notify('cardbot_tables', :payload)")
Write = Callable[[Connection], Callable[[], None]]  # a write; what to do once it is committed


class TableRows:
    def __init__(self, postgres: bool) -> None:
        self.postgres = postgres
        # table -> (version, row, timers) as this process last read or wrote them
        self._known: dict[int, tuple[int, dict[str, Any], list[dict[str, Any]]]] = {}
        # SQLite: table -> the updates delivered to it (bot/changer.py), as read with it and written since
        self._deliveries: dict[int, set[str]] = {}

    def forget(self, table_id: int) -> None:
        """The table was written outside a save (set aside, taken back, its timers dropped): read it again."""
        self._known.pop(table_id, None)
        self._deliveries.pop(table_id, None)

    def delivered(self, table_id: int, delivery: str) -> bool | None:
        """SQLite, a table this process has its own copy of (`cached`): whether the update was
        delivered to it before. None: ask the database."""
        known = self._deliveries.get(table_id)
        if known is None or self.cached(table_id) is None:
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
        self._known[table_id] = (row["version"], dict(row), stored)
        if not self.postgres:  # (other processes deliver to PostgreSQL's tables: asked each time)
            where = deliveries.c.table_id == table_id
            self._deliveries[table_id] = set(conn.scalars(select(deliveries.c.delivery).where(where)))
        return table_of(row, stored)

    def cached(self, table_id: int) -> Table | None:
        """SQLite: the table as this process last read or wrote it, without a trip to the database.
        SQLite serves one process (docs/operating.md), whose own copy is the newest. A writer from
        outside (an operator's `cardbot tables --retry`) changes the version, which the next save
        checks: it fails (StaleTable) and the service runs the change again on what is stored. A
        table set aside is always read (taking it back into play keeps its version)."""
        known = None if self.postgres else self._known.get(table_id)
        if known is None or known[1]["stopped"] is not None:
            return None
        return table_of(known[1], known[2])

    def save(self, table: Table, expected_version: int, outcome: Outcome | None = None) -> Write:
        """The writes of a save, taken from the table now (it is the service's again at once), to run
        in a transaction; they return what to do once it is committed."""
        data = table.to_dict()
        timer_rows: list[dict[str, Any]] = data.pop("deadlines")
        row = table_row(data)
        first = table.moves - len(table.unsaved) + 1
        moves = [{"table_id": table.id, "number": first + i, **asdict(m)} for i, m in enumerate(table.unsaved)]
        table_id, version, still_open = table.id, table.version, table.status.open
        table.unsaved = []

        def write(conn: Connection) -> Callable[[], None]:
            known = self._known.get(table_id)
            if expected_version == -1:
                conn.execute(insert(tables), row)
            else:
                # (every column but the key: setting `id`, even to itself, makes SQLite look for the rows
                # that refer to it, all of rating_points' read: 13 ms a move at 10,000 games, bench.pages)
                kept = {name: value for name, value in row.items() if name != "id"}
                done = conn.execute(UPDATE_TABLE, {**kept, "_id": table_id, "_expected": expected_version})
                if done.rowcount != 1:
                    self.forget(table_id)
                    raise StaleTable(f"table {table_id} is no longer at version {expected_version}")
            # a save at the same version is a repair (the service rewrites a table's deadlines so)
            unchanged = (
                version != expected_version
                and known is not None
                and (known[0], known[2]) == (expected_version, timer_rows)
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

            def remember() -> None:
                if still_open:
                    self._known[table_id] = (version, row, timer_rows)
                    if expected_version == -1 and not self.postgres:  # a new table: nothing delivered yet
                        self._deliveries.setdefault(table_id, set())
                else:  # not loaded for play again
                    self.forget(table_id)

            return remember

        return write
