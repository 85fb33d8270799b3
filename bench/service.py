"""Moves through the whole service: N concurrent tables (default 200) on the in-memory store,
driven on a fake clock. Each table has one person, played by this script through their panel's
buttons (the first legal move), and computer players; timers, windows and computers fire through
the service's scheduler path. Prints moves per second and p50/p99 latency per move.

    python -m bench.service [--tables 200] [--game svolota|speed|racing_demon|mixed]
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import time
from dataclasses import dataclass, field

from bot.clock import FakeClock
from bot.commands import Open, Press
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.screens.model import Screen
from bot.service import Service
from bot.settings import ServiceConfig
from bot.store import MemoryStore
from bot.tables import Status
from bot.tokens import Token, decode

SEATS = {"svolota": 4, "speed": 2, "racing_demon": 4}


class LastScreens(RecordingNotifier):
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
    moves: int = 0
    refused: int = 0  # presses of a button the game had moved past: answered, nothing changed
    errors: int = 0  # exceptions out of the service


async def run(tables: int, game: str, seed: int, seconds: float) -> tuple[Figures, float, int]:
    clock, notifier, store = FakeClock(), LastScreens(), MemoryStore()
    service = Service(store, notifier, clock, ServiceConfig(idle_seconds=10_000), seed=seed)
    figures = Figures()
    games = ["svolota", "speed", "racing_demon"] if game == "mixed" else [game]
    people: list[tuple[int, Actor]] = []
    for i in range(tables):
        name = games[i % len(games)]
        actor = Actor(PersonRef("bench", str(i)), f"P{i}")
        reply = await service.handle(Open(ChatRef("bench", str(i)), actor, name))
        assert reply.table_id is not None
        people.append((reply.table_id, actor))
        for _ in range(SEATS[name] - 1):
            table = await store.load(reply.table_id)
            assert table is not None
            if table.status is Status.LOBBY:
                await service.handle(Press(actor, Token(table.id, table.version, "add_computer").encode()))
        table = await store.load(reply.table_id)
        assert table is not None
        if table.status is Status.LOBBY:
            await service.handle(Press(actor, Token(table.id, table.version, "start").encode()))

    async def person_moves(table_id: int, actor: Actor) -> None:
        panel = notifier.panels.pop(actor.person, None)  # press each drawn panel once
        moves = [b.token for row in panel.buttons for b in row if _is_move(b.token)] if panel else []
        if not moves:
            return
        started = time.perf_counter()
        try:
            reply = await service.handle(Press(actor, moves[0] or ""))
        except Exception:
            figures.errors += 1
            return
        figures.latencies.append(time.perf_counter() - started)
        figures.moves += reply.ok
        figures.refused += not reply.ok

    began, end = time.perf_counter(), clock.now() + seconds
    while True:
        await asyncio.gather(*(person_moves(t, a) for t, a in people))
        due = await service.next_due()
        if due is None or due > end:
            break
        clock.advance(max(0.0, due - clock.now()))
        before = time.perf_counter()
        fired = await service.tick()
        if fired:
            spent = (time.perf_counter() - before) / fired
            figures.latencies.extend([spent] * fired)
            figures.moves += fired
    elapsed = time.perf_counter() - began
    finished = sum(1 for t in await store.all_open() if t.status is Status.PLAYING)
    return figures, elapsed, finished


def _is_move(token: str | None) -> bool:
    decoded = decode(token or "")
    return decoded is not None and decoded.action == "move"


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--game", default="mixed", choices=["svolota", "speed", "racing_demon", "mixed"])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--seconds", type=float, default=60.0, help="game time to play (virtual seconds)")
    args = parser.parse_args(argv)
    figures, elapsed, still_playing = asyncio.run(run(args.tables, args.game, args.seed, args.seconds))
    lat = sorted(figures.latencies)
    p50 = statistics.median(lat) * 1000 if lat else 0.0
    p99 = lat[int(len(lat) * 0.99) - 1] * 1000 if lat else 0.0
    print(f"service, in-memory store: {args.tables} tables ({args.game}), {args.seconds:.0f} s of game time")
    print(f"  moves and timer firings: {figures.moves}  in {elapsed:.1f} s  = {figures.moves / elapsed:,.0f}/s")
    print(f"  latency per move: p50 {p50:.2f} ms  p99 {p99:.2f} ms")
    print(f"  refused (stale presses, answered): {figures.refused}  errors: {figures.errors}")
    print(f"  tables still playing when the time ran out: {still_playing}")


if __name__ == "__main__":
    main()
