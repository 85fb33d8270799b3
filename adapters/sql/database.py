"""One database as the store uses it: its engine, and the worker threads every call runs on.

No database call runs on the event loop: every call runs on the store's own worker threads (one
on SQLite, whose connections stay on the thread that made them; a few on PostgreSQL), one hop per
call, so presses and redraws go on while the database works. (SQLAlchemy's asyncio extension was
measured first: on aiosqlite every statement, BEGIN and COMMIT is its own thread hop.) A database
that cannot be reached or cannot write raises `StoreUnavailable` (the service tells people to try
again), not the driver's error.

SQLite has one writer at a time for the whole database: this process's writers take turns here
(`turns`, an asyncio semaphore) rather than in SQLite's busy handler, which sleeps and polls
(another process's writer is still waited for by the busy timeout). PostgreSQL takes up to
TRANSACTIONS write transactions at once. A PostgreSQL read, or the taking of a batch of due
deadlines (leases.py), runs on a connection in autocommit: no BEGIN and COMMIT round trips (in READ
COMMITTED each statement reads its own snapshot anyway)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from adapters.sql.engine import WRITE, make_engine, translated

T = TypeVar("T")
TRANSACTIONS = 8  # PostgreSQL: write transactions open at once in one process
AUTOCOMMIT = {"isolation_level": "AUTOCOMMIT"}


class Database:
    def __init__(self, url: str, **engine_options: Any) -> None:
        self.url = url
        self.postgres = url.startswith("postgresql")
        threads = 4 if self.postgres else 1
        # PostgreSQL: at most `threads` reads and TRANSACTIONS transactions hold connections at
        # once, so a worker never waits for a connection that only a worker could give back
        pool = {"pool_size": TRANSACTIONS, "max_overflow": threads} if self.postgres else {}
        self.engine = make_engine(url, **{**pool, **engine_options})
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="cardbot-db")
        self.turns = asyncio.Semaphore(TRANSACTIONS if self.postgres else 1)

    async def close(self) -> None:
        await self.run(self.engine.dispose)
        self._threads.shutdown(wait=True)

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        """`call` on the store's threads; the driver's "cannot write now" as StoreUnavailable."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._threads, call, *args)
        except (DBAPIError, PoolTimeout) as e:
            raise translated(e) from e

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        if self.postgres:
            with self.engine.connect().execution_options(**AUTOCOMMIT) as conn:
                yield conn
        else:
            with self.engine.connect() as conn, conn.begin():
                yield conn

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.connect().execution_options(**WRITE) as conn, conn.begin():
            yield conn

    async def reading(self, call: Callable[[Connection], T]) -> T:
        """`call` in a read transaction of its own, on the store's threads."""

        def read() -> T:
            with self._read() as conn:
                return call(conn)

        return await self.run(read)

    async def at_once(self, call: Callable[[Connection], T]) -> T:
        """PostgreSQL: `call` on a connection in autocommit (each statement committed as it runs), on
        the store's threads, without a turn (it holds no transaction)."""

        def run() -> T:
            with self.engine.connect().execution_options(**AUTOCOMMIT) as conn:
                return call(conn)

        return await self.run(run)

    async def writing(self, call: Callable[[Connection], T]) -> T:
        """`call` in a write transaction of its own (committed), in its turn."""

        def write() -> T:
            with self._write() as conn:
                return call(conn)

        async with self.turns:
            return await self.run(write)

    def begin(self) -> Connection:
        """A write transaction begun (BEGIN IMMEDIATE on SQLite), to be ended by the caller: on a thread
        of the store's."""
        conn = self.engine.connect().execution_options(**WRITE)
        conn.begin()
        return conn
