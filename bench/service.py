"""Moves through the whole service: N concurrent tables (default 200), on the in-memory store or a
real SQLite file, driven on a fake clock. Each table has one person, played by this script through
their panel's buttons (the first legal move), and computer players; timers, windows and computers
fire through the service's scheduler path. Prints moves per second and p50/p99 latency per move
(a person's press, or a deadline firing: load, apply, save and commit, redraw), memory per live
table, and how long a fresh service takes to recover the live tables with their timers.

    python -m bench.service [--store memory|sqlite|both] [--tables 200] [--recover 1000]
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from adapters.sql.startup import open_store
from bot.clock import FakeClock
from bot.commands import Open, Press
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.screens.model import Screen
from bot.service import Service
from bot.settings import ServiceConfig
from bot.store import MemoryStore, Store
from bot.tables import Status
from bot.tokens import Token, decode

SEATS = {"svolota": 4, "speed": 2, "racing_demon": 4}
GAMES = ["svolota", "speed", "racing_demon"]
CONFIG = ServiceConfig(idle_seconds=10_000)


class LastPanels(RecordingNotifier):
    """Keeps only the newest panel per person, so memory stays flat over a long run."""

    def __init__(self) -> None:
        super().__init__()
        self.panels: dict[PersonRef, Screen] = {}

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        for s in screens:
            if s.audience is not None:
                self.panels[s.audience] = s


@dataclass
class Figures:
    latencies: list[float] = field(default_factory=list)
    refused: int = 0  # presses of a button the game had moved past: answered, nothing changed
    errors: int = 0  # exceptions out of the service
    rss_per_table: float = 0.0
    still_playing: int = 0


def rss() -> int:
    """This process's resident set size, bytes."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def open_table(service: Service, store: Store, i: int) -> tuple[int, Actor]:
    """Table number `i` (its game in turn from GAMES) in a chat of its own: one person, computers
    in the other seats, started."""
    name = GAMES[i % len(GAMES)]
    actor = Actor(PersonRef("bench", str(i)), f"P{i}")
    reply = await service.handle(Open(ChatRef("bench", str(i)), actor, name))
    assert reply.table_id is not None, reply.text
    for action in ["add_computer"] * (SEATS[name] - 1) + ["start"]:
        table = await store.load(reply.table_id)
        assert table is not None
        if table.status is Status.LOBBY:
            await service.handle(Press(actor, Token(table.id, table.version, action).encode(), where=table.chat))
    return reply.table_id, actor


async def open_tables(service: Service, store: Store, count: int, start: int = 0) -> list[tuple[int, Actor]]:
    """`count` tables, one person and computers each, started."""
    return [await open_table(service, store, i) for i in range(start, start + count)]


def next_move(notifier: LastPanels, actor: Actor, rng: random.Random | None = None) -> str | None:
    """A move button of the person's newest panel, if one was drawn since the last call (each drawn
    panel is pressed at most once): the first, or one drawn with `rng`."""
    panel = notifier.panels.pop(actor.person, None)
    moves = [b.token or "" for row in panel.buttons for b in row if _is_move(b.token)] if panel else []
    if not moves:
        return None
    return rng.choice(moves) if rng else moves[0]


async def play(store: Store, tables: int, seconds: float) -> Figures:
    clock, notifier = FakeClock(), LastPanels()
    service = Service(store, notifier, clock, CONFIG, seed=1)
    figures = Figures()
    before = rss()
    people = await open_tables(service, store, tables)

    async def person_moves(actor: Actor) -> None:
        move = next_move(notifier, actor)
        if move is None:
            return
        started = time.perf_counter()
        try:
            reply = await service.handle(Press(actor, move))
        except Exception:
            figures.errors += 1
            return
        figures.latencies.append(time.perf_counter() - started)
        figures.refused += not reply.ok

    end = clock.now() + seconds
    while True:
        await asyncio.gather(*(person_moves(a) for _, a in people if a.person in notifier.panels))
        due = await service.next_due()
        if due is None or due > end:
            break
        clock.advance(max(0.0, due - clock.now()))
        for deadline in await store.due(clock.now()):  # what tick() does, one deadline at a time
            started = time.perf_counter()
            try:
                fired = await service.fire(deadline)
            except Exception:
                figures.errors += 1
                continue
            if fired:
                figures.latencies.append(time.perf_counter() - started)
    figures.rss_per_table = (rss() - before) / tables
    figures.still_playing = sum(1 for t in await store.all_open() if t.status is Status.PLAYING)
    return figures


async def recover(store: Store, tables: int) -> tuple[float, int]:
    """`tables` live tables in the store; then a new service (a restart) restores them and fires
    the timers that fell due while it was down. Returns the seconds that took and how many fired."""
    clock = FakeClock()
    await open_tables(Service(store, LastPanels(), clock, CONFIG, seed=1), store, tables, start=10_000)
    clock.advance(3.0)  # down for a moment: windows, computer moves and some turns are due
    started = time.perf_counter()
    service = Service(store, LastPanels(), clock, CONFIG, seed=1)
    await service.restore()
    fired = await service.tick()
    return time.perf_counter() - started, fired


def _is_move(token: str | None) -> bool:
    decoded = decode(token or "")
    return decoded is not None and decoded.action == "move"


def sqlite_url(folder: Path) -> str:
    """A new SQLite file in `folder` (open_store migrates it)."""
    return f"sqlite:///{folder / f'bench-{time.monotonic_ns()}.db'}"


def make_store(kind: str, folder: Path) -> Store:
    if kind == "memory":
        return MemoryStore()
    return open_store(sqlite_url(folder))


def p50_p99(latencies: Iterable[float]) -> tuple[float, float]:
    """The median and the 99th percentile of `latencies` (seconds), in milliseconds."""
    lat = sorted(latencies)
    if not lat:
        return 0.0, 0.0
    return statistics.median(lat) * 1000, lat[max(0, int(len(lat) * 0.99) - 1)] * 1000


def report(kind: str, tables: int, seconds: float, figures: Figures) -> None:
    lat = sorted(figures.latencies)
    busy = sum(lat)
    p50, p99 = p50_p99(lat)
    print(f"{kind} store: {tables} tables (Svolota, Speed, Racing Demon in turn), {seconds:.0f} s of game time")
    print(f"  moves and deadlines handled: {len(lat)}, {len(lat) / busy:,.0f}/s of service time")
    print(f"  per move: p50 {p50:.2f} ms  p99 {p99:.2f} ms")
    print(f"  refused (stale presses, answered): {figures.refused}  errors: {figures.errors}")
    print(f"  memory per live table: {figures.rss_per_table / 1024:.1f} KiB (process RSS growth / tables)")


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", default="both", choices=["memory", "sqlite", "both"])
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--seconds", type=float, default=60.0, help="game time to play (virtual seconds)")
    parser.add_argument("--recover", type=int, default=1000, help="live tables to recover after a restart")
    args = parser.parse_args(argv)
    if args.store == "both":  # each store in a process of its own, so memory figures do not mix
        rest = ["--tables", str(args.tables), "--seconds", str(args.seconds), "--recover", str(args.recover)]
        for kind in ("memory", "sqlite"):
            subprocess.run([sys.executable, "-m", "bench.service", "--store", kind, *rest], check=True)
        return
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(play(make_store(args.store, Path(folder)), args.tables, args.seconds))
        report(args.store, args.tables, args.seconds, figures)
        if args.recover:
            took, fired = asyncio.run(recover(make_store(args.store, Path(folder)), args.recover))
            print(f"  recovery of {args.recover} live tables: {took:.2f} s (restore, redraw, {fired} due timers)")


if __name__ == "__main__":
    main()
