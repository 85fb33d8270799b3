"""The store inside one change (`SqlStore.transaction`): the Transaction port (bot/store/tables.py).

On PostgreSQL a change is one transaction from its first call to its commit: each call is one hop
to the store's threads on the transaction's connection, its first load locks the table's row (so
changes to one table line up, whichever process takes them) and reads its write stamp and timers
in one statement, the row itself only when the stamp is not the one this process's last save wrote
(table_rows.py `TableRows.load`); an update delivered again is told from the deliveries read once
under that lock and kept with the copy; and its saves are written with the next call or the
commit, a plain save as one statement (postgres_save.py). A press on a table this process played
last is so two statements and two hops to the store's threads: the lock, and the save with the
commit.

On SQLite one writer at a time has the whole database, so a change does not hold it while the
service decides: its loads are this process's own copy of the table (`TableRows.take`), or reads,
and its saves are written at the end, BEGIN IMMEDIATE to COMMIT, with those of the changes that
finish beside it (adapters/sql/together.py), each refused if its table is no longer at the version
loaded (StaleTable: the service runs the change again). A change that asks for a lock (`lock`: a
check and the save that relies on it, as a chat's one-table rule or the ratings) holds the writer
from then on, and what it reads after that is read inside.

(Playing PostgreSQL's changes on copies with only the save's version check, unlocked, was tried
and measured: a deadline that fires but changes nothing saves at the same version with other
timers, so another process's copy at that version no longer knows the table's deadlines, and a
table stalled in `bench.processes`. The row's write stamp and timers, read locked, tell such a
write.)"""

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
    CLAIM,
    LOCK,
    deliveries,
    load_many,
    moves_of,
    new_table_id_in,
    open_in,
)
from adapters.sql.table_rows import Noted, TableRows, Unwritten, Write
from adapters.sql.together import Together
from bot.outcome import Outcome
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating
from bot.settings import ChatSettings
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
        self._saved: set[int] = set()  # the tables saved in this change
        self._locked: set[int] = set()  # PostgreSQL: the tables whose rows this change holds

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
        """Something to commit: a transaction begun, or saves not yet written."""
        return self.conn is not None or bool(self._saves)

    async def _on_conn(self, call: Callable[[Connection], T]) -> T:
        return await self.db.run(lambda: call(self._ready()))

    async def _read(self, call: Callable[[Connection], T]) -> T:
        """Inside the transaction if this change holds one, else a read of its own."""
        if self.held:
            return await self._on_conn(call)
        return await self.db.reading(call)

    def _ready(self) -> Connection:
        """The transaction's connection (begun if need be), with the saves asked for so far written
        (PostgreSQL: a plain save and the updates delivered with it as one statement)."""
        if self.conn is None:
            self.conn = self.db.begin()
        saves, self._saves = self._saves, []
        one = postgres_save.one_statement(saves) if self.db.postgres else None
        if one is not None:
            self._after.append(postgres_save.save(self.conn, self.rows, *one))
        else:
            self._after += [write(self.conn) for write in saves]
        return self.conn

    async def commit(self) -> None:
        """Write the saves and commit: on the transaction this change holds, in one hop; else
        (SQLite) with the changes that finish beside it."""
        if not self.pending:
            return
        if self.held:
            await self.db.run(self.finish)
        else:
            saves, self._saves = self._saves, []
            self._after += await self.together.commit(saves)

    def finish(self) -> None:
        """Write what is left and commit, in one hop (the usual end of a change: save, commit)."""
        if not self.pending:
            return
        conn = self._ready()
        conn.commit()
        self.conn = None
        conn.close()

    async def new_table_id(self) -> int:
        if self.held:
            return await self._on_conn(new_table_id_in)
        return await self.db.writing(new_table_id_in)  # (an id lost to a change that fails is never missed)

    async def load(self, table_id: int) -> Table | None:
        """The table. Holding a transaction: read, its row locked until the end (PostgreSQL; on
        SQLite the whole database is, by BEGIN IMMEDIATE); else this process's copy, or read."""
        if self.held:
            return self._holding(await self._on_conn(lambda conn: self.rows.load(conn, table_id, LOCK)))
        return await self._copy(table_id)

    async def claim(self, table_id: int) -> Table | None:
        """As `load`, but None at once if another transaction holds the table (SKIP LOCKED: a
        deadline is fired by whichever process gets its table, and nobody waits behind a busy one)."""
        if self.held:
            return self._holding(await self._on_conn(lambda conn: self.rows.load(conn, table_id, CLAIM)))
        return await self._copy(table_id)

    def _holding(self, table: Table | None) -> Table | None:
        if table is not None and self.db.postgres:
            self._locked.add(table.id)
        return table

    async def _copy(self, table_id: int) -> Table | None:
        """SQLite: this process's own copy, else read."""
        return self.rows.take(table_id) or await self.db.reading(lambda conn: self.rows.load(conn, table_id))

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
        """From the deliveries this process knows of the table (TableRows.delivered), without a trip
        to the database on every press: on SQLite those of its own copy, on PostgreSQL those read
        while this change holds the row (once, then kept while no other process writes it)."""
        locked = table_id in self._locked
        known = None if self.held and not locked else self.rows.delivered(table_id, delivery, locked)
        if known is not None:
            return known
        if locked:
            return delivery in await self._on_conn(lambda conn: self.rows.read_deliveries(conn, table_id))
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
