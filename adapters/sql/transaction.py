"""The store inside one change (`SqlStore.transaction`): the Transaction port (bot/store/tables.py).

A change holds no transaction while the service decides: its loads are this process's own copy of
the table (`TableRows.take`), or a read, and its saves are written at the end, each refused if its
table is no longer at the version loaded (StaleTable: the service runs the change again on what is
stored). On SQLite, where one writer at a time has the whole database, they are written BEGIN
IMMEDIATE to COMMIT with those of the changes that finish beside it (adapters/sql/together.py). On
PostgreSQL, which several processes may share, a save is one statement committed on its own
(postgres_save.py: one round trip a move), else a transaction of its own; and a change that saved
nothing, or failed (a refusal), after playing on this process's copy of a table has that copy's
version checked (`settle`): another process saved the table meanwhile, so the answer may be wrong,
and the change runs again on what is stored.

A change that asks for a lock (`lock`: a check and the save that relies on it, as a chat's
one-table rule or the ratings) holds a transaction from then on (SQLite: the writer; PostgreSQL:
the lock, and the rows it loads from then on, FOR UPDATE), and what it reads after that is read
inside."""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TypeVar

from sqlalchemy import Connection, select

from adapters.sql import postgres_save, quick_match
from adapters.sql.account_links import identities_of
from adapters.sql.chat_rows import save_chat_settings
from adapters.sql.community import achievements_of, tallies_of
from adapters.sql.database import Database
from adapters.sql.ratings import ratings_of
from adapters.sql.rows import (
    ADVISORY_LOCK,
    CLAIM_TABLE,
    LOCK_TABLE,
    deliveries,
    load_many,
    moves_of,
    new_table_id_in,
    open_in,
    tables,
)
from adapters.sql.table_rows import Noted, TableRows, Unwritten, Write
from adapters.sql.together import Together
from bot.outcome import Outcome
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating
from bot.settings import ChatSettings
from bot.store.errors import StaleTable
from bot.store.queue import Queued
from bot.tables import LoggedMove, Table

T = TypeVar("T")


class SqlTransaction:
    def __init__(self, db: Database, rows: TableRows, together: Together) -> None:
        self.db = db
        self.rows = rows
        self.together = together
        self.conn: Connection | None = None  # begun by the first call that holds the writer, in the same hop
        self.held = False  # holds one of the store's turns (and, from its next call, a transaction)
        self._saves: list[Write] = []  # written with the next call on the connection, or the commit
        self._after: list[Callable[[], None]] = []
        # PostgreSQL: the tables played from this process's copy (-> their version), and those saved
        self._played: dict[int, int] = {}
        self._saved: set[int] = set()

    async def hold(self) -> None:
        """Take one of the store's turns for the rest of this change: from the next call on, one
        transaction (BEGIN IMMEDIATE on SQLite)."""
        if not self.held:
            await self.db.turns.acquire()
            self.held = True

    def release(self) -> None:
        if self.held:
            self.db.turns.release()
            self.held = False

    @property
    def pending(self) -> bool:
        """Something to commit: a transaction begun, saves not yet written, or (PostgreSQL) copies
        played on to check."""
        return self.conn is not None or bool(self._saves) or bool(self._unsaved())

    def _unsaved(self) -> dict[int, int]:
        return {t: v for t, v in self._played.items() if t not in self._saved}

    async def _on_conn(self, call: Callable[[Connection], T]) -> T:
        return await self.db.run(lambda: call(self._ready()))

    async def _read(self, call: Callable[[Connection], T]) -> T:
        """Inside the transaction if this change holds one, else a read of its own."""
        if self.held:
            return await self._on_conn(call)
        return await self.db.reading(call)

    def _ready(self) -> Connection:
        """The transaction's connection (begun if need be), with the saves asked for so far written."""
        if self.conn is None:
            self.conn = self.db.begin()
        for write in self._saves:
            self._after.append(write(self.conn))
        self._saves = []
        return self.conn

    async def commit(self) -> None:
        """Write the saves and commit: on the transaction this change holds, in one hop; else on
        SQLite with the changes that finish beside it, on PostgreSQL in one statement if it can."""
        if not self.pending:
            return
        if self.held:
            await self.db.run(self.finish)
        elif not self.db.postgres:
            saves, self._saves = self._saves, []
            self._after += await self.together.commit(saves)
        else:
            await self._commit_alone()

    async def _commit_alone(self) -> None:
        """PostgreSQL, holding no transaction: one statement, else a transaction of its own."""
        saves, self._saves = self._saves, []
        unsaved = self._unsaved()
        one = None if unsaved else postgres_save.one_statement(saves)
        if one is not None:
            self._after.append(await self.db.at_once(lambda conn: postgres_save.save(conn, self.rows, *one)))
        elif saves:
            self._after += await self.db.writing(lambda conn: self.alone(conn, saves, unsaved))
        else:
            await self.db.reading(lambda conn: self.settle(conn, unsaved))

    def alone(self, conn: Connection, saves: list[Write], unsaved: dict[int, int]) -> list[Callable[[], None]]:
        """PostgreSQL: the saves, in a transaction of their own (`conn`), the copies played on checked."""
        after = [write(conn) for write in saves]
        self.settle(conn, unsaved)
        return after

    def finish(self) -> None:
        """Write what is left and commit, in one hop (the usual end of a change: save, commit)."""
        if not self.pending:
            return
        conn = self._ready()
        self.settle(conn, self._unsaved())
        conn.commit()
        self.conn = None
        conn.close()

    def settle(self, conn: Connection, played: dict[int, int]) -> None:
        """PostgreSQL: the tables this change played on from this process's copy without saving
        them are still at the version it played on, else StaleTable: another process saved one
        meanwhile, and what the change answered may not hold (a refusal, a panel drawn)."""
        if not played:
            return
        query = select(tables.c.id, tables.c.version).where(tables.c.id.in_(played))
        found: dict[int, int] = {row.id: row.version for row in conn.execute(query)}
        stale = [t for t, version in played.items() if found.get(t) != version]
        for table_id in stale:
            self.rows.forget(table_id)
        if stale:
            raise StaleTable(f"tables {stale} were saved elsewhere meanwhile")

    async def stale(self) -> bool:
        """PostgreSQL: whether a table this change played on from this process's copy (and did not
        save) was saved elsewhere meanwhile; asked when the change failed, before its answer stands."""
        unsaved = self._unsaved()
        if not unsaved:
            return False
        try:
            await self.db.reading(lambda conn: self.settle(conn, unsaved))
        except StaleTable:
            return True
        return False

    async def new_table_id(self) -> int:
        if self.held:
            return await self._on_conn(new_table_id_in)
        return await self.db.writing(new_table_id_in)  # (an id lost to a change that fails is never missed)

    async def load(self, table_id: int) -> Table | None:
        """The table: this process's copy, or read. Holding a transaction: read, its row locked
        until the end (PostgreSQL; on SQLite the whole database is, by BEGIN IMMEDIATE)."""
        if self.held:
            return await self._on_conn(lambda conn: self.rows.load(conn, table_id, LOCK_TABLE))
        return await self._copy(table_id)

    async def claim(self, table_id: int) -> Table | None:
        """As `load`; holding a transaction, None at once if another transaction holds the table
        (SKIP LOCKED). (Else a deadline fired in two processes is saved by one: the other's save
        finds the table moved on, and its change, run again, finds the deadline gone.)"""
        if self.held:
            return await self._on_conn(lambda conn: self.rows.load(conn, table_id, CLAIM_TABLE))
        return await self._copy(table_id)

    async def _copy(self, table_id: int) -> Table | None:
        table = self.rows.take(table_id)
        if table is None:
            return await self.db.reading(lambda conn: self.rows.load(conn, table_id))
        if self.db.postgres:  # (checked at the end, unless saved: `settle`)
            self._played.setdefault(table_id, table.version)
        return table

    async def save(self, table: Table, expected_version: int, outcome: Outcome | None = None) -> None:
        """Written with the transaction's next call, or its commit: one hop fewer per change. (On
        SQLite, a save with nothing to write waits only for the rest of the change to commit.)"""
        saving = self.rows.save(table, expected_version, outcome, alone=table.id not in self._saved)
        self._saved.add(table.id)
        if isinstance(saving, Unwritten):
            self._after.append(saving.then)
        else:
            self._saves.append(saving)

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return await self._read(lambda conn: load_many(conn, open_in(chat)))

    async def delivered(self, table_id: int, delivery: str) -> bool:
        """A table played on this process's own copy: from the deliveries kept with it
        (TableRows.delivered), without a trip to the database on every press."""
        known = None if self.held else self.rows.delivered(table_id, delivery)
        if known is not None:
            return known
        key = (deliveries.c.table_id == table_id, deliveries.c.delivery == delivery)
        return await self._read(lambda conn: conn.scalar(select(deliveries.c.delivery).where(*key)) is not None)

    async def note_delivery(self, table_id: int, delivery: str) -> None:
        """Written with the saves."""
        self._saves.append(Noted(self.rows, table_id, delivery))

    async def lock(self, name: str) -> None:
        """Hold `name` until the change ends. PostgreSQL: a transaction-scoped advisory lock. SQLite:
        the writer itself (one at a time has the whole database), from now on."""
        await self.hold()
        if self.db.postgres:
            await self._on_conn(lambda conn: conn.execute(ADVISORY_LOCK, {"name": name}))

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        return await self._read(lambda conn: ratings_of(conn, game, scope, persons))

    async def moves(self, table_id: int) -> list[LoggedMove]:
        """The log as saved (this change's own moves are still in `table.unsaved`)."""
        return await self._read(lambda conn: moves_of(conn, table_id))

    async def achievements(self, persons: Collection[PersonRef]) -> dict[PersonRef, set[str]]:
        return await self._read(lambda conn: achievements_of(conn, persons))

    async def tallies(self, persons: Collection[PersonRef]) -> dict[PersonRef, dict[str, int]]:
        return await self._read(lambda conn: tallies_of(conn, persons))

    async def identities(self, persons: Collection[PersonRef]) -> dict[PersonRef, PersonRef]:
        """Linked accounts' identities (bot/account_links.py), read like the ratings: one statement a game."""
        return await self._read(lambda conn: identities_of(conn, persons))

    async def open_match(self, entries: Sequence[Queued], table: Table, settings: ChatSettings) -> bool:
        """The group's rows checked and marked now, in the transaction this change holds from here
        on (PostgreSQL: the rows locked until it ends; SQLite: the writer); the table and its match
        chat's settings written with the next call or the commit. Any of it failing rolls back all."""
        await self.hold()
        if not await self._on_conn(lambda conn: quick_match.seat(conn, entries, table.id)):
            return False
        await self.save(table, -1)

        def write(conn: Connection) -> Callable[[], None]:
            save_chat_settings(conn, table.chat, settings)
            return lambda: None

        self._saves.append(write)
        return True

    def committed(self) -> None:
        for then in self._after:
            then()


def end(conn: Connection, commit: bool) -> None:
    """End a transaction begun by `Database.begin`, and give its connection back."""
    try:
        if commit:
            conn.commit()
        else:
            conn.rollback()
    finally:
        conn.close()
