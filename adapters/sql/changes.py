"""The store inside one open write transaction (`SqlStore.transaction`): the calls a change makes,
each one hop to the store's threads on the transaction's connection, its saves written with the
next call or the commit."""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import TYPE_CHECKING, TypeVar

from sqlalchemy import Connection, insert, select

from adapters.sql.ratings import ratings_of
from adapters.sql.rows import ADVISORY_LOCK, CLAIM_TABLE, LOCK_TABLE, deliveries, load_many, new_table_id_in, open_in
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating
from bot.tables import Table

if TYPE_CHECKING:
    from adapters.sql.store import SqlStore

T = TypeVar("T")


class SqlChanges:
    """The store inside one open write transaction (see SqlStore.transaction): each call is one
    hop to the store's threads, on the transaction's connection."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store
        self.conn: Connection | None = None  # begun by the first call, in the same hop
        self._saves: list[Callable[[Connection], Callable[[], None]]] = []  # written with the next call
        self._after: list[Callable[[], None]] = []

    async def _on_conn(self, call: Callable[[Connection], T]) -> T:
        return await self.store._run(lambda: call(self._ready()))

    def _ready(self) -> Connection:
        """The transaction's connection (begun if need be), with the saves asked for so far written."""
        if self.conn is None:
            self.conn = self.store._begin()
        for write in self._saves:
            self._after.append(write(self.conn))
        self._saves = []
        return self.conn

    def finish(self) -> None:
        """Write what is left and commit, in one hop (the usual end of a change: save, commit)."""
        if self.conn is None and not self._saves:
            return
        conn = self._ready()
        conn.commit()
        self.conn = None
        conn.close()

    async def new_table_id(self) -> int:
        return await self._on_conn(new_table_id_in)

    async def load(self, table_id: int) -> Table | None:
        """The table, its row locked until the transaction ends (PostgreSQL; on SQLite the whole
        database is, by BEGIN IMMEDIATE): a move in another process waits for this one."""
        return await self._on_conn(lambda conn: self.store._load(conn, table_id, LOCK_TABLE))

    async def claim(self, table_id: int) -> Table | None:
        """As `load`, but None at once if another transaction holds the table (SKIP LOCKED)."""
        return await self._on_conn(lambda conn: self.store._load(conn, table_id, CLAIM_TABLE))

    async def save(self, table: Table, expected_version: int) -> None:
        """Written with the transaction's next call, or its commit: one hop fewer per change."""
        self._saves.append(self.store._save(table, expected_version))

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return await self._on_conn(lambda conn: load_many(conn, open_in(chat)))

    async def delivered(self, table_id: int, delivery: str) -> bool:
        key = (deliveries.c.table_id == table_id, deliveries.c.delivery == delivery)
        return await self._on_conn(lambda conn: conn.scalar(select(deliveries.c.delivery).where(*key)) is not None)

    async def note_delivery(self, table_id: int, delivery: str) -> None:
        await self._on_conn(lambda conn: conn.execute(insert(deliveries).values(table_id=table_id, delivery=delivery)))

    async def lock(self, name: str) -> None:
        """PostgreSQL: a transaction-scoped advisory lock. SQLite has one writer at a time already."""
        if self.store.postgres:
            await self._on_conn(lambda conn: conn.execute(ADVISORY_LOCK, {"name": name}))

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        return await self._on_conn(lambda conn: ratings_of(conn, game, scope, persons))

    def committed(self) -> None:
        for then in self._after:
            then()


def end(conn: Connection, commit: bool) -> None:
    """End a transaction begun by SqlStore._begin, and give its connection back."""
    try:
        if commit:
            conn.commit()
        else:
            conn.rollback()
    finally:
        conn.close()
