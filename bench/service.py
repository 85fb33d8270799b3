"""What a move costs in the service, against what its SQL alone costs; and how many moves a second
the service persists on the production path. On a SQLite file and on PostgreSQL 15 (a throwaway
local server, fsync on), in rounds that alternate the stores, each round in a process of its own
on a fresh database; every figure is printed as the median of the rounds (min-max).

1. Cost of a move, one command at a time: `--cost-tables` tables (default 30; Svolota, Speed and
   Racing Demon in turn), one person each pressing the first move of their newest panel
   (`Service.handle(Press)`), computers, turn timers and windows fired one deadline at a time
   (`Service.fire`, what the scheduler's tick calls), on a fake clock, until `--cost-moves`
   commands that logged a move were timed. A command's time runs from the call to its return:
   load, apply, save and commit, redraw (drawn into memory). Every SQL statement the store issues
   is recorded with its parameters (SQLAlchemy's cursor events).
   The floor: after the run, every recorded transaction is replayed in the recorded order on a
   fresh database migrated the same way, the same statements with the same parameters issued bare
   through SQLAlchemy (`Connection.exec_driver_sql`, explicit BEGIN/COMMIT, no ORM or expression
   compilation, no Python between statements); a command's floor is the replay time of its
   transactions. Printed: p50/p99 of moves through the service and of their floor, and
   service / floor at p50 (the target is at most 2x).
2. Throughput on the production path, at saturation: `--tables` tables (default 500) under the
   real `Scheduler` on the system clock (bench.load's driver), computers moving as soon as they may
   (Svolota's think time 0; real-time reactions their level's), people pressing as soon as a panel
   with moves is drawn, real-time windows of the production 1.5 s; `--seconds` (default 10) of
   wall time measured. Printed: moves persisted per second of wall time (logged in the measured
   time, every seat's: the target is 1,000/s on SQLite, 500/s on PostgreSQL), press-to-answer
   p50/p99 (a press waits for the writer like any change: the target is p99 < 5 ms), the time a
   fired deadline takes, p50/p99, and the process's CPU time per move persisted.

Memory per table and recovery after a restart are bench.load's (it leaves the bench's own objects
out of memory).

    python -m bench.service [--store sqlite|postgres|both] [--rounds 3] [--tables 500] [--seconds 10]
                            [--cost-tables 30] [--cost-moves 600]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import Engine, create_engine, event

from adapters.sql.database import Database
from adapters.sql.engine import BUSY_TIMEOUT_MS, with_driver
from adapters.sql.startup import open_store
from adapters.sql.store import SqlStore
from bench import load
from bench.tables import LastPanels, next_move, open_tables, p50_p99, postgres_url, sqlite_url
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Press
from bot.settings import ServiceConfig

COST_CONFIG = ServiceConfig(idle_seconds=10_000)
BATCH = 32
T = TypeVar("T")
TARGETS = {"ratio": 2.0, "sqlite": 1000.0, "postgres": 500.0, "press p99": 5.0}


# ----- 1. the cost of a move, and its floor ----------------------------------------------------

Statement = tuple[str, Any, bool]  # SQL, its DBAPI parameters, executemany


class Recorder:
    """Every transaction the store's engine runs, as the statements the driver received, in the
    order they were committed (one command at a time: the order they ran)."""

    def __init__(self, engine: Engine) -> None:
        self.transactions: list[list[Statement]] = []
        sqlite = engine.dialect.name == "sqlite"

        @event.listens_for(engine, "begin")
        def begin(conn: Any) -> None:
            if not sqlite:  # (SQLite's BEGIN is a statement the store issues, recorded below)
                conn.info["recorded"] = [("BEGIN", None, False)]

        @event.listens_for(engine, "before_cursor_execute")
        def statement(conn: Any, _cursor: Any, sql: str, parameters: Any, _context: Any, many: bool) -> None:
            conn.info.setdefault("recorded", []).append((sql, parameters, many))

        @event.listens_for(engine, "commit")
        def commit(conn: Any) -> None:
            self.transactions.append([*conn.info.pop("recorded", []), ("COMMIT", None, False)])

        @event.listens_for(engine, "rollback")
        def rollback(conn: Any) -> None:
            self.transactions.append([*conn.info.pop("recorded", []), ("ROLLBACK", None, False)])


def bare_engine(url: str) -> Engine:
    """An engine with the store's SQLite settings but nothing between the statements: the
    replay says BEGIN and COMMIT itself."""
    engine = create_engine(with_driver(url), isolation_level="AUTOCOMMIT")
    if engine.dialect.name == "sqlite":

        @event.listens_for(engine, "connect")
        def on_connect(dbapi_connection: Any, _record: Any) -> None:
            dbapi_connection.isolation_level = None
            for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON"):
                dbapi_connection.execute(f"PRAGMA {pragma}")
            dbapi_connection.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")

    return engine


def replay(url: str, transactions: list[list[Statement]]) -> list[float]:
    """Each transaction's time, replayed in order on the fresh database at `url`, seconds."""
    engine = bare_engine(url)
    took: list[float] = []
    try:
        with engine.connect() as conn:
            run = conn.exec_driver_sql
            for statements in transactions:
                started = time.perf_counter()
                for sql, parameters, _many in statements:
                    run(sql, parameters) if parameters is not None else run(sql)
                took.append(time.perf_counter() - started)
    finally:
        engine.dispose()
    return took


@dataclass
class Timed:
    seconds: float
    in_store: float  # of which awaiting the store's calls (their thread hops included)
    transactions: range  # of the recorded ones
    move: bool  # it logged a move


@dataclass
class Cost:
    timed: list[Timed] = field(default_factory=list)
    recorded: list[list[Statement]] = field(default_factory=list)
    logged: int = 0  # commands that logged a move

    def moves(self) -> list[Timed]:
        return [t for t in self.timed if t.move]


class TimedDatabase(Database):
    """The store's database, adding up the time its calls take (one command at a time: the command's)."""

    spent = 0.0

    async def run(self, call: Callable[..., T], *args: Any) -> T:
        started = time.perf_counter()
        try:
            return await super().run(call, *args)
        finally:
            self.spent += time.perf_counter() - started


async def cost(url: str, tables: int, moves: int) -> Cost:
    """Tables played one command at a time on a fake clock until `moves` commands logged a move;
    every command timed, every transaction recorded."""
    open_store(url)  # (migrated)
    db = TimedDatabase(url)
    store = SqlStore(url, db)
    recorder = Recorder(store.engine)
    clock, notifier = FakeClock(), LastPanels()
    service = bootstrap(store, notifier, clock, COST_CONFIG, seed=1)
    people = await open_tables(service, store, tables)
    figures = Cost(recorded=recorder.transactions)

    async def timed(command: Awaitable[Any]) -> None:
        first, db.spent = len(recorder.transactions), 0.0
        started = time.perf_counter()
        await command
        took = time.perf_counter() - started
        done = range(first, len(recorder.transactions))
        # (PostgreSQL writes a move inside its save's one statement, a WITH: postgres_save.py)
        logged = any("INSERT INTO moves" in sql for i in done for sql, _, _ in recorder.transactions[i])
        figures.timed.append(Timed(took, db.spent, done, logged))
        figures.logged += logged

    while figures.logged < moves:
        for _, actor in people:
            token = next_move(notifier, actor)
            if token is not None:
                await timed(service.handle(Press(actor, token)))
        due = await service.firing.next_due()
        if due is None:
            break
        clock.advance(max(0.0, due - clock.now()))
        for deadline in await store.due_batch(clock.now(), BATCH):
            await timed(service.firing.fire(deadline))
    await store.close()
    return figures


def cost_figures(url: str, replay_url: str, tables: int, moves: int) -> dict[str, Any]:
    """The cost run at `url`, its floor replayed at `replay_url` (a fresh database)."""
    figures = asyncio.run(cost(url, tables, moves))
    asyncio.run(open_store(replay_url).close())  # migrated as the first (PostgreSQL's are from one template)
    floor = replay(replay_url, figures.recorded)
    service = [t.seconds for t in figures.moves()]
    in_store = [t.in_store for t in figures.moves()]
    floors = [sum(floor[i] for i in t.transactions) for t in figures.moves()]
    s50, s99 = p50_p99(service)
    st50, st99 = p50_p99(in_store)
    f50, f99 = p50_p99(floors)
    per_move = [len(figures.recorded[i]) - 2 for t in figures.moves() for i in t.transactions]
    return {
        "moves": len(service),
        "service p50": s50,
        "service p99": s99,
        "store p50": st50,
        "store p99": st99,
        "floor p50": f50,
        "floor p99": f99,
        "ratio": s50 / f50 if f50 else 0.0,
        "store ratio": st50 / f50 if f50 else 0.0,
        "statements per move": sum(per_move) / max(1, len(service)),
    }


# ----- 2. throughput on the production path --------------------------------------------------


def throughput_figures(url: str, tables: int, seconds: float) -> dict[str, Any]:
    figures = asyncio.run(load.run(url, tables, seconds, load.config_for(0.0, 1.5), pause=(0.0, 0.0)))
    press, fire = p50_p99(figures.presses), p50_p99(figures.fire_seconds)
    return {
        "moves/s": figures.moves / figures.seconds,
        "press p50": press[0],
        "press p99": press[1],
        "fire p50": fire[0],
        "fire p99": fire[1],
        "cpu per move": figures.cpu_seconds / max(1, figures.moves) * 1000,
        "errors": figures.errors,
        "messages": figures.messages,
    }


# ----- rounds, alternating the stores, each run in a process of its own ------------------------


def _fresh(kind: str, folder: Path) -> str | None:
    return sqlite_url(folder) if kind == "sqlite" else postgres_url()


def _spawn(kind: str, part: str, urls: list[str], args: argparse.Namespace) -> dict[str, Any]:
    argv = [sys.executable, "-m", "bench.service", "--child", part, "--kind", kind]
    argv += [f"--url={u}" for u in urls]
    argv += ["--tables", str(args.tables), "--seconds", str(args.seconds)]
    argv += ["--cost-tables", str(args.cost_tables), "--cost-moves", str(args.cost_moves)]
    done = subprocess.run(argv, cwd=Path(__file__).resolve().parents[1], capture_output=True, text=True)
    if done.returncode != 0:
        raise RuntimeError(f"bench.service {part} on {kind} failed:\n{done.stderr[-3000:]}")
    result: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def spread(rounds: list[dict[str, Any]], key: str, digits: int = 2) -> str:
    """The median of `key` over the rounds (min-max)."""
    values = [r[key] for r in rounds]
    return f"{statistics.median(values):,.{digits}f} ({min(values):,.{digits}f}-{max(values):,.{digits}f})"


def report(kind: str, costs: list[dict[str, Any]], runs: list[dict[str, Any]], args: argparse.Namespace) -> None:
    name = "sqlite" if kind == "sqlite" else "postgresql"
    rounds = max(len(costs), len(runs))
    print(f"{name} store, {rounds} round{'s' if rounds != 1 else ''} (median (min-max) of the rounds):")
    if costs:
        print(
            f"  cost of a move, one command at a time ({args.cost_tables} tables, {costs[0]['moves']} moves a round):"
        )
        col = partial(spread, costs)
        print(f"    through the service: p50 {col('service p50')} ms   p99 {col('service p99')} ms")
        print(f"    of which in the store's calls: p50 {col('store p50')} ms   p99 {col('store p99')} ms")
        print(f"    its SQL replayed bare (floor): p50 {col('floor p50')} ms   p99 {col('floor p99')} ms")
        print(f"    statements per move {col('statements per move', 1)}")
        ratio = statistics.median(c["ratio"] for c in costs)
        verdict = "met" if ratio <= TARGETS["ratio"] else "not met"
        print(f"    service / floor at p50: {col('ratio')}x (target <= {TARGETS['ratio']:g}x: {verdict})")
        print(f"    store / floor at p50: {col('store ratio')}x")
    if runs:
        print(f"  throughput, production path at saturation ({args.tables} tables, {args.seconds:g} s a round):")
        col = partial(spread, runs)
        per_second = statistics.median(r["moves/s"] for r in runs)
        target = TARGETS[kind]
        verdict = "met" if per_second >= target else "not met"
        print(f"    moves persisted: {col('moves/s', 0)}/s of wall time (target >= {target:,.0f}/s: {verdict})")
        p99 = statistics.median(r["press p99"] for r in runs)
        verdict = "met" if p99 < TARGETS["press p99"] else "not met"
        print(
            f"    press to answer: p50 {col('press p50')} ms   p99 {col('press p99')} ms (target p99 < 5 ms: {verdict})"
        )
        print(f"    a fired deadline: p50 {col('fire p50')} ms   p99 {col('fire p99')} ms")
        print(f"    the process's CPU time per move persisted (every thread): {col('cpu per move')} ms")
        errors = sum(r["errors"] for r in runs)
        print(f"    errors: {errors}")
        for r in runs:
            for message in r["messages"]:
                print(f"      {message}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", default="both", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--tables", type=int, default=500, help="tables in the throughput run")
    parser.add_argument("--seconds", type=float, default=10.0, help="wall time measured per throughput run")
    parser.add_argument("--cost-tables", type=int, default=30)
    parser.add_argument("--cost-moves", type=int, default=600)
    parser.add_argument("--skip", choices=["cost", "throughput"], help="leave one part out")
    parser.add_argument("--child", choices=["cost", "throughput"], help=argparse.SUPPRESS)
    parser.add_argument("--url", action="append", default=[], help=argparse.SUPPRESS)
    parser.add_argument("--kind", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child == "cost":
        print(json.dumps(cost_figures(args.url[0], args.url[1], args.cost_tables, args.cost_moves)))
        return 0
    if args.child == "throughput":
        print(json.dumps(throughput_figures(args.url[0], args.tables, args.seconds)))
        return 0
    kinds = ["sqlite", "postgres"] if args.store == "both" else [args.store]
    parts = [p for p in ("cost", "throughput") if p != args.skip]
    figures: dict[tuple[str, str], list[dict[str, Any]]] = {(k, p): [] for k in kinds for p in parts}
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(args.rounds):
            for part in parts:
                for kind in kinds:  # the stores take turns, so a disturbance hits both alike
                    urls = [_fresh(kind, Path(folder)) for _ in range(2 if part == "cost" else 1)]
                    if None in urls:
                        kinds.remove(kind)
                        continue
                    figures[kind, part].append(_spawn(kind, part, [u for u in urls if u], args))
                    if kind == "postgres":
                        from tests import postgres

                        postgres.drop_made()
    for kind in kinds:
        report(kind, figures.get((kind, "cost"), []), figures.get((kind, "throughput"), []), args)
    return 1 if any(r.get("errors") for runs in figures.values() for r in runs) else 0


if __name__ == "__main__":
    sys.exit(main())
