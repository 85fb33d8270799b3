"""A move's PostgreSQL round trips, five ways: is async psycopg worth the store's rewrite (issue 33)?

The store runs every database call on its worker threads through SQLAlchemy (adapters/sql/
database.py): on PostgreSQL a press on a table this process played last is two hops there, the
locked load (rows.py LOCK_STAMP: BEGIN, the row locked, its write stamp and timers) and the save
with the commit (postgres_save.py SAVE, then COMMIT). This bench runs exactly those statements, with
the parameters SQLAlchemy hands psycopg for real tables, `--tables` moves in flight (each on a
table of its own, at most TRANSACTIONS transactions at once, as the store allows), for `--seconds`,
five ways, alternating, `--rounds` times:

- threads: the store's way, `Database.run` on its threads, SQLAlchemy's Connection;
- threads, driver: the same, but the two statements through psycopg's own connection, as
  SQLAlchemy would send them (its Connection still begins and commits);
- greenlet: the same calls through SQLAlchemy's asyncio extension on psycopg's AsyncConnection
  (`AsyncConnection.run_sync`: the sync code in a greenlet, its I/O awaited on the event loop);
- async: psycopg's AsyncConnection on the event loop (TRANSACTIONS connections), the same texts;
- async, pipelined: the same, the save and the COMMIT sent together (psycopg's pipeline mode).

Printed per way: moves/s; this process's CPU per move (every thread's) and the PostgreSQL server's
(its postmaster and backends); a move's wall time p50/p99. Only the database part of a move: no
rules, no screens (bench.load has the whole). The tables are opened through the real service on a
fresh migrated database (a throwaway server with fsync on: tests/postgres.py).

    python -m bench.pg_paths [--tables 64] [--seconds 10] [--rounds 2]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from typing import Any, cast

import psycopg
from sqlalchemy import Connection, event, select
from sqlalchemy.ext.asyncio import create_async_engine

from adapters.sql.database import TRANSACTIONS, Database
from adapters.sql.engine import with_driver
from adapters.sql.postgres_save import SAVE
from adapters.sql.rows import LOCK_STAMP, tables
from adapters.sql.startup import open_store
from adapters.web.listen import conninfo
from bench.process_cpu import tree_seconds
from bench.processes import server_pid
from bench.scale import machine
from bench.tables import LastPanels, open_tables, p50_p99, postgres_url
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.settings import ServiceConfig


@dataclass
class TableStatements:
    """One table's two statements, as the store hands SQLAlchemy and as SQLAlchemy hands psycopg, and
    the version and move number its next move goes on from."""

    table_id: int
    params: dict[str, Any]  # the save's, as the store hands SQLAlchemy
    lock_sql: str  # ... and as SQLAlchemy hands psycopg
    save_sql: str
    lock_params: dict[str, Any]
    save_params: dict[str, Any]
    version: int
    number: int

    def next(self) -> dict[str, Any]:
        """What changes in the save's parameters from one move to the next: the versions, the move."""
        self.version += 1
        self.number += 1
        move = {"number": self.number, "seat": 0, "move": "x", "at": time.time(), "by": "bench", "notes": []}
        return {"expected": self.version - 1, "t_version": self.version, "moves": json.dumps([move])}


@dataclass
class Figures:
    moves: int = 0
    walls: list[float] = field(default_factory=list)
    cpu: float = 0.0
    server_cpu: float | None = None
    seconds: float = 0.0


async def open_statements(url: str, count: int) -> list[TableStatements]:
    """`count` tables opened through the service, and their statements as SQLAlchemy sends them."""
    store = open_store(url)
    await open_tables(bootstrap(store, LastPanels(), FakeClock(), ServiceConfig(), seed=1), store, count)
    await store.close()
    db = Database(url)
    sent: list[tuple[str, dict[str, Any]]] = []
    event.listen(db.engine, "before_cursor_execute", lambda c, cur, sql, params, *_: sent.append((sql, params)))

    def read(conn: Connection) -> list[TableStatements]:
        found = []
        for row in conn.execute(select(tables).order_by(tables.c.id)).mappings():
            del sent[:]
            conn.execute(LOCK_STAMP, {"table_id": row["id"]})
            params = {f"t_{c.name}": row[c.name] for c in tables.c if c.name != "id"}
            # (a move arms its table's next deadline: the timers are written again)
            timer = {"kind": "turn", "due": time.time() + 3600, "version": row["version"], "seat": 0}
            params |= {
                "table_id": row["id"],
                "expected": -2,
                "rewrite": True,
                "timers": json.dumps([timer]),
                "moves": "[]",
            }
            params |= {"noted": [], "closed": False, "payload": f"{row['id']} {row['version']}"}
            conn.execute(SAVE, params)  # (at version -2: writes nothing, only shows what is sent)
            (lock_sql, lock_params), (save_sql, save_params) = sent
            number = int(row["version"]) * 1000  # (past any move number the table logged)
            found.append(
                TableStatements(
                    row["id"], params, lock_sql, save_sql, dict(lock_params), dict(save_params), row["version"], number
                )
            )
        return found

    found = await db.reading(read)
    await db.close()
    return found


def psycopg_of(conn: Connection) -> psycopg.Connection[Any]:
    """psycopg's own connection under SQLAlchemy's."""
    return cast(psycopg.Connection[Any], conn.connection.driver_connection)


async def drive(
    statements: list[TableStatements], one: Callable[[TableStatements], Awaitable[None]], seconds: float
) -> Figures:
    """Each table's moves one after another, all tables at once, for `seconds`."""
    figures = Figures()
    end = time.monotonic() + seconds

    async def table(m: TableStatements) -> None:
        while time.monotonic() < end:
            began = time.perf_counter()
            await one(m)
            figures.walls.append(time.perf_counter() - began)
            figures.moves += 1

    cpu, began = time.process_time(), time.monotonic()
    await asyncio.gather(*(table(m) for m in statements))
    figures.cpu, figures.seconds = time.process_time() - cpu, time.monotonic() - began
    return figures


async def threads_way(url: str, statements: list[TableStatements], seconds: float, driver: bool = False) -> Figures:
    """`driver`: the two statements through psycopg's own connection (the SQL and parameters as
    SQLAlchemy would send them), in the transaction SQLAlchemy's Connection begins and commits."""
    db = Database(url)

    async def one(m: TableStatements) -> None:
        async with db.turns:

            def lock() -> Connection:
                conn = db.begin()
                if driver:
                    psycopg_of(conn).execute(m.lock_sql, m.lock_params).fetchone()
                else:
                    conn.execute(LOCK_STAMP, {"table_id": m.table_id}).first()
                return conn

            conn = await db.run(lock)
            moved = m.next()

            def save() -> None:
                if driver:
                    psycopg_of(conn).execute(m.save_sql, m.save_params | moved).fetchone()
                else:
                    conn.execute(SAVE, m.params | moved).first()
                conn.commit()
                conn.close()

            await db.run(save)

    try:
        return await drive(statements, one, seconds)
    finally:
        await db.close()


async def async_way(url: str, statements: list[TableStatements], seconds: float, pipelined: bool) -> Figures:
    connections = [await psycopg.AsyncConnection.connect(conninfo(url)) for _ in range(TRANSACTIONS)]
    turns = asyncio.Semaphore(TRANSACTIONS)  # (first come, first served, as the store's turns)

    async def one(m: TableStatements) -> None:
        async with turns:
            conn = connections.pop()
            try:
                await move(conn, m)
            finally:
                connections.append(conn)

    async def move(conn: psycopg.AsyncConnection[Any], m: TableStatements) -> None:
        await (await conn.execute(m.lock_sql, m.lock_params)).fetchone()
        params = m.save_params | m.next()
        if pipelined:
            async with conn.pipeline():
                saved = await conn.execute(m.save_sql, params)
                await conn.commit()
            await saved.fetchone()
        else:
            await (await conn.execute(m.save_sql, params)).fetchone()
            await conn.commit()

    try:
        return await drive(statements, one, seconds)
    finally:
        for conn in connections:
            await conn.close()


async def greenlet_way(url: str, statements: list[TableStatements], seconds: float) -> Figures:
    """The store's own calls (a Connection's) on psycopg's AsyncConnection, through SQLAlchemy's
    asyncio extension (`run_sync`: the sync code in a greenlet, its I/O awaited on the loop)."""
    engine = create_async_engine(with_driver(url), pool_size=TRANSACTIONS)
    turns = asyncio.Semaphore(TRANSACTIONS)

    async def one(m: TableStatements) -> None:
        async with turns, engine.connect() as conn:
            await conn.begin()
            await conn.run_sync(lambda c: c.execute(LOCK_STAMP, {"table_id": m.table_id}).first())
            params = m.params | m.next()
            await conn.run_sync(lambda c: c.execute(SAVE, params).first())
            await conn.commit()

    try:
        return await drive(statements, one, seconds)
    finally:
        await engine.dispose()


Way = Callable[[str, list[TableStatements], float], Awaitable[Figures]]
WAYS: dict[str, Way] = {  # (in the order they run in each round)
    "threads": threads_way,
    "threads, driver": partial(threads_way, driver=True),
    "greenlet": greenlet_way,
    "async": partial(async_way, pipelined=False),
    "async, pipelined": partial(async_way, pipelined=True),
}


async def vacuumed(url: str) -> None:
    async with await psycopg.AsyncConnection.connect(conninfo(url), autocommit=True) as conn:
        await conn.execute("VACUUM tables, timers, moves, deliveries")


def ms(seconds: float) -> str:
    return f"{seconds * 1000:.2f} ms"


def report(way: str, f: Figures) -> str:
    p50, p99 = p50_p99(f.walls)
    server = "?" if f.server_cpu is None else ms(f.server_cpu / f.moves)
    return (
        f"  {way:17} {f.moves / f.seconds:7.0f} moves/s; CPU per move: this process {ms(f.cpu / f.moves)}, "
        f"the server {server}; a move's wall time p50 {p50:.2f} ms  p99 {p99:.2f} ms"
    )


async def behind(url: str, statements: list[TableStatements]) -> int:
    """The tables whose row is not at the version of their last move (a save that wrote nothing)."""
    db = Database(url)
    try:
        rows = await db.reading(lambda conn: dict(conn.execute(select(tables.c.id, tables.c.version)).all()))
    finally:
        await db.close()
    return sum(rows.get(m.table_id) != m.version for m in statements)


async def run(args: argparse.Namespace) -> int:
    url = postgres_url()
    if url is None:
        return 0
    print(machine())
    statements = await open_statements(url, args.tables)
    server = server_pid(url)
    print(f"{args.tables} tables, a move each at a time, {TRANSACTIONS} transactions at once, {args.seconds:g} s a way")
    runs: dict[str, list[Figures]] = {way: [] for way in WAYS}
    for n in range(args.rounds):
        print(f"round {n + 1}:")
        for way, run_way in WAYS.items():
            await vacuumed(url)  # (each way from the same start: the updates' dead rows cleared)
            before = None if server is None else tree_seconds(server)
            figures = await run_way(url, statements, args.seconds)
            after = None if server is None else tree_seconds(server)
            figures.server_cpu = None if before is None or after is None else after - before
            runs[way].append(figures)
            print(report(way, figures), flush=True)
    print("medians of the rounds (this process's CPU per move, and ÷ threads):")
    threads = statistics.median(f.cpu / f.moves for f in runs["threads"])
    for way, of_way in runs.items():
        cpu = statistics.median(f.cpu / f.moves for f in of_way)
        rate = statistics.median(f.moves / f.seconds for f in of_way)
        print(f"  {way:17} {rate:7.0f} moves/s; {ms(cpu)} ({cpu / threads:.2f}×)")
    lagging = await behind(url, statements)
    print(f"tables whose row is not at the version of their last move: {lagging} (0: every save wrote its move)")
    return 1 if lagging else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=64)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--rounds", type=int, default=2)
    return asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    raise SystemExit(main())
