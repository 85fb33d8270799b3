"""Quick match at scale (issue #38): `--people` people (default 1,000) join the queues of all three
games on two platforms, in one process, on the memory store and on a migrated SQLite file.

Each person has a global rating (an openskill mu drawn from 10–40, sigma 2–8: ordinals from about
-14 to 34, written into the store's ratings before the run), a game (Speed 40 %, Svolota 35 %,
Racing Demon 25 %), a platform (Telegram or Discord) and a computers choice (after 1 minute 50 %,
after 3 minutes 25 %, never 25 %); they arrive at random over `--arrivals` seconds (default 120)
of a fake clock. Each arrival is a `QuickMatch` through the real service (bot/bootstrap.py); every
simulated second the periodic tick runs (`QuickMatches.tick`, as bot/match_ticks.py does), until
`MAX_WAIT` after the last arrival, when everyone has a table or has left the queue. The tables
are opened, dealt, saved and drawn (into a notifier that keeps nothing); their games are not
played on (no deadlines fired).

Printed per store: tables opened and people seated (with computers, expired), matches per second
of wall time (tables opened / the run's wall seconds, all work of the process included), the wait
from join to table in the queue's clock (p50/p99 simulated seconds: the matching policy's gathers
and windows), the processing latency of a join that opened a table and of a join that did not
(p50/p99 wall ms), a tick's wall time (p50/p99 ms), and the pure matcher's CPU per tick (p50/p99/
max ms of `bot.matching.match` over that tick's queue, `time.process_time`), with the largest
queue it saw. Then a burst: as many people again already waiting when a tick comes (joined over
the last 30 s, as after a restart with a full queue): the matcher's CPU over all of them, and the
wall time of the one tick that reads them, matches them and opens every table.

    python -m bench.quickmatch [--people 1000] [--arrivals 120] [--seed 1]
"""

from __future__ import annotations

import argparse
import asyncio
import random
import tempfile
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy import insert

from adapters.sql.models import Base
from adapters.sql.startup import open_store
from adapters.sql.store import SqlStore
from bench.tables import p50_p99, sqlite_url
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import QuickMatch
from bot.matching import match
from bot.memory_store import MemoryStore
from bot.people import Actor, ChatRef, PersonRef
from bot.quick_match import MAX_WAIT, QuickMatches, waiting_of
from bot.ratings import GLOBAL, Rating
from bot.store import Queued, Store
from bot.ui.screen import Screen

GAMES = (("speed", 0.40), ("svolota", 0.35), ("racing_demon", 0.25))
PLATFORMS = ("telegram", "discord")
COMPUTERS = ((60.0, 0.50), (180.0, 0.25), (None, 0.25))
TICK = 1.0  # simulated seconds between ticks, as bot/match_ticks.py's POLL


class Nothing:
    """A notifier that keeps nothing (the bench measures the queue, not drawing)."""

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        return None


@dataclass(frozen=True, slots=True)
class Arrival:
    at: float
    actor: Actor
    game: str
    computers_after: float | None
    mu: float
    sigma: float


@dataclass
class Figures:
    store: str
    people: int = 0
    tables: int = 0
    seated: int = 0
    with_computers: int = 0
    expired: int = 0
    wall: float = 0.0
    waits: list[float] = field(default_factory=list)  # simulated seconds, join to table
    join_opened: list[float] = field(default_factory=list)  # wall seconds
    join_waiting: list[float] = field(default_factory=list)
    ticks: list[float] = field(default_factory=list)  # wall seconds
    matcher_cpu: list[float] = field(default_factory=list)  # CPU seconds of the pure matcher
    largest_queue: int = 0
    # a burst: `people` more rows waiting at once (joined over the last 30 s), one tick seats them
    burst_cpu: float = 0.0  # CPU seconds of the pure matcher over the whole burst
    burst_tick: float = 0.0  # wall seconds of the tick that reads, matches and opens every table
    burst_tables: int = 0

    @property
    def matches_per_second(self) -> float:
        return self.tables / self.wall if self.wall else 0.0


def arrivals(people: int, seconds: float, seed: int) -> list[Arrival]:
    rng = random.Random(seed)

    def pick(choices: Sequence[tuple[object, float]]) -> object:
        return rng.choices([c for c, _ in choices], [w for _, w in choices])[0]

    out = []
    for i in range(people):
        platform = PLATFORMS[i % len(PLATFORMS)]
        actor = Actor(PersonRef(platform, str(10_000 + i)), f"P{i}", lang="en")
        computers = pick(COMPUTERS)
        out.append(
            Arrival(
                rng.uniform(0, seconds),
                actor,
                str(pick(GAMES)),
                None if computers is None else float(computers),  # type: ignore[arg-type]
                rng.uniform(10, 40),
                rng.uniform(2, 8),
            )
        )
    return sorted(out, key=lambda a: a.at)


async def seed_ratings(store: Store, people: list[Arrival]) -> None:
    """Each person's global rating in their game, written straight into the store (the bench's
    only shortcut: a rating is otherwise written by a finished game)."""
    rows = [Rating(a.game, GLOBAL, a.actor.person, a.actor.name, a.mu, a.sigma, games=5) for a in people]
    if isinstance(store, MemoryStore):
        for r in rows:
            store._ratings[(r.game, r.scope, r.person)] = r
        return
    assert isinstance(store, SqlStore)
    table = Base.metadata.tables["ratings"]
    values = [
        {
            "game": r.game,
            "scope": r.scope,
            "platform": r.person.platform,
            "user_id": r.person.user_id,
            "name": r.name,
            "mu": r.mu,
            "sigma": r.sigma,
            "games": r.games,
            "wins": 0,
            "practice_games": 0,
            "practice_wins": 0,
            "best": None,
            "trend": 0.0,
            "updated_at": 0.0,
        }
        for r in rows
    ]
    with store.engine.begin() as conn:
        conn.execute(insert(table), values)


async def run(store: Store, name: str, people: int, seconds: float, seed: int) -> Figures:
    clock = FakeClock()
    service = bootstrap(store, Nothing(), clock, seed=seed)
    quick = service.quick
    assert isinstance(quick, QuickMatches)
    plan = arrivals(people, seconds, seed)
    await seed_ratings(store, plan)
    start_at = clock.now()
    joined: dict[PersonRef, float] = {}
    f = Figures(name, people=people)
    pending = list(plan)
    end = seconds + MAX_WAIT + 2 * TICK
    started = time.perf_counter()
    now = 0.0
    while now <= end:
        while pending and pending[0].at <= now:
            a = pending.pop(0)
            clock.advance(max(0.0, start_at + a.at - clock.now()))
            joined[a.actor.person] = clock.now()
            t0 = time.perf_counter()
            reply = await service.handle(QuickMatch(a.actor, a.game, None, a.computers_after))
            spent = time.perf_counter() - t0
            assert reply.ok, reply.text
            (f.join_waiting if reply.screens else f.join_opened).append(spent)
        clock.advance(max(0.0, start_at + now - clock.now()))
        waiting = await store.waiting()
        f.largest_queue = max(f.largest_queue, len(waiting))
        snapshot = [waiting_of(r) for r in waiting]
        cpu = time.process_time()
        match(snapshot, clock.now())
        f.matcher_cpu.append(time.process_time() - cpu)
        t0 = time.perf_counter()
        await quick.tick()
        f.ticks.append(time.perf_counter() - t0)
        now += TICK
    f.wall = time.perf_counter() - started
    tables: set[int] = set()
    for a in plan:
        row = await store.queued(a.actor.person)
        if row is None:
            f.expired += 1
            continue
        assert row.table_id is not None, "someone is still waiting after the longest wait"
        tables.add(row.table_id)
        f.seated += 1
        table = await store.load(row.table_id)
        assert table is not None
        f.waits.append(table.created_at - joined[a.actor.person])
    f.tables = len(tables)
    for table_id in tables:
        table = await store.load(table_id)
        assert table is not None
        f.with_computers += any(s.person is None for s in table.seats)
    await burst(store, quick, clock, f, people, seed)
    return f


async def burst(store: Store, quick: QuickMatches, clock: FakeClock, f: Figures, people: int, seed: int) -> None:
    """`people` people already waiting when a tick comes (a restart with a full queue, or a
    flood): the matcher over all of them, and the one tick that seats them."""
    rng = random.Random(seed + 1)
    now = clock.now()
    rows = []
    for i, a in enumerate(arrivals(people, 30.0, seed + 1)):
        person = PersonRef(a.actor.person.platform, str(900_000 + i))
        ordinal = a.mu - 3 * a.sigma
        rows.append(Queued(person, a.game, f"B{i}", "en", now - rng.uniform(0, 30), ordinal, a.computers_after))
    for row in rows:
        await store.put_queued(row, None)
    snapshot = [waiting_of(r) for r in rows]
    cpu = time.process_time()
    match(snapshot, now)
    f.burst_cpu = time.process_time() - cpu
    t0 = time.perf_counter()
    seated = await quick.tick()
    f.burst_tick = time.perf_counter() - t0
    f.burst_tables = len({(await store.queued(p)).table_id for p in seated})  # type: ignore[union-attr]


def report(f: Figures) -> None:
    w50, w99 = (x / 1000 for x in p50_p99(f.waits))
    o50, o99 = p50_p99(f.join_opened)
    j50, j99 = p50_p99(f.join_waiting)
    t50, t99 = p50_p99(f.ticks)
    c50, c99 = p50_p99(f.matcher_cpu)
    print(
        f"\n{f.store}: {f.people} people, {f.tables} tables ({f.with_computers} with computers), "
        f"{f.seated} seated, {f.expired} left the queue after {MAX_WAIT:.0f} s"
    )
    print(f"  matches/s (tables opened per wall second)   {f.matches_per_second:10.1f}   (run {f.wall:.2f} s)")
    print(f"  join → table, queue clock   p50 {w50:8.1f} s   p99 {w99:8.1f} s")
    print(f"  a join that opened a table  p50 {o50:8.2f} ms  p99 {o99:8.2f} ms   ({len(f.join_opened)})")
    print(f"  a join that waits           p50 {j50:8.2f} ms  p99 {j99:8.2f} ms   ({len(f.join_waiting)})")
    print(f"  a tick (expire, match, open) p50 {t50:7.2f} ms  p99 {t99:8.2f} ms   ({len(f.ticks)})")
    print(
        f"  matcher CPU a tick          p50 {c50:8.3f} ms  p99 {c99:8.3f} ms  max {max(f.matcher_cpu) * 1000:.3f} ms"
        f"   (largest queue {f.largest_queue})"
    )
    print(
        f"  a burst of {f.people} waiting at once: matcher CPU {f.burst_cpu * 1000:.2f} ms,"
        f" the one tick that seats them {f.burst_tick * 1000:.0f} ms ({f.burst_tables} tables)"
    )


def main(argv: Sequence[str] | None = None) -> list[Figures]:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--people", type=int, default=1000)
    parser.add_argument("--arrivals", type=float, default=120.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    out = []
    out.append(asyncio.run(run(MemoryStore(), "memory", args.people, args.arrivals, args.seed)))
    with tempfile.TemporaryDirectory() as folder:
        url = sqlite_url(Path(folder))
        store = open_store(url)

        async def on_sqlite() -> Figures:
            try:
                return await run(store, "sqlite", args.people, args.arrivals, args.seed)
            finally:
                await store.close()

        out.append(asyncio.run(on_sqlite()))
    for f in out:
        report(f)
    return out


if __name__ == "__main__":
    main()
