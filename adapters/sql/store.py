"""The Store port in a database (SQLAlchemy 2 Core over the models).

One short transaction per save, committed before the service tells anyone: the table row (seats
included) is updated only if its version is still the one loaded (optimistic check), then its
deadlines, any new moves and a finished game's results and ratings are written in the same
transaction. A table is read with its timers in one statement; the store remembers each table as
it last read or wrote it, so a save that leaves the timers as they were does not rewrite them.

Several processes may share one PostgreSQL database: a change loads its table with
`SELECT … FOR UPDATE` (held to commit, so moves on one table line up), a timer is claimed with
`FOR UPDATE SKIP LOCKED` on its table (so it fires in one process only, and nobody waits behind a
busy table), and ratings and a chat's one-table rule are held by advisory locks (`lock`).

SQLite has one writer at a time for the whole database and serves one process. A change plays on
the process's own copy of its table (no read), holds no transaction while the service decides,
and hands its saves to be committed with those of the changes that finish beside it, in one
transaction (BEGIN IMMEDIATE; together.py); the version check turns away a save over a table
someone else wrote meanwhile, and the service runs that change again. A change that takes a lock
holds the writer from then on. The store lets its own writers in one after another (an asyncio
lock) rather than have SQLite's busy handler sleep-poll for them. Measured: README, "Honest
benchmarks".

No database call runs on the event loop: every call runs on the store's own worker threads
(one on SQLite, whose connections stay on the thread that made them; a few on PostgreSQL), one
hop per call, so presses and redraws go on while the database works. (SQLAlchemy's asyncio
extension was measured first: on aiosqlite every statement, BEGIN and COMMIT is its own thread
hop, and a command cost 3.9 ms at p50 against 1.7 ms here; see README, "Never stall".) A database
that cannot be reached or cannot write raises `StoreUnavailable` (the service tells people to
try again), not the driver's error.

Beside it: the statements and row conversions (rows.py), the change in progress (changes.py), the
saves committed together on SQLite (together.py), results and ratings (ratings.py), achievements,
tallies, notify lists and seasons (community.py), chats, people, platform messages and uploaded
pictures' ids (chat_rows.py), and which errors mean "unavailable" (engine.py).
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Collection, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from dataclasses import asdict
from typing import Any, TypeVar

from sqlalchemy import Connection, delete, func, insert, select, text, update
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from adapters.sql.changes import SqlChanges, end
from adapters.sql.engine import WRITE, make_engine, translated
from adapters.sql.ratings import save_outcome
from adapters.sql.row_calls import RowCalls
from adapters.sql.rows import (
    CLOSED,
    DELETE_TIMERS,
    DUE,
    DUE_BATCH,
    LIVE,
    LOAD_TABLE,
    LOAD_TIMERS,
    NEXT_DUE,
    OPEN,
    UPDATE_TABLE,
    WITH_TIMERS,
    deliveries,
    load_many,
    moves_of,
    moves_t,
    new_table_id_in,
    on_platform,
    open_in,
    table_of,
    table_row,
    tables,
    timer_of,
    timers,
    with_timers,
)
from adapters.sql.together import Together
from bot.deadlines import Deadline
from bot.people import ChatRef
from bot.store import StaleTable
from bot.tables import LoggedMove, Table

T = TypeVar("T")
TRANSACTIONS = 8  # PostgreSQL: write transactions open at once in one process
# Deadlines of different tables fired side by side: on PostgreSQL half its transactions (the other
# half stays for presses); on SQLite their saves are then committed together.
FIRING_LANES = TRANSACTIONS // 2
TIMERS_PER_TABLE = 10  # at most: a real-time window and a computer per seat (Racing Demon seats 8)
# PostgreSQL: every save tells the other processes' live tables (adapters/web/listen.py), at commit
NOTIFY = text("SELECT pg_notify('cardbot_tables', :payload)")


class SqlStore(RowCalls):
    def __init__(self, url: str, **engine_options: Any) -> None:
        self.url = url
        self.postgres = url.startswith("postgresql")
        threads = 4 if self.postgres else 1
        # PostgreSQL: at most `threads` reads and TRANSACTIONS transactions hold connections at
        # once, so a worker never waits for a connection that only a worker could give back
        pool = {"pool_size": TRANSACTIONS, "max_overflow": threads} if self.postgres else {}
        self.engine = make_engine(url, **{**pool, **engine_options})
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="cardbot-db")
        # SQLite: this process's writers take turns here instead of in SQLite's busy handler, which
        # sleeps and polls (another process's writer is still waited for by the busy timeout)
        self._turns = asyncio.Semaphore(TRANSACTIONS if self.postgres else 1)
        self.firing_lanes = FIRING_LANES
        # table -> (version, row, timers) as this process last read or wrote them
        self._known: dict[int, tuple[int, dict[str, Any], list[dict[str, Any]]]] = {}
        self.together = Together(self)  # SQLite: changes' saves, committed together

    async def close(self) -> None:
        await self._run(self.engine.dispose)
        self._threads.shutdown(wait=True)

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        """`call` on the store's threads; the driver's "cannot write now" as StoreUnavailable."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._threads, call, *args)
        except (DBAPIError, PoolTimeout) as e:
            raise translated(e) from e

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.connect().execution_options(**WRITE) as conn, conn.begin():
            yield conn

    async def _reading(self, call: Callable[[Connection], T]) -> T:
        def read() -> T:
            with self._read() as conn:
                return call(conn)

        return await self._run(read)

    async def _writing(self, call: Callable[[Connection], T]) -> T:
        def write() -> T:
            with self._write() as conn:
                return call(conn)

        async with self._turns:
            return await self._run(write)

    # ----- tables ---------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlChanges]:
        """One change: load, decide, save, commit. On PostgreSQL one transaction from the first
        load (its row locked) to the commit, its connection kept across the service's awaits. On
        SQLite, whose writers take turns for the whole database, a change holds no transaction
        while the service decides (unless it takes a lock: see SqlChanges): its saves are committed
        with those of the changes that finish beside it (adapters/sql/together.py)."""
        changes = SqlChanges(self)
        committing: asyncio.Future[None] | None = None
        try:
            if self.postgres:
                await changes.hold()
            yield changes
            committing = asyncio.ensure_future(changes.commit())
            await asyncio.shield(committing)
        except BaseException:
            if committing is not None:  # cancelled while committing: the commit ends first, on its thread
                await asyncio.wait([committing])
            if changes.conn is not None:  # not committed
                await asyncio.shield(self._run(end, changes.conn, False))
            elif committing is not None and not committing.cancelled() and committing.exception() is None:
                changes.committed()
            raise
        finally:
            changes.release()
        changes.committed()

    def _begin(self) -> Connection:
        conn = self.engine.connect().execution_options(**WRITE)
        conn.begin()
        return conn

    async def new_table_id(self) -> int:
        return await self._writing(new_table_id_in)

    async def load(self, table_id: int) -> Table | None:
        return await self._reading(lambda conn: self._load(conn, table_id))

    async def save(self, table: Table, expected_version: int) -> None:
        remember = await self._writing(self._save(table, expected_version))
        remember()

    def _save(self, table: Table, expected_version: int) -> Callable[[Connection], Callable[[], None]]:
        """The writes of a save, taken from the table now (it is the service's again at once), to run
        in a transaction; they return what to do once it is committed."""
        data = table.to_dict()
        timer_rows: list[dict[str, Any]] = data.pop("deadlines")
        row = table_row(data)
        first = table.moves - len(table.unsaved) + 1
        moves = [{"table_id": table.id, "number": first + i, **asdict(m)} for i, m in enumerate(table.unsaved)]
        outcome = table.outcome
        table_id, version, still_open = table.id, table.version, table.status.open
        table.unsaved = []
        table.outcome = None

        def write(conn: Connection) -> Callable[[], None]:
            known = self._known.get(table_id)
            if expected_version == -1:
                conn.execute(insert(tables), row)
            else:
                done = conn.execute(UPDATE_TABLE, {**row, "_id": table_id, "_expected": expected_version})
                if done.rowcount != 1:
                    self._known.pop(table_id, None)
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
                else:  # not loaded for play again
                    self._known.pop(table_id, None)

            return remember

        return write

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return await self._reading(lambda conn: load_many(conn, open_in(chat)))

    async def all_open(self, platform: str | None = None) -> list[Table]:
        query = select(tables.c.id).where(tables.c.status.in_(OPEN), LIVE, *on_platform(platform))
        return await self._reading(lambda conn: load_many(conn, query))

    async def recently_closed(self, window: float, platform: str | None = None) -> list[Table]:
        def read(conn: Connection) -> list[Table]:
            newest = conn.scalar(select(func.max(tables.c.updated_at)).where(*on_platform(platform)))
            if newest is None:
                return []
            closed = (tables.c.status.in_(CLOSED), tables.c.updated_at >= newest - window, *on_platform(platform))
            return load_many(conn, select(tables.c.id).where(*closed))

        return await self._reading(read)

    def _load(self, conn: Connection, table_id: int, lock: Any = None) -> Table | None:
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
        return table_of(row, stored)

    def _cached(self, table_id: int) -> Table | None:
        """SQLite: the table as this process last read or wrote it, without a trip to the database.
        SQLite serves one process (README), whose own copy is the newest. A writer from outside (an
        operator's `cardbot tables --retry`) changes the version, which the next save checks: it
        fails (StaleTable) and the service runs the change again on what is stored. A table set
        aside is always read (taking it back into play keeps its version)."""
        known = None if self.postgres else self._known.get(table_id)
        if known is None or known[1]["stopped"] is not None:
            return None
        return table_of(known[1], known[2])

    async def moves(self, table_id: int) -> list[LoggedMove]:
        return await self._reading(lambda conn: moves_of(conn, table_id))

    # ----- deadlines ------------------------------------------------------------------------

    async def due(self, now: float) -> list[Deadline]:
        def read(conn: Connection) -> list[Deadline]:
            return [Deadline(r.table_id, r.kind, r.due, r.version, r.seat) for r in conn.execute(DUE, {"now": now})]

        return await self._reading(read)

    async def due_batch(
        self, now: float, limit: int, platform: str | None = None, skip: Collection[int] = ()
    ) -> list[Deadline]:
        """Up to `limit` deadlines due by `now`, earliest first, of tables not set aside (of
        `platform`'s chats, if given), but not of the tables in `skip`. Stale ones (armed for a
        version the table has left) are deleted on the way, in one statement, rather than fired
        one transaction each."""
        # enough rows that the tables left out cannot crowd the others out of the batch
        query = {"now": now, "limit": limit + TIMERS_PER_TABLE * len(skip), "platform": platform}
        rows = [
            r for r in await self._reading(lambda conn: conn.execute(DUE_BATCH, query).all()) if r.table_id not in skip
        ]
        rows = rows[:limit]
        stale = [r.id for r in rows if r.version is not None and r.version != r.table_version]
        if stale:
            await self._writing(lambda conn: conn.execute(delete(timers).where(timers.c.id.in_(stale))))
            for r in rows:
                if r.id in stale:
                    self._known.pop(r.table_id, None)
        return [Deadline(r.table_id, r.kind, r.due, r.version, r.seat) for r in rows if r.id not in stale]

    async def next_due(self, platform: str | None = None) -> float | None:
        due = await self._reading(lambda conn: conn.scalar(NEXT_DUE, {"platform": platform}))
        return None if due is None else float(due)

    # ----- tables set aside -----------------------------------------------------------------

    async def set_aside(self, table_id: int, reason: str) -> Table | None:
        """Stop a table that keeps failing: its timers stay stored but fire no more, and moves on
        it are refused, until `retry`. Written without loading its game (which may be what fails).
        Returns the table as it now is (its game state not parsed), or None if there is none."""

        def write(conn: Connection) -> Any:
            bump = {"stopped": reason[:500], "version": tables.c.version + 1}
            conn.execute(update(tables).where(tables.c.id == table_id).values(**bump))
            return conn.execute(LOAD_TABLE, {"table_id": table_id}).mappings().first()

        row = await self._writing(write)
        self._known.pop(table_id, None)
        return None if row is None else table_of(row, [])

    async def retry(self, table_id: int) -> bool:
        """Put a table set aside back into play (its timers fire again); False if it was not set aside."""
        back = update(tables).where(tables.c.id == table_id, tables.c.stopped.is_not(None)).values(stopped=None)
        self._known.pop(table_id, None)
        return bool(await self._writing(lambda conn: conn.execute(back).rowcount))

    async def stopped(self) -> list[tuple[int, str, str, str]]:
        """The tables set aside: (id, chat as "platform:chat_id", game, why), by id."""
        query = select(tables.c.id, tables.c.platform, tables.c.chat_id, tables.c.game, tables.c.stopped)
        query = query.where(tables.c.stopped.is_not(None)).order_by(tables.c.id)
        rows = await self._reading(lambda conn: conn.execute(query).all())
        return [(r.id, f"{r.platform}:{r.chat_id}", r.game, r.stopped) for r in rows]
