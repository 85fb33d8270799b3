"""The pages' reads on a full-size history: `History.player` and `History.chat` (all time and a past
season) on SQLite and PostgreSQL, seeded by `cardbot seed-history`'s builder (adapters/sql/seed.py:
10,000 games, 2,000 players, 200 groups, 3 seasons by default).

Each read is timed for people and chats drawn at random, weighted by their number of games (as
traffic would be: the busiest people and groups get their pages opened most), one after another on
one store (its engine's pool warm), `--calls` each; it prints p50 and p99 in milliseconds, against
the goal of 50 ms at p99 (the HTTP layer adds a little on top). `--explain` prints the plan of
every statement of the busiest person's page and the busiest chat's (EXPLAIN QUERY PLAN on SQLite,
EXPLAIN on PostgreSQL).

    python -m bench.history [--store sqlite|postgres|both] [--games 10000] [--calls 500] [--explain]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import tempfile
import time
from collections.abc import Awaitable, Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from sqlalchemy import event

from adapters.sql.migrate import upgrade
from adapters.sql.seed import Seeded, seed_history
from adapters.sql.store import SqlStore
from bench.tables import p50_p99

GOAL_P99_MS = 50.0


def seeded_sqlite(folder: Path, args: argparse.Namespace) -> tuple[str, Seeded]:
    url = f"sqlite:///{folder / 'history.db'}"
    upgrade(url)
    return url, seed(url, args)


def seeded_postgres(args: argparse.Namespace) -> tuple[str, Seeded] | None:
    from tests import postgres  # the bench runs from the repository, beside its tests

    if not postgres.available():
        print(
            "postgresql: no PostgreSQL server (install Debian's postgresql or set CARDBOT_TEST_POSTGRES_URL); skipped"
        )
        return None
    url = postgres.fresh_database(durable=True)
    return url, seed(url, args)


def seed(url: str, args: argparse.Namespace) -> Seeded:
    return seed_history(url, args.games, args.players, args.groups, args.seasons, args.seed)


Figures = dict[str, tuple[float, float, float, float]]


def timings(url: str, built: Seeded, calls: int, seed: int) -> Figures:
    """p50 and p99 (ms) of each read over `calls` calls each: wall time, then this process's CPU
    time (on a machine shared with other work the wall time's tail is mostly waiting for a core)."""
    rng = random.Random(seed)
    people = rng.choices([p for p, _ in built.people], [n for _, n in built.people], k=calls)
    chats = rng.choices([c for c, _ in built.chats], [n for _, n in built.chats], k=calls)
    past = built.seasons[-2] if len(built.seasons) > 1 else built.seasons[0]

    async def run() -> Figures:
        store = SqlStore(url)
        try:
            reads: dict[str, Callable[[int], Awaitable[object]]] = {
                "player": lambda i: store.player(people[i]),
                "chat, all time": lambda i: store.chat(chats[i]),
                f"chat, season {past}": lambda i: store.chat(chats[i], past),
            }
            figures = {}
            for name, read in reads.items():
                await read(0)  # (the first call prepares what later ones reuse)
                took, cpu = [], []
                for i in range(calls):
                    began, used = time.perf_counter(), time.process_time()
                    assert await read(i) is not None
                    took.append(time.perf_counter() - began)
                    cpu.append(time.process_time() - used)
                figures[name] = (*p50_p99(took), *p50_p99(cpu))
            return figures
        finally:
            await store.close()

    return asyncio.run(run())


@contextmanager
def statements(store: SqlStore) -> Iterator[list[tuple[str, Any]]]:
    """The statements the store runs meanwhile, with their parameters."""
    seen: list[tuple[str, Any]] = []

    def record(conn: Any, cursor: Any, sql: str, params: Any, context: Any, many: bool) -> None:
        seen.append((sql, params))

    event.listen(store.engine, "before_cursor_execute", record)
    try:
        yield seen
    finally:
        event.remove(store.engine, "before_cursor_execute", record)


def plans(url: str, built: Seeded) -> list[tuple[str, list[str]]]:
    """Each statement of the busiest person's page and the busiest chat's (a past season), with its plan."""
    past = built.seasons[-2] if len(built.seasons) > 1 else built.seasons[0]

    async def run() -> list[tuple[str, list[str]]]:
        store = SqlStore(url)
        try:
            with statements(store) as seen:
                await store.player(built.people[0][0])
                await store.chat(built.chats[0][0], past)

            def explain(conn: Any) -> list[tuple[str, list[str]]]:
                found = []
                for sql, params in seen:
                    if not sql.lstrip().upper().startswith("SELECT"):
                        continue
                    raw = conn.connection.driver_connection
                    if store.postgres:
                        with raw.cursor() as cursor:
                            cursor.execute("EXPLAIN " + sql, params)
                            lines = [row[0] for row in cursor.fetchall()]
                    else:
                        lines = [row[3] for row in raw.execute("EXPLAIN QUERY PLAN " + sql, params).fetchall()]
                    found.append((" ".join(sql.split()), lines))
                return found

            return await store.db.reading(explain)
        finally:
            await store.close()

    return asyncio.run(run())


def report(kind: str, url: str, built: Seeded, args: argparse.Namespace) -> Figures:
    print(
        f"{kind}: seeded {built.games:,} games of {len(built.people):,} people in {len(built.chats):,} chats, "
        f"seasons {', '.join(built.seasons)}, in {built.seconds:.1f} s"
    )
    figures = timings(url, built, args.calls, args.seed)
    print(f"  {'':<22} {'p50 ms':>8} {'p99 ms':>8}   {'cpu p50':>8} {'cpu p99':>8}   ({args.calls} calls each)")
    for name, (p50, p99, cpu50, cpu99) in figures.items():
        verdict = "ok" if p99 < GOAL_P99_MS else f"over the {GOAL_P99_MS:.0f} ms goal"
        print(f"  {name:<22} {p50:8.2f} {p99:8.2f}   {cpu50:8.2f} {cpu99:8.2f}   {verdict}")
    if args.explain:
        for sql, lines in plans(url, built):
            print(f"  -- {sql}")
            for line in lines:
                print(f"       {line}")
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", default="both", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--groups", type=int, default=200)
    parser.add_argument("--seasons", type=int, default=3)
    parser.add_argument("--calls", type=int, default=500, help="calls of each read")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--explain", action="store_true", help="print the plan of each statement")
    args = parser.parse_args(argv)
    print(f"machine: {os.cpu_count()} cores, {cpu_model()}")
    if args.store in ("sqlite", "both"):
        with tempfile.TemporaryDirectory(prefix="cardbot-history-") as folder:
            url, built = seeded_sqlite(Path(folder), args)
            report("sqlite", url, built, args)
    if args.store in ("postgres", "both"):
        made = seeded_postgres(args)
        if made is not None:
            report("postgresql", *made, args)
            from tests import postgres

            postgres.drop_made()
    return 0


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return "unknown CPU"


if __name__ == "__main__":
    raise SystemExit(main())
