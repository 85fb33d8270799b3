"""A table read from and written to its rows, with this process's own copy of each table.

The store remembers each table as it last read or wrote it (version, row, timers): a save that
leaves the timers as they were does not rewrite them, and on SQLite a change plays on that copy
without reading the database (`take`), knowing the updates already delivered to it (`delivered`:
read with the table, then kept as they are written) without asking the database on every press.
The copy is the kept `Table`: the object the last committed save left (handed to one change at a
time, taken out of the cache until a save of it commits: a change that fails or does not save
never gives it back, so the next one builds it again from the row as committed). The save's
versioned UPDATE finds out when the copy was not the newest (an operator's `cardbot tables
retry`): StaleTable, and the service runs the change again on what is stored. PostgreSQL, where
other processes write too, hands the copy over under the row's lock, only while the row's write
stamp is the one this process's last save wrote and the timers are as it wrote them (`load`), and
knows the updates delivered to it from those read once under the lock (`read_deliveries`).

The saves are writes to run on a connection the store gives them (in a transaction of the change's
own, or in a batch: together.py), or, on PostgreSQL, one statement (postgres_save.py).

SQLite, whose one process is the only writer, keeps more (issue #33): the real-time windows and
computers' looks in memory instead of timer rows (held.py), and a save writes only the columns
that changed, or nothing at all when nothing did (a window that changed nothing stored:
`Unwritten`)."""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlalchemy import Connection, bindparam, delete, insert, select, text

from adapters.sql.held import HeldDeadlines, held
from adapters.sql.ratings import save_outcome
from adapters.sql.rows import (
    DELETE_TIMERS,
    LOAD_TIMERS,
    UPDATE_TABLE,
    WITH_TIMERS,
    Lock,
    deliveries,
    locked_timers,
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
# (made once: chat_rows.py says why)
INSERT_DELIVERY = insert(deliveries)
DELIVERED = select(deliveries.c.delivery).where(deliveries.c.table_id == bindparam("table_id"))


@dataclass(frozen=True, slots=True)
class Unwritten:
    """SQLite: a save with nothing to write (the table's row and timers as stored), only what to
    do once the change it belongs to commits (its window and kept table remembered)."""

    then: Callable[[], None]


class Known(NamedTuple):
    """A table's rows as this process last read or wrote them."""

    version: int
    row: dict[str, Any]
    timers: list[dict[str, Any]]  # (SQLite: the windows held in memory apart)
    stamp: str | None = None  # PostgreSQL: the row's write stamp (rows.py LOCK_STAMP), when known


class TableRows:
    def __init__(self, postgres: bool) -> None:
        self.postgres = postgres
        self._known: dict[int, Known] = {}  # table -> its rows as this process last read or wrote them
        # table -> the updates delivered to it (bot/changer.py), as read with it and written since
        self._deliveries: dict[int, set[str]] = {}
        # table -> the kept Table: what its last committed save left, while no change has taken it
        self._kept: dict[int, Table] = {}
        self.locked_loads = 0  # PostgreSQL: changes' loads of their table, locked (bench.load prints ...)
        self.kept_plays = 0  # ... and of those, how many played on this process's copy
        self.held = HeldDeadlines()  # SQLite: live real-time games' deadlines, in memory only (held.py)

    def forget(self, table_id: int) -> None:
        """The table was written outside a save (set aside, taken back, its timers dropped): read
        it again. (Its deadlines held in memory stay: `held.put` drops them.)"""
        self._known.pop(table_id, None)
        self._deliveries.pop(table_id, None)
        self._kept.pop(table_id, None)

    def delivered(self, table_id: int, delivery: str, locked: bool = False) -> bool | None:
        """Whether the update was delivered to the table before, from the deliveries this process
        knows of it, without a trip to the database (None: ask it). They are exact while this
        process's copy is the newest: an update is noted only with a save of its table, which moves
        the version and, on PostgreSQL, the row's write stamp. SQLite: a table this process has its
        own copy of (`take`). PostgreSQL: a table whose row the asking change holds (`locked`), its
        deliveries read under that lock (`read_deliveries`) and kept while the row's write stamp is
        the one this process knows (`load`)."""
        known = self._deliveries.get(table_id)
        if known is None or not (locked if self.postgres else self._playable(table_id)):
            return None
        return delivery in known

    def read_deliveries(self, conn: Connection, table_id: int) -> set[str]:
        """PostgreSQL, the table's row held by this change: the updates delivered to it, kept."""
        found = self._deliveries[table_id] = set(conn.scalars(DELIVERED, {"table_id": table_id}))
        return found

    def noted(self, table_id: int, delivery: str) -> None:
        """The delivery is committed."""
        known = self._deliveries.get(table_id)
        if known is not None:
            known.add(delivery)

    def load(self, conn: Connection, table_id: int, lock: Lock | None = None) -> Table | None:
        """The table with its timers; `lock` (LOCK or CLAIM) holds its row until the transaction
        ends, and its timers are read once it is held. PostgreSQL: the lock reads the row's write
        stamp and timers only; while the stamp is the one this process's last save of the table
        wrote, and the timers are as it wrote them, the change plays on this process's copy
        (`_kept_copy`). A read without a lock leaves the copy alone, unless (SQLite) it finds the
        row at another version than the copy's, or there is none."""
        stamp = None
        if lock is None:
            rows = conn.execute(WITH_TIMERS, {"table_id": table_id}).mappings().all()
            if not rows:
                return None
            row, stored = with_timers(rows)
        elif self.postgres:
            locked = conn.execute(lock.stamp, {"table_id": table_id}).first()
            if locked is None:
                return None
            stamp, stored = locked.stamp, locked_timers(table_id, locked)
            kept = self._kept_copy(table_id, stamp, stored)
            self.locked_loads += 1
            if kept is not None:
                self.kept_plays += 1
                return kept
            self._deliveries.pop(table_id, None)  # (noted with writes of the row: those it knew are old)
            # the row and its timers as now committed, in a statement of its own (rows.py LOCK_STAMP)
            row, stored = with_timers(conn.execute(WITH_TIMERS, {"table_id": table_id}).mappings().all())
        else:
            row = conn.execute(lock.row, {"table_id": table_id}).mappings().first()
            if row is None:
                return None
            stored = [timer_of(t) for t in conn.execute(LOAD_TIMERS, {"table_id": table_id})]
        if not self.postgres and any(held(t) for t in stored):  # a row an older version stored
            self.held.restore([Deadline(**t) for t in stored if held(t)])
            stored = [t for t in stored if not held(t)]
        known = self._known.get(table_id)
        if lock is None and (self.postgres or (known is not None and known.version == row["version"])):
            # a read (a page, a tournament's round) leaves this process's copy as it is: on SQLite, the
            # one writer, the row at the version it knows; on PostgreSQL only a locked load, which
            # reads the row's write stamp, makes the copy a change may play on
            return table_of(row, self.with_held(table_id, stored))
        # (a copy of its own: the table built from the row shares its lists, and changes them)
        self._known[table_id] = Known(row["version"], copy.deepcopy(dict(row)), stored, stamp)
        self._kept.pop(table_id, None)
        if not self.postgres:  # (PostgreSQL: read under the row's lock when first asked, `read_deliveries`)
            self._deliveries[table_id] = set(conn.scalars(DELIVERED, {"table_id": table_id}))
        return table_of(row, self.with_held(table_id, stored))

    def _kept_copy(self, table_id: int, stamp: str, stored: list[dict[str, Any]]) -> Table | None:
        """PostgreSQL, its row locked with write stamp `stamp`: this process's own copy, if that is
        the row its last save wrote (no other transaction wrote it since: every write makes the row
        anew) and `stored` the timers it wrote (another process deletes a stale timer without
        writing the row); the kept object (handed to this change alone), else built from the row
        as written. None: read the row."""
        known = self._known.get(table_id)
        if known is None or known.stamp != stamp or known.timers != stored:
            return None
        kept = self._kept.pop(table_id, None)
        if kept is not None:
            return kept
        return table_of(copy.deepcopy(known.row), stored)  # (the row stays as written)

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
        return known is not None and known.row["stopped"] is None

    def take(self, table_id: int) -> Table | None:
        """SQLite: the table as this process last read or wrote it, without a trip to the
        database: the kept object its last committed save left, handed to this change alone (taken
        out of the cache until a save of it commits), else built from the row. SQLite serves one
        process (docs/operating.md), whose own copy is the newest; a writer from outside (an
        operator's `cardbot tables --retry`) changes the version, which the next save checks: it
        fails (StaleTable) and the service runs the change again on what is stored. A table set
        aside is always read (taking it back into play keeps its version)."""
        if not self._playable(table_id):
            return None
        kept = self._kept.pop(table_id, None)
        if kept is not None:
            return kept
        known = self._known[table_id]  # (the row stays as committed: the table is built from a copy)
        return table_of(copy.deepcopy(known.row), self.with_held(table_id, known.timers))

    def saving(self, table: Table, expected_version: int, outcome: Outcome | None = None) -> Saving:
        """What a save writes, taken from the table now. Once committed, `table` is this process's
        kept copy, handed to the next change (`take`), so the caller leaves it as saved."""
        data = table.to_dict()
        timer_rows: list[dict[str, Any]] = data.pop("deadlines")
        in_memory: tuple[Deadline, ...] = ()
        if not self.postgres:  # live real-time deadlines are held in memory (held.py)
            in_memory = tuple(d for d in table.deadlines if held(d))
            if in_memory:
                timer_rows = [t for t in timer_rows if not held(t)]
        first = table.moves - len(table.unsaved) + 1
        moves = [  # (by hand: dataclasses.asdict copies deeply, and cost a tenth of a save)
            {"table_id": table.id, "number": first + i, "seat": m.seat, "move": m.move, "at": m.at, "by": m.by}
            | {"notes": m.notes}
            for i, m in enumerate(table.unsaved)
        ]
        table.unsaved = []
        row = table_row(data)
        open_, version = table.status.open, table.version
        return Saving(table.id, expected_version, version, open_, row, timer_rows, moves, outcome, in_memory, table)

    def timers_kept(self, s: Saving) -> bool:
        """The save leaves the timers as this process last read or wrote them: not rewritten. (A save
        at the same version is a repair: the service rewrites a table's deadlines so.)"""
        known = self._known.get(s.table_id)
        if s.version == s.expected or known is None:
            return False
        return (known.version, known.timers) == (s.expected, s.timer_rows)

    def remember(self, s: Saving, stamp: str | None = None) -> None:
        """The save is committed (PostgreSQL: `stamp`, the row's write stamp as it wrote it, if known)."""
        if not self.postgres:
            self.held.put(s.table_id, s.held if s.still_open else ())
        if s.still_open:
            self._known[s.table_id] = Known(s.version, s.row, s.timer_rows, stamp)
            if not self.postgres or stamp is not None:  # (PostgreSQL: played on while the row is that one)
                self._kept[s.table_id] = s.table
            if s.expected == -1 and not self.postgres:  # a new table: nothing delivered yet
                self._deliveries.setdefault(s.table_id, set())
        else:  # not loaded for play again
            self.forget(s.table_id)

    def save(
        self, table: Table, expected_version: int, outcome: Outcome | None = None, alone: bool = True
    ) -> Write | Unwritten:
        """The writes of a save, to run in a transaction; they return what to do once it is
        committed. SQLite: only the columns that changed since the version loaded (`alone`: the
        table's first save in its change; a later one is written whole, after the earlier), or
        nothing at all."""
        s = self.saving(table, expected_version, outcome)
        # SQLite: the row as committed at the version loaded (a change under the table's lock: none
        # of this process's own is in flight), so only what differs from it is written
        known = None if self.postgres or s.expected == -1 or not alone else self._known.get(s.table_id)
        if known is None or known.version != s.expected:
            return SaveWrite(self, s, None)
        changed = {k: v for k, v in s.row.items() if k != "id" and known.row.get(k) != v}
        if not changed and known.timers == s.timer_rows and not s.moves and s.outcome is None and s.still_open:
            return Unwritten(lambda: self.remember(s))
        return SaveWrite(self, s, changed)


@dataclass(frozen=True)
class Noted:
    """An update delivered to a table (bot/changer.py), written with its save."""

    rows: TableRows
    table_id: int
    delivery: str

    def __call__(self, conn: Connection) -> Callable[[], None]:
        conn.execute(INSERT_DELIVERY, {"table_id": self.table_id, "delivery": self.delivery})
        return lambda: self.rows.noted(self.table_id, self.delivery)


@dataclass(frozen=True)
class Saving:
    """One save of a table: its row, timers and new moves as of the save."""

    table_id: int
    expected: int  # the version it was loaded at (-1: a new table)
    version: int
    still_open: bool
    row: dict[str, Any]
    timer_rows: list[dict[str, Any]]  # (SQLite: the deadlines held in memory apart)
    moves: list[dict[str, Any]]
    outcome: Outcome | None
    held: tuple[Deadline, ...]  # SQLite: its deadlines held in memory (held.py)
    table: Table  # the object, kept for the next change once committed


@dataclass(frozen=True)
class SaveWrite:
    """A save as statements on a connection the store gives it (a transaction of the change's own,
    or a batch: together.py); it returns what to do once it is committed. `changed`: the columns
    that differ from the row at the version loaded (SQLite), None for every column."""

    rows: TableRows
    saving: Saving
    changed: dict[str, Any] | None

    def __call__(self, conn: Connection) -> Callable[[], None]:
        s, table_id, expected_version = self.saving, self.saving.table_id, self.saving.expected
        kept = self.rows.timers_kept(s)
        if expected_version == -1:
            conn.execute(insert(tables), s.row)
        else:
            # (every column but the key: setting `id`, even to itself, makes SQLite look for the rows
            # that refer to it, all of rating_points' read: 13 ms a move at 10,000 games, bench.pages;
            # the version always: the statement checks it, and sets at least one column)
            written = s.row if self.changed is None else self.changed
            columns = {name: value for name, value in written.items() if name != "id"}
            columns["version"] = s.version
            done = conn.execute(UPDATE_TABLE, {**columns, "_id": table_id, "_expected": expected_version})
            if done.rowcount != 1:
                self.rows.forget(table_id)
                raise StaleTable(f"table {table_id} is no longer at version {expected_version}")
        if not kept:
            if expected_version != -1:
                conn.execute(DELETE_TIMERS, {"table_id": table_id})
            if s.timer_rows:
                conn.execute(insert(timers), s.timer_rows)
        if s.moves:
            conn.execute(insert(moves_t), s.moves)
        if s.outcome is not None:
            save_outcome(conn, s.outcome)
        if not s.still_open and expected_version != -1:
            conn.execute(delete(deliveries).where(deliveries.c.table_id == table_id))
        if self.rows.postgres:  # delivered at commit, not at all if it rolls back
            conn.execute(NOTIFY, {"payload": f"{table_id} {s.version}"})
        return lambda: self.rows.remember(s)
