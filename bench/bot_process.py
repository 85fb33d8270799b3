"""One bot process of bench.processes: bench.load's people of every N-th table (a `Person` each,
pressing through `Driver`) and a service on the shared database with the real scheduler; its figures
(bench.load's `Load`, and each change it committed) go to the parent when the measured time is over.
The parent starts it (`python -m bench.bot_process INDEX COUNT URL TABLES THINK WINDOW`) and says
when to open the tables and when to measure, on its stdin; it answers on stdout."""

from __future__ import annotations

import asyncio
import gc
import json
import random
import sys
import time
from array import array
from collections import Counter
from collections.abc import Sequence
from typing import Any

from adapters.sql.startup import open_store
from bench.load import OPENING, PLATFORM, Driver, Lateness, Load, Person, config_for, errors_logged, warm_up
from bench.tables import GAMES, rss
from bot import heap
from bot.bootstrap import bootstrap
from bot.clock import SystemClock
from bot.deadlines import Deadline
from bot.games import game_info
from bot.observers import Observer
from bot.people import Actor, ChatRef, PersonRef
from bot.scheduler import Scheduler
from bot.settings import ServiceConfig
from bot.tables import Table
from bot.tokens import decode
from bot.ui.screen import Screen

SAY = "bench.processes: "  # the start of a line to the parent (anything else is passed on)
ARRAYS = ("presses", "lateness", "fire_seconds", "lag")  # Load's samples


class Relay:
    """The notifier of one process: the move buttons of each person's newest panel, as bench.load's
    `Panels`, for the people of this process; a panel for a person of another process is sent to
    that process. A panel older (by table version) than one the person has seen is dropped."""

    def __init__(self, people: dict[PersonRef, Person], index: int, count: int) -> None:
        self.people, self.index, self.count = people, index, count
        self.newest: dict[PersonRef, int] = {}
        self.peers: dict[int, asyncio.StreamWriter] = {}
        self.sending = True  # off once the measured time is over: the other processes stop too
        self.sent = 0
        self.server: asyncio.Server | None = None
        self.receiving: set[asyncio.Task[Any]] = set()

    async def listen(self) -> int:
        """Serve the other processes' panels on a loopback port (returned)."""
        self.server = await asyncio.start_server(self._receive, "127.0.0.1", 0)
        return int(self.server.sockets[0].getsockname()[1])

    async def connect(self, ports: Sequence[int]) -> None:
        for k, port in enumerate(ports):
            if k != self.index:
                _, self.peers[k] = await asyncio.open_connection("127.0.0.1", port)

    async def close(self) -> None:
        """Send no more, and stop receiving (the other processes may still be sending)."""
        self.sending = False
        for writer in self.peers.values():
            writer.close()
        if self.server is not None:
            self.server.close()
        for task in self.receiving:
            task.cancel()
        await asyncio.gather(*self.receiving, return_exceptions=True)

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        for s in screens:
            if s.audience is None:
                continue
            moves = tuple(b.token for row in s.buttons for b in row if b.token and _is_move(b.token))
            owner = int(s.audience.user_id) % self.count
            if owner == self.index:
                self.panel(s.audience, s.version, moves)
            elif self.sending and owner in self.peers:
                self.peers[owner].write(json.dumps([s.audience.user_id, s.version, moves]).encode() + b"\n")
                self.sent += 1

    def panel(self, who: PersonRef, version: int, moves: tuple[str, ...]) -> None:
        person = self.people.get(who)
        if person is None or version < self.newest.get(who, -1):
            return
        self.newest[who] = version
        person.moves = moves
        person.draws += 1
        person.drawn.set()

    async def _receive(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        task = asyncio.current_task()
        assert task is not None
        self.receiving.add(task)
        try:
            async for line in reader:
                user, version, moves = json.loads(line)
                self.panel(PersonRef(PLATFORM, user), version, tuple(moves))
        except asyncio.CancelledError:
            pass  # (closed by `close`: ending cancelled would be logged by asyncio's streams)
        finally:
            self.receiving.discard(task)
            writer.close()


def _is_move(token: str) -> bool:
    decoded = decode(token)
    return decoded is not None and decoded.action == "move"


class Commits(Observer):
    """Each change this process committed: table, version, moves logged by then, clock time; the
    due deadlines it took but did not fire in the measured time (another process held their table,
    or had fired them); and that the restore on start is done."""

    def __init__(self, clock: SystemClock, load: Load) -> None:
        self.clock, self.load = clock, load
        self.table, self.version, self.moves = array("q"), array("q"), array("q")
        self.at = array("d")
        self.not_here = 0
        self.restored_ = asyncio.Event()

    def fired(self, deadline: Deadline, acted: int | None, started: float, seconds: float) -> None:
        if acted is None and self.load.measuring:
            self.not_here += 1

    def committed(self, table: Table) -> None:
        self.table.append(table.id)
        self.version.append(table.version)
        self.moves.append(table.moves)
        self.at.append(self.clock.now())

    def restored(self) -> None:
        self.restored_.set()


class Parent:
    """The parent's lines in, and this process's out (stdout: its prints go to stderr meanwhile)."""

    def __init__(self) -> None:
        self.out = sys.stdout
        sys.stdout = sys.stderr

    def say(self, **message: Any) -> None:
        self.out.write(SAY + json.dumps(message) + "\n")
        self.out.flush()

    async def hear(self) -> dict[str, Any]:
        line = await asyncio.to_thread(sys.stdin.readline)
        if not line:
            raise SystemExit("bench.processes: the parent has gone")
        return dict(json.loads(line))


async def serve(url: str, index: int, count: int, tables: int, config: ServiceConfig) -> None:
    """Process `index` of `count`: the people of tables index, index + count, ... (of `tables`);
    its figures are sent to the parent once the measured time is over."""
    parent = Parent()
    await warm_up(config)
    people = [
        Person(i, Actor(PersonRef(PLATFORM, str(i)), f"P{i}"), random.Random(i), game_info(GAMES[i % 3]).real_time)
        for i in range(index, tables, count)
    ]
    load = Load(len(people))
    clock = SystemClock()
    relay = Relay({p.actor.person: p for p in people}, index, count)
    store = open_store(url)
    service = bootstrap(store, relay, clock, config, seed=1)
    service.observers.add(Lateness(load))
    commits = Commits(clock, load)
    service.observers.add(commits)
    driver = Driver(service, people, load)
    with errors_logged(load):
        pressing = [asyncio.create_task(driver.person(p)) for p in people]
        await asyncio.sleep(0)
        heap.freeze()  # as the apps do once started
        baseline = rss()
        timers = asyncio.create_task(Scheduler.of(service).restore_and_run())
        sampler = asyncio.create_task(driver.sample_lag())
        await commits.restored_.wait()
        parent.say(port=await relay.listen())
        await relay.connect((await parent.hear())["ports"])
        parent.say(connected=True)
        await parent.hear()  # every process is connected: open
        started, turns = time.perf_counter(), asyncio.Semaphore(OPENING)
        await asyncio.gather(*(driver.open(p, turns) for p in people))
        load.open_seconds = time.perf_counter() - started
        parent.say(ids=[p.table_id for p in people if p.table_id is not None], open_seconds=load.open_seconds)
        window = await parent.hear()
        await asyncio.sleep(max(0.0, window["begin"] - clock.now()))
        load.measuring, cpu = True, time.process_time()
        await asyncio.sleep(max(0.0, window["end"] - clock.now()))
        load.measuring, load.seconds = False, window["end"] - window["begin"]
        load.cpu_seconds = time.process_time() - cpu
        load.rss_growth = rss() - baseline
        await parent.hear()  # stop: the parent has read the server's CPU (a backend ending now would blur it)
        await relay.close()
        for task in [*pressing, timers, sampler]:
            task.cancel()
        await asyncio.gather(*pressing, timers, sampler, return_exceptions=True)
        await store.close()
    gc.unfreeze()
    load.own_bytes = sum(a.itemsize * len(a) for a in (load.presses, load.lateness, load.fire_seconds, load.lag))
    commit_rows = list(zip(commits.table, commits.version, commits.moves, commits.at, strict=True))
    parent.say(load=as_dict(load), commits=commit_rows, sent=relay.sent, not_here=commits.not_here)


def as_dict(load: Load) -> dict[str, Any]:
    arrays = {name: list(getattr(load, name)) for name in ARRAYS}
    counts = {name: getattr(load, name) for name in SUMMED}
    return {**arrays, **counts, "fired": dict(load.fired), "messages": load.messages, "max_lag_all": load.max_lag_all}


SUMMED = ("too_slow", "ended_first", "exceptions", "refused", "logged", "rss_growth", "own_bytes", "cpu_seconds")


def load_of(tables: int, seconds: float, d: dict[str, Any]) -> Load:
    load = Load(tables, seconds=seconds, max_lag_all=d["max_lag_all"], messages=list(d["messages"]))
    for name in ARRAYS:
        setattr(load, name, array("d", d[name]))
    for name in SUMMED:
        setattr(load, name, d[name])
    load.fired = Counter(d["fired"])
    return load


def main(argv: Sequence[str]) -> int:
    index, count, url, tables, think, window = argv
    asyncio.run(serve(url, int(index), int(count), int(tables), config_for(float(think), float(window))))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
