"""Load on the production path: N open tables (default 100, 500 and 1,000; Svolota, Speed and
Racing Demon in turn) on a database file, SQLite and PostgreSQL, driven by the real scheduler
(`bot.scheduler.Scheduler(service, SystemClock()).restore_and_run()` as an asyncio task, as the
Telegram and Discord apps run it) on the system clock.

Each table has one person and computer players. The computers, turn timers and real-time windows
are driven only by the scheduler. The person is played by this script through their panel's
buttons (`Press` through `Service.handle`): when a panel offering moves is drawn for them they
wait 0.3-1.5 s (a human's pace), then press one of the moves of the panel on screen by then, at
random. Computers think 0.6 s in Svolota (`--think`; their real-time reactions are their level's)
and real-time windows last 1 s (`--window`), so games move in a short run; tables need not finish.
The tables are opened with the scheduler already running; then, for at most `--settle` seconds
(20), the bench waits for the deadlines that fell due while they opened to be worked off (at most
one overdue for 20 tables: opening a thousand tables in seconds leaves a backlog no steady day has;
a process that cannot keep up never gets there, and the report says the measured time begins
behind); then `--seconds` of wall time are measured. Printed, for each store and each size:

- moves per second of wall time: the moves logged in the measured time (every seat's), per second;
- press-to-answer latency p50/p99: the time of `await service.handle(Press(...))`;
- deadline lateness p50/p99/max: the clock at the moment the scheduler fires a deadline, less its
  due time (noted by a subclass of the service that wraps `fire`; bot/ is unchanged), and the
  deadlines due but not yet fired at the start and the end of the measured time;
- event-loop lag p99/max: a task sleeping 10 ms in a loop, lag = the time it slept less 10 ms;
- progress: the tables whose version moved in the measured time, of N (a table that had finished
  before it began is counted apart, and so is one that moved only in a grace after it, which the
  load test gives; any other is stalled, and an error);
- errors: exceptions (out of the service, a deadline's, the script's own), ERROR log lines,
  refused presses and tables set aside. In real time a press can lose a race ("too slow: ..."), or
  come after the game ended: those are answered refusals and counted apart, not as errors; in
  Svolota, or of any other kind, a refusal of a button just drawn is an error;
- memory per table: the process's RSS growth from before the tables were opened to the end of
  the measured time, per table, less the bench's own records (latencies, the newest panel's
  buttons it keeps per person); the bench's per-table objects (people, their random generators
  and tasks) are made before the first measurement, so they are not counted.

Then a restart: with `--restart-tables` tables (default 1,000) open in the database as the run of
that size left them (their deadlines falling due while nothing runs), a fresh process opens a new
store (`open_store`, migrations checked) and service, starts `Scheduler.restore_and_run()` and, as
soon as the restore's first read is on its way, presses a person's button (a Svolota move on the
panel they had when the run stopped, else "my panel"). Printed: the time from the new store to "ready" (that press
answered), also from the process's spawn (imports included); the time until the restore finished
and the first tick batch ran; and until every deadline that was due when it began had fired (the
tables go on arming new ones meanwhile).

The exit code is 1 if there are any errors. Each run (store and size) and each restart runs in a
process of its own, so memory figures do not mix (a single run with one store and one size runs in
this process; the restart always in a new one).

    python -m bench.load [--store sqlite|postgres|both] [--tables 100,500,1000] [--seconds 20]
                         [--settle 20] [--restart-tables 1000] [--think 0.6] [--window 1.0] [--database-url URL]

PostgreSQL: a fresh migrated database for each run on a throwaway server with fsync on
(tests/postgres.py; CARDBOT_TEST_POSTGRES_URL names a running server instead), or the database at
--database-url (an empty or throwaway one: the runs use it one after another, and the tables of
chats of the "bench" platform are cancelled before and after each). Without a server the
PostgreSQL run says so and is skipped.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import logging
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from array import array
from collections import Counter
from collections.abc import Collection, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from sqlalchemy import delete, func, select, update
from sqlalchemy.pool import NullPool

from adapters.sql.engine import make_engine
from adapters.sql.models import Base
from adapters.sql.startup import open_store
from bench.tables import GAMES, LastPanels, open_table, open_tables, p50_p99, postgres_url, rss, sqlite_url
from bot import heap
from bot.bootstrap import bootstrap
from bot.clock import FakeClock, SystemClock
from bot.commands import Press
from bot.deadlines import Deadline
from bot.games import game_info
from bot.memory_store import MemoryStore
from bot.observers import Observer
from bot.people import Actor, ChatRef, PersonRef
from bot.scheduler import Scheduler
from bot.service import Service
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.tokens import Token, decode
from bot.ui.screen import Screen

STORES = ("sqlite", "postgres")
SIZES = "100,500,1000"
PLATFORM = "bench"  # the chats' platform: the bench's tables are found by it
PAUSE = (0.3, 1.5)  # seconds a person looks at a new panel before pressing
LAG_STEP = 0.01  # the lag sampler's sleep
OPENING = 16  # tables opened at once
SETUP_SECONDS = 5.0  # a run that only sets up the restart's tables
SETTLE = 20.0  # seconds at most between opening the tables and measuring (--settle)
SETTLED = 0.05  # deadlines overdue a table at most for the opening's backlog to count as worked off
RESTART_TIMEOUT = 60.0  # seconds a restart may take to fire what was overdue when it began
SHOWN_ERRORS = 5
TARGETS = {"restart ready": 5.0, "loop lag p99": 50.0, "press p99": 100.0}  # s, ms, ms (the issue's)
LATE = ("this game is over", "the game is not running")  # a real-time game ended while they looked
OPEN = [s.value for s in Status if s.open]
Row = tuple[int, str, str | None]  # a table's version, status and why it was set aside (None: it was not)
_t = Base.metadata.tables
tables_t, moves_t, timers_t = _t["tables"], _t["moves"], _t["timers"]


def config_for(think: float, window: float) -> ServiceConfig:
    """The service's defaults but for computers' thinking in Svolota and real-time windows."""
    return ServiceConfig(computer_think=think, window_seconds=window)


CONFIG = config_for(0.6, 1.0)


@dataclass
class Person:
    """One table's person: made before the tables, so memory figures leave them out."""

    i: int
    actor: Actor
    rng: random.Random
    real_time: bool
    drawn: asyncio.Event = field(default_factory=asyncio.Event)
    moves: tuple[str, ...] = ()  # the move buttons of their newest panel
    draws: int = 0  # panels drawn for them
    pressing: bool = False
    table_id: int | None = None


@dataclass
class Load:
    tables: int
    seconds: float = 0.0  # wall time measured
    cpu_seconds: float = 0.0  # the process's CPU time (every thread's) in the measured time
    lanes: int = 0  # the store's firing lanes (CARDBOT_FIRING_LANES)
    # PostgreSQL, in the measured time: changes' locked loads, and those played on the kept table
    kept: tuple[int, int] = (0, 0)
    open_seconds: float = 0.0  # wall time to open and start every table (the scheduler running)
    settled: tuple[float, int, int] = (0.0, 0, 0)  # after opening: seconds waited, backlog then and at the end of it
    moves_by: Counter[str] = field(default_factory=Counter)  # logged moves in the measured time
    presses: array[float] = field(default_factory=lambda: array("d"))  # press-to-answer, s
    too_slow: int = 0  # real-time races lost: answered refusals
    ended_first: int = 0  # real time: the game ended while the person looked
    lateness: array[float] = field(default_factory=lambda: array("d"))  # fired - due, s
    fire_seconds: array[float] = field(default_factory=lambda: array("d"))  # the time a fire took, s
    overdue: tuple[int, int] = (0, 0)  # deadlines due and not fired, at the start and the end of the measured time
    fired: Counter[str] = field(default_factory=Counter)  # deadlines fired in the measured time, by kind
    lag: array[float] = field(default_factory=lambda: array("d"))  # event-loop lag samples, s
    max_lag_all: float = 0.0  # the longest lag of the whole run, opening included
    progressed: int = 0
    moved_later: int = 0  # did not move in the measured time, but in the grace after it (`run`'s `grace`)
    finished_before: int = 0
    exceptions: int = 0
    refused: int = 0
    logged: int = 0  # ERROR log lines (what the service catches and logs)
    set_aside: int = 0
    rss_growth: int = 0  # bytes, from before the tables were opened to the end of the measured time
    own_bytes: int = 0  # the bench's records within that growth
    messages: list[str] = field(default_factory=list)
    restart_press: dict[str, Any] | None = None  # a press for the restart to send
    measuring: bool = False

    @property
    def moves(self) -> int:
        return self.moves_by.total()

    @property
    def stalled(self) -> int:
        return self.tables - self.progressed - self.moved_later - self.finished_before

    @property
    def errors(self) -> int:
        return self.exceptions + self.refused + self.logged + self.set_aside + self.stalled

    @property
    def kib_per_table(self) -> float:
        return max(0, self.rss_growth - self.own_bytes) / max(1, self.tables) / 1024

    def error(self, message: str) -> None:
        if len(self.messages) < SHOWN_ERRORS:
            self.messages.append(message)


class Lateness(Observer):
    """Each deadline's lateness, noted as the scheduler fires it, and each failure."""

    def __init__(self, load: Load) -> None:
        self.load = load

    def fired(self, deadline: Deadline, acted: int | None, started: float, seconds: float) -> None:
        if acted is not None and self.load.measuring:
            self.load.fire_seconds.append(seconds)
            self.load.lateness.append(started - deadline.due)
            self.load.fired[deadline.kind] += 1

    def failed(self, table_id: int | None, error: BaseException) -> None:  # the service logs it and rests the table
        self.load.exceptions += 1
        self.load.error(f"table {table_id}: {''.join(traceback.format_exception(error))}")


class Panels:
    """The notifier: keeps only the move buttons of each person's newest panel, and wakes them."""

    def __init__(self, people: dict[PersonRef, Person]) -> None:
        self.people = people

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        for s in screens:
            person = self.people.get(s.audience) if s.audience is not None else None
            if person is not None:
                person.moves = tuple(b.token for row in s.buttons for b in row if b.token and _is_move(b.token))
                person.draws += 1
                person.drawn.set()


class ErrorLog(logging.Handler):
    """Counts ERROR log lines (the service logs what it catches) and keeps the first few."""

    def __init__(self, load: Load) -> None:
        super().__init__(logging.ERROR)
        self.load = load

    def emit(self, record: logging.LogRecord) -> None:
        self.load.logged += 1
        self.load.error(f"log {record.name}: {self.format(record)}")


@contextlib.contextmanager
def errors_logged(load: Load) -> Iterator[None]:
    handler = ErrorLog(load)
    root = logging.getLogger()
    root.addHandler(handler)
    try:
        yield
    finally:
        root.removeHandler(handler)


class Driver:
    """The people of the tables, the lag sampler, and the figures they note."""

    def __init__(self, service: Service, people: list[Person], load: Load, pause: tuple[float, float] = PAUSE) -> None:
        self.service, self.people, self.load, self.pause = service, people, load, pause

    async def person(self, p: Person) -> None:
        """Wait for a panel with moves, look at it for a while, press a move of the panel on screen
        by then. A real-time panel drawn while the press was on its way shows the table from before
        it (the window closed first): it is not pressed; the next window draws the table after."""
        while True:
            await p.drawn.wait()
            p.drawn.clear()
            if not p.moves:
                continue
            await asyncio.sleep(p.rng.uniform(*self.pause))
            if not p.moves:
                continue
            move, p.moves, draws = p.rng.choice(p.moves), (), p.draws
            p.pressing = True
            started = time.perf_counter()
            try:
                reply = await self.service.handle(Press(p.actor, move))
            except Exception:
                self.load.exceptions += 1
                self.load.error(f"press {move} at table {p.table_id}: {traceback.format_exc()}")
                continue
            finally:
                p.pressing = False
            took = time.perf_counter() - started
            if p.real_time and p.draws != draws:
                p.moves = ()
            if self.load.measuring:
                self.load.presses.append(took)
            if reply.ok:
                continue
            text = reply.text or ""
            if p.real_time and text.startswith("too slow"):
                self.load.too_slow += 1
            elif p.real_time and text in LATE:
                self.load.ended_first += 1
            else:
                self.load.refused += 1
                self.load.error(f"press {move} at table {p.table_id} refused: {text}")

    async def sample_lag(self) -> None:
        while True:
            started = time.perf_counter()
            await asyncio.sleep(LAG_STEP)
            lag = time.perf_counter() - started - LAG_STEP
            self.load.max_lag_all = max(self.load.max_lag_all, lag)
            if self.load.measuring:
                self.load.lag.append(lag)

    async def open(self, p: Person, turns: asyncio.Semaphore) -> None:
        async with turns:
            try:
                p.table_id, _ = await open_table(self.service, self.service.store, p.i)
            except Exception:
                self.load.exceptions += 1
                self.load.error(f"opening table {p.i}: {traceback.format_exc()}")


async def run(
    url: str,
    tables: int,
    seconds: float,
    config: ServiceConfig = CONFIG,
    pause: tuple[float, float] = PAUSE,
    settle: float = 0.0,
    grace: float = 0.0,
) -> Load:
    """Open `tables` tables on the migrated database at `url` with the scheduler running, wait up
    to `settle` seconds for the deadlines that fell due while they opened to be worked off, measure
    `seconds` of play, stop (the tables stay open in the database, as a stopped bot leaves them).
    People press `pause` seconds (uniform) after their panel is drawn. A table that did not move
    in the measured time is given up to `grace` seconds more, the play going on, before it counts
    as stalled: on a machine too busy to keep up, a table is late, not stuck (tests/processes/test_load.py)."""
    await warm_up(config)
    load = Load(tables)
    store = open_store(url)
    people = [
        Person(i, Actor(PersonRef(PLATFORM, str(i)), f"P{i}"), random.Random(i), game_info(GAMES[i % 3]).real_time)
        for i in range(tables)
    ]
    clock = SystemClock()
    service = bootstrap(store, Panels({p.actor.person: p for p in people}), clock, config, seed=1)
    service.observers.add(Lateness(load))
    driver = Driver(service, people, load, pause)
    with errors_logged(load):
        pressing = [asyncio.create_task(driver.person(p)) for p in people]
        await asyncio.sleep(0)  # (each person's task waits for a panel)
        heap.freeze()  # as `cardbot telegram` and `cardbot discord` do once started
        baseline = rss()
        timers = asyncio.create_task(Scheduler.of(service).restore_and_run())  # as the apps run it
        sampler = asyncio.create_task(driver.sample_lag())
        started = time.perf_counter()
        turns = asyncio.Semaphore(OPENING)
        await asyncio.gather(*(driver.open(p, turns) for p in people))
        load.open_seconds = time.perf_counter() - started
        ids = [p.table_id for p in people if p.table_id is not None]
        load.settled = await _settle(url, store, clock, tables, settle)

        before = await asyncio.to_thread(snapshot, url, ids)
        overdue_before = await backlog(url, store, clock.now())
        load.measuring, begun, started, cpu = True, clock.now(), time.perf_counter(), time.process_time()
        loads, plays = store.rows.locked_loads, store.rows.kept_plays
        await asyncio.sleep(seconds)
        load.measuring, ended, load.seconds = False, clock.now(), time.perf_counter() - started
        load.kept = store.rows.locked_loads - loads, store.rows.kept_plays - plays
        load.cpu_seconds = time.process_time() - cpu
        load.overdue = overdue_before, await backlog(url, store, ended)
        load.lanes = store.firing_lanes
        load.rss_growth = rss() - baseline
        load.own_bytes = _own_bytes(load, people)
        measured = await asyncio.to_thread(snapshot, url, ids)
        later = await _moved_later(url, before, measured, grace)

        for task in [*pressing, timers, sampler]:
            task.cancel()
        await asyncio.gather(*pressing, timers, sampler, return_exceptions=True)
        await store.close()
    gc.unfreeze()  # the caller's heap is collected as before
    load.moves_by = await asyncio.to_thread(moves_between, url, ids, begun, ended)
    tally(load, before, measured, later)
    load.restart_press = _restart_press(people)
    return load


async def _settle(url: str, store: Any, clock: SystemClock, tables: int, most: float) -> tuple[float, int, int]:
    """Wait (at most `most` seconds) until the deadlines overdue are few (`SETTLED` a table): a
    thousand tables opened in seconds leave a backlog no steady day has, which would otherwise be
    most of the lateness measured. The seconds waited, and the backlog then and at the end."""
    started = time.perf_counter()
    first = now = await backlog(url, store, clock.now())
    while now > SETTLED * tables and time.perf_counter() - started < most:
        await asyncio.sleep(0.5)
        now = await backlog(url, store, clock.now())
    return time.perf_counter() - started, first, now


def tally(load: Load, before: dict[int, Row], after: dict[int, Row], later: Collection[int] = ()) -> None:
    """The tables set aside, finished before the measured time or moved on in it (of those in
    `after`), from their snapshots before and after it, or moved on only `later` (in the grace
    after it): whatever else is stalled."""
    for table_id, (version, status, stopped) in after.items():
        was = before.get(table_id)
        if stopped is not None:
            load.set_aside += 1
            load.error(f"table {table_id} was set aside: {stopped}")
        if was is not None and was[1] not in OPEN:
            load.finished_before += 1
        elif was is not None and version > was[0]:
            load.progressed += 1
        elif table_id in later:
            load.moved_later += 1
        else:
            load.error(f"table {table_id} made no progress in the measured time (version {version}, {status})")


async def _moved_later(url: str, before: dict[int, Row], after: dict[int, Row], grace: float) -> set[int]:
    """The open tables that did not move in the measured time (from `before` to `after`) but do
    within `grace` seconds after it, the play going on."""
    waiting = {
        i for i, (version, _, _) in after.items() if i in before and before[i][1] in OPEN and version <= before[i][0]
    }
    moved: set[int] = set()
    ends = time.perf_counter() + grace
    while waiting - moved and time.perf_counter() < ends:
        await asyncio.sleep(0.5)
        now = await asyncio.to_thread(snapshot, url, waiting - moved)
        moved |= {i for i, (version, _, _) in now.items() if version > before[i][0]}
    return moved


def _own_bytes(load: Load, people: list[Person]) -> int:
    """What the bench's own records hold: latency and lag samples, the move buttons kept."""
    records = sum(a.itemsize * len(a) for a in (load.presses, load.lateness, load.fire_seconds, load.lag))
    buttons = sum(sys.getsizeof(p.moves) + sum(sys.getsizeof(m) for m in p.moves) for p in people if p.moves)
    return records + buttons


def _restart_press(people: list[Person]) -> dict[str, Any] | None:
    """A button for the restart to press at once: a Svolota person's move on the panel they were
    looking at when the run stopped (their turn: nothing else changes that table), or else any
    person's "show my panel"."""
    chosen = next((p for p in people if p.moves and not p.real_time and not p.pressing), None)
    if chosen is not None:
        token = chosen.moves[0]
    else:
        chosen = next((p for p in people if p.table_id is not None), None)
        if chosen is None or chosen.table_id is None:
            return None
        token = Token(chosen.table_id, 0, "panel").encode()
    return {"user": chosen.actor.person.user_id, "name": chosen.actor.name, "token": token}


async def warm_up(config: ServiceConfig) -> None:
    """Import and load what the first table of each game would (games, computers, screens,
    translations) on a throwaway memory store, so memory per table counts tables only."""
    store = MemoryStore()
    await open_tables(bootstrap(store, LastPanels(), FakeClock(), config, seed=1), store, 3)


def _is_move(token: str) -> bool:
    decoded = decode(token)
    return decoded is not None and decoded.action == "move"


# ----- the database, read beside the service ---------------------------------------------------


def _engine(url: str) -> Any:
    return make_engine(url, poolclass=NullPool)


def snapshot(url: str, ids: Collection[int]) -> dict[int, Row]:
    """Each table's version, status and why it was set aside (None: it was not)."""
    engine = _engine(url)
    try:
        with engine.connect() as conn:
            query = select(tables_t.c.id, tables_t.c.version, tables_t.c.status, tables_t.c.stopped)
            rows = conn.execute(query.where(tables_t.c.id.in_(list(ids)))).all()
            return {r.id: (r.version, r.status, r.stopped) for r in rows}
    finally:
        engine.dispose()


def moves_between(url: str, ids: Collection[int], begun: float, ended: float) -> Counter[str]:
    """The moves logged at the tables from `begun` to `ended` (clock time), by who made them."""
    engine = _engine(url)
    try:
        with engine.connect() as conn:
            query = (
                select(moves_t.c.by, func.count())
                .where(moves_t.c.table_id.in_(list(ids)), moves_t.c.at >= begun, moves_t.c.at < ended)
                .group_by(moves_t.c.by)
            )
            return Counter({by: count for by, count in conn.execute(query).all()})
    finally:
        engine.dispose()


async def backlog(url: str, store: Any, now: float) -> int:
    """The deadlines due by `now` and not fired: stored, and (SQLite) held in the store's memory."""
    return await asyncio.to_thread(overdue, url, now) + int(store.held_due(now))


def overdue(url: str, now: float) -> int:
    engine = _engine(url)
    try:
        with engine.connect() as conn:
            return int(conn.scalar(select(func.count()).select_from(timers_t).where(timers_t.c.due <= now)) or 0)
    finally:
        engine.dispose()


def retire(url: str) -> None:
    """Cancel the bench's open tables in a shared database (`--database-url`), timers and all."""
    engine = _engine(url)
    try:
        with engine.begin() as conn:
            ours = select(tables_t.c.id).where(tables_t.c.platform == PLATFORM)
            conn.execute(delete(timers_t).where(timers_t.c.table_id.in_(ours)))
            still = (tables_t.c.platform == PLATFORM, tables_t.c.status.in_(OPEN))
            conn.execute(update(tables_t).where(*still).values(status=Status.CANCELLED.value))
    finally:
        engine.dispose()


# ----- the restart ------------------------------------------------------------------------------


class Quiet:
    """A notifier that draws nothing (the restart's redraws are counted)."""

    def __init__(self) -> None:
        self.screens = 0

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        self.screens += len(screens)


class Catching(Observer):
    """Notes when the restore ended, the first tick batch ran, and every deadline that was due when
    the process began (`began`, clock time) had fired."""

    def __init__(self, service: Service, started: float, began: float) -> None:
        self.service = service
        self.started, self.began = started, began
        self.restored_at: float | None = None
        self.first_tick: float | None = None
        self.first_fired = 0
        self.fired_so_far = 0
        self.caught_up = asyncio.Event()
        self.caught_up_at: float | None = None
        self.fired_then = 0  # deadlines fired by then
        self._checking: asyncio.Task[None] | None = None

    def restored(self) -> None:
        self.restored_at = time.perf_counter() - self.started

    def ticked(self, fired: int) -> None:
        self.fired_so_far += fired
        if self.first_tick is None:
            self.first_tick, self.first_fired = time.perf_counter() - self.started, fired
        if not self.caught_up.is_set() and (self._checking is None or self._checking.done()):
            self._checking = asyncio.ensure_future(self._check())

    async def _check(self) -> None:
        due = await self.service.store.next_due(self.service.platform)
        if not self.caught_up.is_set() and (due is None or due > self.began):
            self.caught_up_at, self.fired_then = time.perf_counter() - self.started, self.fired_so_far
            self.caught_up.set()


@dataclass
class Restart:
    tables: int = 0  # open in the database
    overdue: int = 0  # deadlines due when the process started
    ready: float = 0.0  # s from the new store to the first press answered
    ready_at: float | None = None  # the wall clock then
    spawned_ready: float | None = None  # s from the process's spawn to the same
    answer: str = ""
    restored: float | None = None
    first_tick: float | None = None
    first_fired: int = 0
    caught_up: float | None = None
    fired: int = 0
    screens: int = 0
    max_lag: float = 0.0
    errors: int = 0
    messages: list[str] = field(default_factory=list)


async def restart(url: str, press: dict[str, Any] | None, config: ServiceConfig = CONFIG) -> Restart:
    """A new store and service on the database at `url` (tables left open in it): the scheduler's
    restore_and_run, and a press sent as soon as the restore has begun."""
    figures = Restart()
    began = time.time()
    figures.overdue = await asyncio.to_thread(overdue, url, began)
    figures.tables = sum(1 for _, status, _ in (await asyncio.to_thread(snapshot_all, url)) if status in OPEN)
    load = Load(0)  # for its error log
    with errors_logged(load):
        started = time.perf_counter()
        store = open_store(url)  # as the apps start: migrations checked, then the store
        clock, notifier = SystemClock(), Quiet()
        service = bootstrap(store, notifier, clock, config, seed=1)
        catching = Catching(service, started, began)
        service.observers.add(catching)
        stop = asyncio.Event()

        async def sample() -> None:
            while not stop.is_set():
                at = time.perf_counter()
                await asyncio.sleep(LAG_STEP)
                figures.max_lag = max(figures.max_lag, time.perf_counter() - at - LAG_STEP)

        sampler = asyncio.create_task(sample())
        timers = asyncio.create_task(Scheduler.of(service).restore_and_run())
        await asyncio.sleep(0)  # the restore's first read is on its way
        if press is None:
            figures.errors += 1
            figures.messages.append("no button to press (no table was opened)")
        else:
            actor = Actor(PersonRef(PLATFORM, press["user"]), press["name"])
            reply = await service.handle(Press(actor, press["token"]))
            figures.ready, figures.ready_at = time.perf_counter() - started, time.time()
            figures.answer = "answered" if reply.ok else f"refused: {reply.text}"
            if not reply.ok:
                figures.errors += 1
                figures.messages.append(f"the first press was refused: {reply.text}")
        try:
            await asyncio.wait_for(catching.caught_up.wait(), RESTART_TIMEOUT)
        except TimeoutError:
            figures.errors += 1
            figures.messages.append(f"deadlines due at the start still not fired after {RESTART_TIMEOUT:.0f} s")
        stop.set()
        timers.cancel()
        await asyncio.gather(timers, sampler, return_exceptions=True)
        await store.close()
    figures.restored, figures.first_tick = catching.restored_at, catching.first_tick
    figures.first_fired = catching.first_fired
    figures.caught_up, figures.fired, figures.screens = catching.caught_up_at, catching.fired_then, notifier.screens
    figures.errors += load.logged + load.exceptions
    figures.messages += load.messages
    return figures


def snapshot_all(url: str) -> list[tuple[int, str, str | None]]:
    engine = _engine(url)
    try:
        with engine.connect() as conn:
            rows = conn.execute(select(tables_t.c.id, tables_t.c.status, tables_t.c.stopped)).all()
            return [(r.id, r.status, r.stopped) for r in rows]
    finally:
        engine.dispose()


# ----- reports --------------------------------------------------------------------------------


def _ms(seconds: float) -> str:
    return f"{seconds * 1000:.1f} ms"


def _target(value: float, limit: float, unit: str) -> str:
    return f"target < {limit:g} {unit}: {'met' if value < limit else 'MISSED'}"


def report(kind: str, load: Load, config: ServiceConfig, note: str = "") -> None:
    n = load.tables
    print(
        f"{kind} store: {n} tables (Svolota, Speed, Racing Demon in turn){note}; real Scheduler, system clock; "
        f"Svolota computers think {config.computer_think:g} s, real-time windows {config.window_seconds:g} s, "
        f"people press {PAUSE[0]:g}-{PAUSE[1]:g} s after a panel is drawn"
    )
    waited, first, last = load.settled
    settled = "worked off" if last <= SETTLED * n else "NOT worked off: the measured time begins behind"
    print(
        f"  opened in {load.open_seconds:.1f} s (the scheduler running); then {waited:.1f} s for the opening's "
        f"backlog ({first} deadlines overdue, {last} after: {settled}); measured {load.seconds:.1f} s of wall time"
    )
    by = ", ".join(f"{count} by {who}" for who, count in sorted(load.moves_by.items(), key=lambda kv: -kv[1]))
    print(f"  moves: {load.moves} ({by or 'none'}), {load.moves / max(load.seconds, 1e-9):,.0f}/s of wall time")
    p50, p99 = p50_p99(load.presses)
    print(
        f"  presses: {len(load.presses)}, answered in p50 {p50:.1f} ms  p99 {p99:.1f} ms "
        f"(max {_ms(max(load.presses, default=0))}); answered refusals, not errors: too slow {load.too_slow}, "
        f"game over meanwhile {load.ended_first}"
    )
    l50, l99 = p50_p99(load.lateness)
    fired = ", ".join(f"{count} {kind}" for kind, count in sorted(load.fired.items(), key=lambda kv: -kv[1]))
    rate = load.fired.total() / max(load.seconds, 1e-9)
    late = f"p50 {l50:.1f} ms  p99 {l99:.1f} ms  max {_ms(max(load.lateness, default=0))}"
    print(f"  deadlines fired: {load.fired.total()} ({fired or 'none'}), {rate:,.0f}/s; late by {late}")
    print(
        f"  deadlines overdue (due, not yet fired; stored, or held in memory on SQLite) at the start and "
        f"the end of the measured time: {load.overdue}; firing lanes {load.lanes}"
    )
    loads, plays = load.kept
    if loads:  # (PostgreSQL: adapters/sql/table_rows.py `TableRows.load`)
        print(
            f"  changes that played on the process's kept table: {plays:,} of {loads:,} locked loads "
            f"({plays / loads:.0%}; the rest read the row: written elsewhere, or not kept)"
        )
    per_move = load.cpu_seconds / max(load.moves, 1) * 1000
    print(
        f"  CPU: {load.cpu_seconds:.1f} s in {load.seconds:.1f} s of wall time (every thread's), "
        f"{per_move:.2f} ms per move"
    )
    _, lag99 = p50_p99(load.lag)
    print(
        f"  event-loop lag ({len(load.lag)} sleeps of {LAG_STEP * 1000:.0f} ms): p99 {lag99:.1f} ms  "
        f"max {_ms(max(load.lag, default=0))} (whole run, opening included: max {_ms(load.max_lag_all)})"
    )
    print(
        f"  progress: {load.progressed}/{n} tables moved on in the measured time "
        f"({load.finished_before} had finished before it began; {load.moved_later} moved on only after it; "
        f"stalled {load.stalled})"
    )
    print(
        f"  errors: {load.errors} (exceptions {load.exceptions}, refused presses {load.refused}, "
        f"error log lines {load.logged}, tables set aside {load.set_aside}, stalled tables {load.stalled})"
    )
    for message in load.messages:
        print("    " + message.rstrip().replace("\n", "\n    "))
    print(
        f"  memory per table: {load.kib_per_table:.1f} KiB (process RSS growth from before the tables were "
        f"opened to the end of the measured time, less the bench's records; its per-table objects made before)"
    )
    print(
        f"  targets: loop lag p99 {lag99:.1f} ms ({_target(lag99, TARGETS['loop lag p99'], 'ms')}); "
        f"press p99 {p99:.1f} ms ({_target(p99, TARGETS['press p99'], 'ms')})"
    )


def report_restart(kind: str, figures: Restart) -> None:
    def s(value: float | None) -> str:
        return "never" if value is None else f"{value:.2f} s"

    print(
        f"{kind} restart: {figures.tables} open tables in the database, {figures.overdue} deadlines overdue; "
        f"a new process: new store (open_store) and service, Scheduler.restore_and_run, a press at once"
    )
    spawned = "" if figures.spawned_ready is None else f", {figures.spawned_ready:.2f} s from the process's spawn"
    print(f"  ready (first press {figures.answer or 'not sent'}): {figures.ready:.2f} s from the new store{spawned}")
    print(
        f"  restore finished: {s(figures.restored)}; first tick batch ran: {s(figures.first_tick)} "
        f"({figures.first_fired} fired); every deadline due at the start fired: {s(figures.caught_up)} "
        f"({figures.fired} fired by then; {figures.screens} screens drawn in all)"
    )
    print(f"  event-loop lag during the restart: max {_ms(figures.max_lag)}")
    print(f"  errors: {figures.errors}")
    for message in figures.messages:
        print("    " + message.rstrip().replace("\n", "\n    "))
    print(f"  target: ready {figures.ready:.2f} s ({_target(figures.ready, TARGETS['restart ready'], 's')})")


# ----- the command line -----------------------------------------------------------------------


def _label(kind: str) -> str:
    return "sqlite" if kind == "sqlite" else "postgresql"


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", default="both", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--tables", default=SIZES, help="sizes to run, comma-separated (default %(default)s)")
    parser.add_argument("--seconds", type=float, default=20.0, help="wall time measured per size")
    parser.add_argument(
        "--settle",
        type=float,
        default=SETTLE,
        help="seconds at most for the opening's backlog (0: at once)",
    )
    parser.add_argument("--restart-tables", type=int, default=1000, help="open tables at the restart (0: none)")
    parser.add_argument("--think", type=float, default=CONFIG.computer_think, help="Svolota computers' pause, s")
    parser.add_argument("--window", type=float, default=CONFIG.window_seconds, help="real-time window, s")
    parser.add_argument("--database-url", help="PostgreSQL: this database instead of fresh ones")
    # one run in a process of its own
    parser.add_argument("--child", choices=["load", "restart"], help=argparse.SUPPRESS)
    parser.add_argument("--url", help=argparse.SUPPRESS)
    parser.add_argument("--kind", help=argparse.SUPPRESS)
    parser.add_argument("--press-file", help=argparse.SUPPRESS)
    parser.add_argument("--note", default="", help=argparse.SUPPRESS)
    parser.add_argument("--spawned-at", type=float, help=argparse.SUPPRESS)
    return parser


def main(argv: list[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    config = config_for(args.think, args.window)
    if args.child == "load":
        return _load(
            args.kind, args.url, int(args.tables), args.seconds, config, args.press_file, args.note, args.settle
        )
    if args.child == "restart":
        return _restart(args.kind, args.url, args.press_file, config, args.spawned_at)
    sizes = [int(n) for n in args.tables.split(",") if n.strip()]
    kinds = STORES if args.store == "both" else (args.store,)
    extra = [args.restart_tables] if args.restart_tables and args.restart_tables not in sizes else []
    alone = len(kinds) == 1 and len(sizes) + len(extra) == 1  # one run: in this process
    code = 0
    for kind in kinds:
        code = max(code, _store(kind, sizes, extra, args, config, alone))
    return code


def _store(
    kind: str, sizes: list[int], extra: list[int], args: argparse.Namespace, config: ServiceConfig, alone: bool
) -> int:
    """Every size on one kind of store, and the restart."""
    code = 0
    with tempfile.TemporaryDirectory() as folder:
        for n, size in enumerate(sizes + extra):
            url = _new_url(kind, Path(folder), args.database_url)
            if url is None:
                return 0
            shared = kind == "postgres" and args.database_url is not None
            if shared:
                retire(url)
            press_file = str(Path(folder) / "press.json") if size == args.restart_tables else None
            setup = n >= len(sizes)
            seconds = min(args.seconds, SETUP_SECONDS) if setup else args.seconds
            note = ", set up for the restart" if setup else ""
            settle = 0.0 if setup else args.settle
            if alone:
                code = max(code, _load(kind, url, size, seconds, config, press_file, note, settle))
            else:
                code = max(code, _spawn("load", kind, url, press_file, config, size, seconds, note, settle))
            if press_file is not None:
                code = max(code, _spawn("restart", kind, url, press_file, config))
            _done_with(kind, url, shared)
    return code


def _new_url(kind: str, folder: Path, given: str | None) -> str | None:
    if kind == "sqlite":
        return sqlite_url(folder)
    if given:
        return given
    return postgres_url()


def _done_with(kind: str, url: str, shared: bool) -> None:
    if kind == "sqlite":
        path = url.removeprefix("sqlite:///")
        for suffix in ("", "-wal", "-shm"):
            with contextlib.suppress(FileNotFoundError):
                os.remove(path + suffix)
    elif shared:
        retire(url)
    else:
        from tests import postgres

        postgres.drop_made()


def _spawn(
    child: str,
    kind: str,
    url: str,
    press_file: str | None,
    config: ServiceConfig,
    size: int = 0,
    seconds: float = 0.0,
    note: str = "",
    settle: float = 0.0,
) -> int:
    argv = [sys.executable, "-m", "bench.load", "--child", child, "--kind", kind, "--url", url]
    argv += ["--think", str(config.computer_think), "--window", str(config.window_seconds)]
    if child == "load":
        argv += ["--tables", str(size), "--seconds", str(seconds), "--note", note, "--settle", str(settle)]
    if press_file is not None:
        argv += ["--press-file", press_file]
    if child == "restart":
        argv += ["--spawned-at", repr(time.time())]
    sys.stdout.flush()
    return subprocess.run(argv, cwd=Path(__file__).resolve().parents[1]).returncode


def _load(
    kind: str,
    url: str,
    size: int,
    seconds: float,
    config: ServiceConfig,
    press_file: str | None,
    note: str,
    settle: float = 0.0,
) -> int:
    load = asyncio.run(run(url, size, seconds, config, settle=settle))
    report(_label(kind), load, config, note)
    if press_file is not None:
        Path(press_file).write_text(json.dumps(load.restart_press))
    sys.stdout.flush()
    return 1 if load.errors else 0


def _restart(kind: str, url: str, press_file: str, config: ServiceConfig, spawned_at: float | None) -> int:
    press = json.loads(Path(press_file).read_text())
    figures = asyncio.run(restart(url, press, config))
    if spawned_at is not None and figures.ready_at is not None:  # wall clock, across the two processes
        figures.spawned_ready = figures.ready_at - spawned_at
    report_restart(_label(kind), figures)
    sys.stdout.flush()
    return 1 if figures.errors else 0


if __name__ == "__main__":
    sys.exit(main())
