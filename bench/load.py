"""Load: N concurrent tables (default 500; Svolota, Speed and Racing Demon in turn) played to the
end through the whole service and a real store, SQLite and PostgreSQL. Each table has one person,
played by this script through their panel's buttons (a legal move at random, pressed as soon as the
panel is drawn), and computer players; all tables are opened and in play at once, each driven by
its own asyncio task. The clock is fake and moves in scheduler passes of TICK game seconds: every
deadline that fell due in a pass (computer moves, turn timers, reaction windows) is fired through
the service, the tables' tasks concurrently, each table's deadlines in order.

Prints moves per second of wall time, p50/p99 latency per move, errors and memory per table.
Errors are exceptions out of the service, refused presses (the script presses only buttons the
service has just drawn, so every refusal is a fault) and tables that did not finish; the exit code
is 1 if there are any.

    python -m bench.load [--tables 500] [--store sqlite|postgres|both] [--database-url URL]

PostgreSQL: a fresh migrated database on a throwaway server with fsync on (tests/postgres.py;
CARDBOT_TEST_POSTGRES_URL names a running server instead), or the database at --database-url
(an empty or throwaway one: the benchmark fires every due timer in it). Without a server the
PostgreSQL run says so and is skipped.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import subprocess
import sys
import tempfile
import time
import traceback
from array import array
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from adapters.sql.startup import open_store
from bench.service import CONFIG, LastPanels, next_move, open_table, open_tables, p50_p99, rss, sqlite_url
from bot.clock import FakeClock
from bot.commands import Press
from bot.deadlines import Deadline, Kind
from bot.people import Actor
from bot.service import Service
from bot.store import MemoryStore, Store
from bot.tables import Status

TICK = 0.2  # game seconds per scheduler pass (bot/scheduler.py polls every 0.2 s)
MAX_GAME_SECONDS = 3600.0  # a table still playing after this much game time did not finish
MOVE_KINDS = (Kind.COMPUTER, Kind.TURN)  # deadlines that are a seat's move (the rest: windows, expiries)
SHOWN_ERRORS = 5
STORES = ("sqlite", "postgres")


@dataclass
class Load:
    tables: int
    finished: int = 0
    moves: int = 0  # logged game moves, every seat's
    moves_by: Counter[str] = field(default_factory=Counter)  # person, computer, timer, window
    move_latency: array[float] = field(default_factory=lambda: array("d"))  # presses and computer turns, s
    other_latency: array[float] = field(default_factory=lambda: array("d"))  # windows and other deadlines, s
    exceptions: int = 0
    refused: int = 0
    messages: list[str] = field(default_factory=list)  # the first few errors
    open_seconds: float = 0.0  # wall time to open and start every table
    play_seconds: float = 0.0  # wall time from the first move to the last table finished
    game_seconds: float = 0.0  # fake-clock time the play took
    peak_rss_growth: int = 0  # bytes, over the process's RSS before the first table was opened

    @property
    def unfinished(self) -> int:
        return self.tables - self.finished

    @property
    def errors(self) -> int:
        return self.exceptions + self.refused + self.unfinished

    @property
    def kib_per_table(self) -> float:
        """Peak RSS growth less the latency records this script kept, per table."""
        records = (len(self.move_latency) + len(self.other_latency)) * self.move_latency.itemsize
        return max(0, self.peak_rss_growth - records) / max(1, self.tables) / 1024

    def error(self, message: str) -> None:
        if len(self.messages) < SHOWN_ERRORS:
            self.messages.append(message)


class Driver:
    """The tables' tasks and the scheduler passes around one service on a fake clock."""

    def __init__(self, service: Service, store: Store, clock: FakeClock, notifier: LastPanels, load: Load) -> None:
        self.service, self.store, self.clock, self.notifier, self.load = service, store, clock, notifier, load
        self.people: dict[int, tuple[Actor, random.Random]] = {}  # table -> its person, their choices
        self.baseline = rss()  # before the first table is opened

    async def open(self, i: int) -> None:
        table_id, actor = await open_table(self.service, self.store, i)
        self.people[table_id] = actor, random.Random(i)
        await self.press(table_id)  # a Svolota person may lead

    async def press(self, table_id: int) -> None:
        """The person presses a move on each panel drawn for them, at once: one of the panel's
        moves at random (the first, always, could shuffle a run between two Racing Demon work piles
        for ever, while a turn of the stock would have moved the game on)."""
        if table_id not in self.people:
            return
        actor, rng = self.people[table_id]
        while (move := next_move(self.notifier, actor, rng)) is not None:
            started = time.perf_counter()
            try:
                reply = await self.service.handle(Press(actor, move))
            except Exception:
                self.load.exceptions += 1
                self.load.error(f"press {move} at table {table_id}: {traceback.format_exc()}")
                return
            self.load.move_latency.append(time.perf_counter() - started)
            if not reply.ok:
                self.load.refused += 1
                self.load.error(f"press {move} at table {table_id} refused: {reply.text}")

    async def fire(self, table_id: int, deadlines: list[Deadline]) -> None:
        """One table's due deadlines in order, its person answering each redraw before the next."""
        for deadline in deadlines:
            started = time.perf_counter()
            try:
                await self.service.fire(deadline)
            except Exception:
                self.load.exceptions += 1
                self.load.error(f"deadline {deadline}: {traceback.format_exc()}")
                continue
            took = time.perf_counter() - started
            (self.load.move_latency if deadline.kind in MOVE_KINDS else self.load.other_latency).append(took)
            await self.press(table_id)

    async def play(self) -> None:
        """Scheduler passes until no deadline is left (every table finished) or the game-time limit."""
        start = self.clock.now()
        while True:
            due = await self.service.next_due()
            if due is None or due > start + MAX_GAME_SECONDS:
                break
            self.clock.advance(max(TICK, due - self.clock.now()))
            by_table: defaultdict[int, list[Deadline]] = defaultdict(list)
            for deadline in await self.store.due(self.clock.now()):
                by_table[deadline.table_id].append(deadline)
            await asyncio.gather(*(self.fire(table_id, found) for table_id, found in by_table.items()))
            self.load.peak_rss_growth = max(self.load.peak_rss_growth, rss() - self.baseline)
        self.load.game_seconds = self.clock.now() - start


async def run(url: str, tables: int) -> Load:
    """Open `tables` tables on the database at `url` (migrated first) and play them all to the end."""
    await _warm_up()
    store = open_store(url)
    clock, notifier = FakeClock(), LastPanels()
    load = Load(tables)
    driver = Driver(Service(store, notifier, clock, CONFIG, seed=1), store, clock, notifier, load)
    started = time.perf_counter()
    await asyncio.gather(*(driver.open(i) for i in range(tables)))
    load.open_seconds = time.perf_counter() - started
    load.peak_rss_growth = rss() - driver.baseline
    started = time.perf_counter()
    await driver.play()
    load.play_seconds = time.perf_counter() - started
    for table_id in driver.people:
        table = await store.load(table_id)
        if table is None or table.status is not Status.FINISHED:
            load.error(f"table {table_id} did not finish: {table and table.status}")
            continue
        load.finished += 1
        load.moves += table.moves
        load.moves_by.update(m.by for m in await store.moves(table_id))
    store.engine.dispose()
    return load


async def _warm_up() -> None:
    """Import and load what the first table of each game would (games, computers, screens,
    translations) on a throwaway memory store, so memory per table counts tables only."""
    store = MemoryStore()
    await open_tables(Service(store, LastPanels(), FakeClock(), CONFIG, seed=1), store, 3)


def report(kind: str, load: Load) -> None:
    p50, p99 = p50_p99(load.move_latency)
    w50, w99 = p50_p99(load.other_latency)
    wall = load.open_seconds + load.play_seconds
    print(f"{kind} store: {load.tables} tables (Svolota, Speed, Racing Demon in turn), all in play at once, to the end")
    print(f"  finished: {load.finished}/{load.tables}  game time {load.game_seconds:,.0f} s (fake clock)")
    print(f"  wall time: {wall:.1f} s (opening {load.open_seconds:.1f} s, play {load.play_seconds:.1f} s)")
    by = ", ".join(f"{count} by {who}" for who, count in sorted(load.moves_by.items(), key=lambda kv: -kv[1]))
    print(f"  moves: {load.moves} ({by}), {load.moves / max(load.play_seconds, 1e-9):,.0f}/s of wall time")
    calls = len(load.move_latency) + len(load.other_latency)
    print(f"  service calls (presses and deadlines): {calls}, {calls / max(load.play_seconds, 1e-9):,.0f}/s")
    print(
        f"  per move (a press or a computer's turn, {len(load.move_latency)}): p50 {p50:.2f} ms  p99 {p99:.2f} ms;"
        f"  other deadlines (windows, {len(load.other_latency)}): p50 {w50:.2f} ms  p99 {w99:.2f} ms"
    )
    print(
        f"  errors: {load.errors} (exceptions {load.exceptions}, refused presses {load.refused}, "
        f"unfinished tables {load.unfinished})"
    )
    for message in load.messages:
        print("    " + message.rstrip().replace("\n", "\n    "))
    print(f"  memory per table: {load.kib_per_table:.1f} KiB (peak process RSS growth / tables)")


def postgres_url() -> str | None:
    """A fresh migrated database on a throwaway server with fsync on, or None (said why) if there is
    no PostgreSQL server here."""
    from tests import postgres  # the bench runs from the repository, beside its tests

    if not postgres.available():
        print(
            "postgresql store: no PostgreSQL server (install Debian's postgresql or set "
            "CARDBOT_TEST_POSTGRES_URL); skipped"
        )
        return None
    try:
        return postgres.fresh_database(durable=True)
    except Exception as e:
        if postgres.required():
            raise
        print(f"postgresql store: the PostgreSQL server did not start ({e}); skipped")
        return None


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", default="both", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--tables", type=int, default=500)
    parser.add_argument("--database-url", help="PostgreSQL: this database instead of a fresh one")
    args = parser.parse_args(argv)
    if args.store == "both":  # each store in a process of its own, so memory figures do not mix
        rest = ["--tables", str(args.tables)] + (["--database-url", args.database_url] if args.database_url else [])
        runs = [subprocess.run([sys.executable, "-m", "bench.load", "--store", kind, *rest]) for kind in STORES]
        return max(r.returncode for r in runs)
    with tempfile.TemporaryDirectory() as folder:
        url = sqlite_url(Path(folder)) if args.store == "sqlite" else args.database_url or postgres_url()
        if url is None:
            return 0
        load = asyncio.run(run(url, args.tables))
        report("sqlite" if args.store == "sqlite" else "postgresql", load)
    return 1 if load.errors else 0


if __name__ == "__main__":
    sys.exit(main())
