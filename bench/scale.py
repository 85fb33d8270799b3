"""Scale (issue #38): 50 tournaments running at once in 50 chats and 1,000 people joining the
quick-match queues, in one process, on the real service and the real scheduler on the system clock
(`Scheduler.restore_and_run()` and quick match's `MatchTicks` as asyncio tasks, as the Telegram
and Discord apps run them), on a SQLite file and on PostgreSQL.

- **Tournaments** (`--tournaments`, default 50), in turn: Swiss Speed of 8 (3 rounds; 7 or 8 people,
  a computer evens the field), points Svolota of 9–12 (3 rounds, tables of 3–6; up to two seats
  short, filled by computers), elimination Speed of 8 (5–8 people) and of 16 (9–16 people),
  computers filling the bracket. An admin creates each with `CreateTournament` and its people
  sign up through the board's Join button; sign-up closes by itself (`--signup` seconds after each
  was created, so the starts spread over the run), and each round has a time limit of
  `--round` seconds (drawn per tournament from the range), so rounds of different tournaments
  overlap and most Speed rounds end by the limit (the runner stops the tables and decides them
  by the score so far).
- **Quick match**: `--people` people (default 1,000) with global ratings spread (bench/quickmatch.py's
  arrivals: Speed 40 %, Svolota 35 %, Racing Demon 25 %, two platforms, computers after 1 min, 3 min
  or never; ratings written into the store first) send `QuickMatch` at random times over the first
  `--arrivals` of the measured time (default three quarters of it); the matcher ticks every second.
- **Every person is played by the bench** through their panel's buttons, as bench/load.py's
  people: 0.3–1.5 s after a panel with moves is drawn, one of its moves at random (`Press` through
  `Service.handle`); computers are the service's own. A press that loses a real-time race, or
  comes after the table ended (a round's limit stopped it, the game was over), is an answered
  refusal, counted apart; any other refusal is an error.

Measured over `--seconds` of wall time (default 60), the tournaments created and signed up
before: deadline lateness p50/p99/max (bench/load.py's `Lateness` observer) and the overdue backlog
at the start and the end; press-to-answer p50/p99; event-loop lag p99/max (its 10 ms sampler); a
tournament tick (`Tournaments.tick`, as the scheduler calls it after each batch) p50/p99/max;
the periodic matcher tick (`QuickMatches.tick` from `MatchTicks`) p50/p99/max, and a join's
answer (its own tick included) p50/p99; moves per second (every table's logged moves); tournament
rounds completed and the tournaments by stage; queue → table (wall time from sending the join to
the table's first commit) p50/p99; tables made and open at the end, the table ids taken (a
matcher that loses a group to another tick has taken one for nothing) and the quick-match ticks
run (the matcher's and each join's own); errors (exceptions, ERROR log lines, refused presses or
joins, tables set aside, tournaments cancelled); memory (RSS at the end, and its growth from
before the tournaments were created). The exit code is 1 on any error. The machine is printed
first (`nproc`, the CPU model, the load average: other work on the machine takes CPU from the run).

    python -m bench.scale [--store sqlite|postgres|both] [--seconds 60] [--tournaments 50]
                          [--people 1000] [--arrivals S] [--signup 3,15] [--round 30,50] [--seed 1]

`--store both` runs each store in a process of its own (memory figures do not mix); one store runs
in this process (`python -m cProfile -o scale.prof -m bench.scale --store sqlite` profiles it).
PostgreSQL: a fresh migrated database on a throwaway server with fsync on (tests/postgres.py, as
bench/load.py), or skipped with a word when there is none.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import os
import random
import subprocess
import sys
import tempfile
import time
import traceback
from array import array
from collections import Counter
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import func, select
from sqlalchemy.pool import NullPool

from adapters.sql.engine import make_engine
from adapters.sql.models import Base
from adapters.sql.startup import open_store
from bench.load import (
    LAG_STEP,
    Driver,
    Lateness,
    Load,
    Panels,
    Person,
    errors_logged,
    moves_between,
    overdue,
    snapshot_all,
)
from bench.quickmatch import Arrival, arrivals, seed_ratings
from bench.tables import p50_p99, postgres_url, rss, sqlite_url
from bot import heap
from bot.bootstrap import bootstrap
from bot.clock import SystemClock
from bot.commands import CreateTournament, Press, QuickMatch
from bot.match_chats import is_match
from bot.match_ticks import MatchTicks
from bot.observers import Observer
from bot.people import Actor, ChatRef, PersonRef
from bot.quick_match import QuickMatches
from bot.scheduler import Scheduler
from bot.service import Service
from bot.settings import ServiceConfig
from bot.tables import Table
from bot.ui.screen import Screen
from bot.ui.tournament import press_token

STORES = ("sqlite", "postgres")
PLATFORM = "bench"  # the tournaments' chats and people
PANEL = "panel"  # a person's panel's slot (a quick match's public screens come to them too: bot/match_screens.py)
CONFIG = ServiceConfig(computer_think=0.6, window_seconds=1.0)  # as bench/load.py: games move in a short run
T = TypeVar("T")


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of tournament the bench runs."""

    label: str
    game: str
    format: str
    rounds: int  # 0: an elimination's own
    sizes: tuple[tuple[int, int], ...]  # (entrants, table size) to choose from
    short: int  # at most this many seats left to computers


KINDS = (
    Kind("Swiss Speed of 8", "speed", "swiss", 3, ((8, 0),), 1),
    Kind("points Svolota of 9-12", "svolota", "points", 3, ((9, 3), (10, 5), (12, 4), (12, 6)), 2),
    Kind("elimination Speed of 8", "speed", "elimination", 0, ((8, 0),), 3),
    Kind("elimination Speed of 16", "speed", "elimination", 0, ((16, 0),), 7),
)


@dataclass(frozen=True, slots=True)
class Planned:
    """One tournament: its chat, admin, people and times."""

    k: int
    kind: Kind
    entrants: int
    table_size: int
    people: tuple[Person, ...]
    signup: float  # seconds after its creation
    round: float  # seconds a round may last

    @property
    def chat(self) -> ChatRef:
        return ChatRef(PLATFORM, f"cup{self.k}")

    @property
    def admin(self) -> Actor:
        return Actor(PersonRef(PLATFORM, f"admin{self.k}"), f"Admin {self.k}", admin=True)


@dataclass
class Scale:
    """The figures beyond bench/load.py's (which `load` holds: lateness, presses, lag, errors)."""

    load: Load
    store: str = ""
    tournaments: int = 0
    by_kind: Counter[str] = field(default_factory=Counter)
    tournament_people: int = 0
    people: int = 0  # quick-match people
    joined: int = 0  # their joins answered in the measured time
    setup_seconds: float = 0.0
    tournament_ticks: array[float] = field(default_factory=lambda: array("d"))
    matcher_ticks: array[float] = field(default_factory=lambda: array("d"))
    joins: array[float] = field(default_factory=lambda: array("d"))  # a join's answer, its own tick included
    seated: array[float] = field(default_factory=lambda: array("d"))  # join sent → table committed, s
    seated_at: dict[PersonRef, float] = field(default_factory=dict)
    rounds_done: int = 0  # rounds of the tournaments over by the end
    rounds_in_time: int = 0  # of which during the measured time
    finished: int = 0  # tournaments finished by the end
    stages: Counter[str] = field(default_factory=Counter)
    ids: list[int] = field(default_factory=list)  # the tournaments'
    quick_ticks: Counter[str] = field(default_factory=Counter)  # QuickMatches.tick calls, a join's own included
    table_ids: int = 0  # table ids taken (the tables made, and those a matcher took and did not use)
    tournament_tables: int = 0
    live_tables: int = 0  # open tables at the end
    tables: int = 0  # every table the run made
    set_aside: int = 0
    rss_start: int = 0
    rss_end: int = 0
    cpu_seconds: float = 0.0

    @property
    def errors(self) -> int:
        return self.load.errors + self.set_aside + self.stages["cancelled"]


class Seated(Observer):
    """A quick-match table's first commit: its people's wait from sending the join."""

    def __init__(self, scale: Scale, sent: dict[PersonRef, float]) -> None:
        self.scale, self.sent = scale, sent

    def committed(self, table: Table) -> None:
        if not is_match(table.chat):
            return
        for seat in table.seats:
            if seat.person is not None and seat.person in self.sent and seat.person not in self.scale.seated_at:
                now = time.perf_counter()
                self.scale.seated_at[seat.person] = now
                if self.scale.load.measuring:
                    self.scale.seated.append(now - self.sent[seat.person])


class PanelsOnly(Panels):
    """bench/load.py's notifier, given only panels: a quick match's board also comes to each of
    its people (bot/match_screens.py), and must not take the place of their panel's buttons."""

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        await super().show(chat, [s for s in screens if s.slot == PANEL])


def timed(
    into: array[float], call: Callable[..., Awaitable[T]], only: Callable[[], bool], calls: Counter[str] | None = None
) -> Callable[..., Awaitable[T]]:
    """`call`, its wall time appended to `into` when `only()` says so (every call counted in `calls`)."""

    async def wrapped(*args: Any, **kwargs: Any) -> T:
        if calls is not None:
            calls["all"] += 1
        started = time.perf_counter()
        try:
            return await call(*args, **kwargs)
        finally:
            if only():
                into.append(time.perf_counter() - started)

    return wrapped


def plan(count: int, signup: tuple[float, float], round_limit: tuple[float, float], seed: int) -> list[Planned]:
    rng = random.Random(seed)
    out, n = [], 0
    for k in range(count):
        kind = KINDS[k % len(KINDS)]
        entrants, table_size = rng.choice(kind.sizes)
        people = []
        for _ in range(entrants - rng.randint(0, kind.short)):
            actor = Actor(PersonRef(PLATFORM, f"e{n}"), f"E{n}")
            # a press may come after a round's limit stopped the table: a race lost, in any game
            people.append(Person(n, actor, random.Random(seed * 100_003 + n), real_time=True))
            n += 1
        spread = signup[0] + (signup[1] - signup[0]) * k / max(1, count - 1)
        out.append(Planned(k, kind, entrants, table_size, tuple(people), spread, rng.uniform(*round_limit)))
    return out


async def create(service: Service, t: Planned, scale: Scale) -> None:
    """The tournament by its admin, then each of its people's Join on the board."""
    cmd = CreateTournament(
        t.chat,
        t.admin,
        t.kind.game,
        t.kind.format,
        rounds=t.kind.rounds,
        signup_minutes=t.signup / 60,
        round_minutes=t.round / 60,
        computers=True,
        table_size=t.table_size,
        name=f"{t.kind.label} #{t.k}",
    )
    reply = await service.handle(cmd)
    if not reply.ok:
        scale.load.refused += 1
        scale.load.error(f"tournament {t.k} not created: {reply.text}")
        return
    found = await service.store.open_tournaments(t.chat)
    scale.ids.append(found[-1].id)
    token = press_token(found[-1], "j")
    for p in t.people:
        reply = await service.handle(Press(p.actor, token, where=t.chat))
        if not reply.ok:
            scale.load.refused += 1
            scale.load.error(f"{p.actor.name} could not join tournament {t.k}: {reply.text}")


async def join(service: Service, a: Arrival, scale: Scale, sent: dict[PersonRef, float]) -> None:
    sent[a.actor.person] = started = time.perf_counter()
    try:
        reply = await service.handle(QuickMatch(a.actor, a.game, None, a.computers_after))
    except Exception:
        scale.load.exceptions += 1
        scale.load.error(f"quick match join of {a.actor.name}: {traceback.format_exc()}")
        return
    if scale.load.measuring:
        scale.joins.append(time.perf_counter() - started)
        scale.joined += 1
    if not reply.ok:
        scale.load.refused += 1
        scale.load.error(f"quick match join of {a.actor.name} refused: {reply.text}")


async def arrive(
    service: Service, plan: list[Arrival], begun: float, scale: Scale, sent: dict[PersonRef, float]
) -> None:
    """Each join sent at its time (a task of its own: a slow answer does not hold the next back)."""
    joining = []
    for a in plan:
        await asyncio.sleep(max(0.0, begun + a.at - time.perf_counter()))
        joining.append(asyncio.create_task(join(service, a, scale, sent)))
    await asyncio.gather(*joining)


async def run(
    url: str,
    name: str,
    seconds: float,
    tournaments: int = 50,
    people: int = 1000,
    arriving: float | None = None,
    signup: tuple[float, float] = (3.0, 15.0),
    round_limit: tuple[float, float] = (30.0, 50.0),
    seed: int = 1,
    config: ServiceConfig = CONFIG,
) -> Scale:
    load = Load(0)
    scale = Scale(load, name)
    cups = plan(tournaments, signup, round_limit, seed)
    crowd = arrivals(people, seconds * 0.75 if arriving is None else arriving, seed)
    scale.tournaments, scale.people = len(cups), len(crowd)
    scale.by_kind = Counter(t.kind.label for t in cups)
    scale.tournament_people = sum(len(t.people) for t in cups)
    everyone = [p for t in cups for p in t.people] + [
        Person(i, a.actor, random.Random(seed * 7 + i), real_time=True) for i, a in enumerate(crowd)
    ]
    store = open_store(url)
    if crowd:  # (an empty insert is not a statement)
        await seed_ratings(store, crowd)
    clock = SystemClock()
    service = bootstrap(store, PanelsOnly({p.actor.person: p for p in everyone}), clock, config, seed=seed)
    sent: dict[PersonRef, float] = {}
    service.observers.add(Lateness(load))
    service.observers.add(Seated(scale, sent))
    quick = service.quick
    assert isinstance(quick, QuickMatches)
    runner = service.tournaments
    runner.tick = timed(scale.tournament_ticks, runner.tick, lambda: load.measuring)  # type: ignore[method-assign,assignment]
    matcher: asyncio.Task[None] | None = None
    quick.tick = timed(  # type: ignore[method-assign,assignment]
        scale.matcher_ticks, quick.tick, lambda: load.measuring and asyncio.current_task() is matcher, scale.quick_ticks
    )
    driver = Driver(service, everyone, load)
    with errors_logged(load):
        pressing = [asyncio.create_task(driver.person(p)) for p in everyone]
        await asyncio.sleep(0)
        heap.freeze()  # as `cardbot telegram` and `cardbot discord` do once started
        scale.rss_start = rss()
        timers = asyncio.create_task(Scheduler.of(service).restore_and_run())
        matcher = asyncio.create_task(MatchTicks(quick, None).run())
        sampler = asyncio.create_task(driver.sample_lag())
        started = time.perf_counter()
        for t in cups:
            await create(service, t, scale)
        scale.setup_seconds = time.perf_counter() - started

        overdue_before = await asyncio.to_thread(overdue, url, clock.now())
        rounds_before, _, _ = await rounds_over(service, scale.ids)
        load.measuring, begun, started, cpu = True, clock.now(), time.perf_counter(), time.process_time()
        arriving_task = asyncio.create_task(arrive(service, crowd, started, scale, sent))
        await asyncio.sleep(seconds)
        load.measuring, ended, load.seconds = False, clock.now(), time.perf_counter() - started
        scale.cpu_seconds = time.process_time() - cpu
        load.overdue = overdue_before, await asyncio.to_thread(overdue, url, ended)
        scale.rss_end = rss()
        arriving_task.cancel()
        for task in [*pressing, timers, matcher, sampler]:
            task.cancel()
        await asyncio.gather(arriving_task, *pressing, timers, matcher, sampler, return_exceptions=True)
        scale.rounds_done, scale.stages, scale.tournament_tables = await rounds_over(service, scale.ids)
        scale.rounds_in_time = scale.rounds_done - rounds_before
        await store.close()
    gc.unfreeze()
    rows = await asyncio.to_thread(snapshot_all, url)
    scale.tables = len(rows)
    scale.table_ids = await asyncio.to_thread(ids_taken, url)
    scale.live_tables = sum(1 for _, status, _ in rows if status in ("lobby", "playing"))
    for table_id, _, stopped in rows:
        if stopped is not None:
            scale.set_aside += 1
            load.error(f"table {table_id} was set aside: {stopped}")
    load.moves_by = await asyncio.to_thread(moves_between, url, [r[0] for r in rows], begun, ended)
    return scale


async def rounds_over(service: Service, ids: Sequence[int]) -> tuple[int, Counter[str], int]:
    """The rounds over in these tournaments, the tournaments by stage, and the tables their rounds opened."""
    over, stages, tables = 0, Counter[str](), 0
    for tid in ids:
        t = await service.store.load_tournament(tid)
        if t is None:
            continue
        stages[t.stage.value] += 1
        over += sum(1 for r in t.rounds if r.over)
        tables += sum(1 for r in t.rounds for m in r.matches if m.table_id is not None)
    return over, stages, tables


def ids_taken(url: str) -> int:
    engine = make_engine(url, poolclass=NullPool)
    try:
        with engine.connect() as conn:
            return int(conn.scalar(select(func.count()).select_from(Base.metadata.tables["table_ids"])) or 0)
    finally:
        engine.dispose()


def report(s: Scale) -> None:
    load = s.load
    w = max(load.seconds, 1e-9)
    kinds = ", ".join(f"{count} {label}" for label, count in s.by_kind.items())
    print(
        f"{s.store} store: {s.tournaments} tournaments ({kinds}; {s.tournament_people} people, computers filling), "
        f"{s.people} quick-match people; real Scheduler and MatchTicks, system clock"
    )
    print(f"  set up (tournaments created, people signed up) in {s.setup_seconds:.1f} s; measured {load.seconds:.1f} s")
    by = ", ".join(f"{count} by {who}" for who, count in sorted(load.moves_by.items(), key=lambda kv: -kv[1]))
    print(
        f"  moves: {load.moves} ({by or 'none'}), {load.moves / w:,.0f}/s; the process's CPU {s.cpu_seconds / w:.2f} "
        f"cores of {os.cpu_count()}; at the end, {load_average()}"
    )
    l50, l99 = p50_p99(load.lateness)
    fired = ", ".join(f"{count} {kind}" for kind, count in load.fired.most_common())
    print(
        f"  deadline lateness: p50 {l50:.1f} ms  p99 {l99:.1f} ms  max {max(load.lateness, default=0) * 1000:.1f} ms "
        f"({len(load.lateness)} fired, {len(load.lateness) / w:,.0f}/s: {fired or 'none'}); "
        f"overdue (due, not fired) at the start and the end: {load.overdue}"
    )
    p50, p99 = p50_p99(load.presses)
    print(
        f"  press to answer: p50 {p50:.1f} ms  p99 {p99:.1f} ms ({len(load.presses)} presses; answered refusals, "
        f"not errors: too slow {load.too_slow}, table over meanwhile {load.ended_first})"
    )
    _, lag99 = p50_p99(load.lag)
    sleeps = f"{len(load.lag)} sleeps of {LAG_STEP * 1000:.0f} ms"
    print(f"  event-loop lag: p99 {lag99:.1f} ms  max {max(load.lag, default=0) * 1000:.1f} ms ({sleeps})")
    t50, t99 = p50_p99(s.tournament_ticks)
    print(
        f"  tournament tick: p50 {t50:.2f} ms  p99 {t99:.2f} ms  "
        f"max {max(s.tournament_ticks, default=0) * 1000:.1f} ms ({len(s.tournament_ticks)} ticks)"
    )
    m50, m99 = p50_p99(s.matcher_ticks)
    j50, j99 = p50_p99(s.joins)
    print(
        f"  matcher tick: p50 {m50:.2f} ms  p99 {m99:.2f} ms  max {max(s.matcher_ticks, default=0) * 1000:.1f} ms "
        f"({len(s.matcher_ticks)} ticks); a join answered: p50 {j50:.1f} ms  p99 {j99:.1f} ms ({s.joined} joins)"
    )
    q50, q99 = p50_p99(s.seated)
    print(
        f"  queue to table: p50 {q50 / 1000:.2f} s  p99 {q99 / 1000:.2f} s "
        f"({len(s.seated)} seated in the measured time, {len(s.seated_at)} in all, of {s.people})"
    )
    stages = ", ".join(f"{count} {stage}" for stage, count in sorted(s.stages.items()))
    print(
        f"  tournament rounds completed: {s.rounds_done} ({s.rounds_in_time} in the measured time); "
        f"tournaments: {stages}"
    )
    print(
        f"  tables: {s.tables} made ({s.tournament_tables} by the tournaments), {s.live_tables} open at the end; "
        f"table ids taken {s.table_ids}; quick-match ticks run {s.quick_ticks['all']} (the matcher's and each join's)"
    )
    print(
        f"  errors: {s.errors} (exceptions {load.exceptions}, refused presses or joins {load.refused}, error log lines "
        f"{load.logged}, tables set aside {s.set_aside}, tournaments cancelled {s.stages['cancelled']})"
    )
    for message in load.messages:
        print("    " + message.rstrip().replace("\n", "\n    "))
    print(
        f"  memory: RSS {s.rss_end / 2**20:.0f} MiB at the end, grown {(s.rss_end - s.rss_start) / 2**20:.0f} MiB "
        f"since before the tournaments were created"
    )
    print(f"  goal: deadline lateness p99 {l99:.1f} ms (< 250 ms: {'met' if l99 < 250 else 'MISSED'})")


# ----- the command line -----------------------------------------------------------------------


def machine() -> str:
    """nproc and the CPU's model, as /proc/cpuinfo names it."""
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return f"machine: nproc {os.cpu_count()}, {model}; {load_average()}"


def load_average() -> str:
    """The machine's load average (other work on it takes CPU from the run)."""
    try:
        one, five, _ = Path("/proc/loadavg").read_text().split()[:3]
    except (OSError, ValueError):
        return "load average unknown"
    return f"load average {one} (1 min), {five} (5 min)"


def _pair(text: str) -> tuple[float, float]:
    low, _, high = text.partition(",")
    return float(low), float(high or low)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--store", default="both", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--seconds", type=float, default=60.0, help="wall time measured")
    parser.add_argument("--tournaments", type=int, default=50)
    parser.add_argument("--people", type=int, default=1000, help="people joining the quick-match queues")
    parser.add_argument("--arrivals", type=float, help="seconds over which they join (default: 3/4 of --seconds)")
    parser.add_argument("--signup", type=_pair, default=(3.0, 15.0), help="sign-up seconds, first,last tournament")
    parser.add_argument("--round", type=_pair, default=(30.0, 50.0), help="a round's time limit, s: low,high")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    if not args.child:
        print(machine())
        sys.stdout.flush()
    if args.store != "both":
        return _one(args.store, args)
    code = 0  # each store in a process of its own: memory figures do not mix
    for kind in STORES:
        child = [sys.executable, "-m", "bench.scale", "--child", "--store", kind, "--seconds", str(args.seconds)]
        child += ["--tournaments", str(args.tournaments), "--people", str(args.people), "--seed", str(args.seed)]
        child += ["--signup", ",".join(map(str, args.signup)), "--round", ",".join(map(str, args.round))]
        child += [] if args.arrivals is None else ["--arrivals", str(args.arrivals)]
        code = max(code, subprocess.run(child, cwd=Path(__file__).resolve().parents[1]).returncode)
    return code


def _one(kind: str, args: argparse.Namespace) -> int:
    with tempfile.TemporaryDirectory() as folder:
        url = sqlite_url(Path(folder)) if kind == "sqlite" else postgres_url()
        if url is None:
            return 0
        try:
            name = "sqlite" if kind == "sqlite" else "postgresql"
            figures = (args.seconds, args.tournaments, args.people, args.arrivals, args.signup, args.round, args.seed)
            scale = asyncio.run(run(url, name, *figures))
        finally:
            if kind == "postgres":
                from tests import postgres

                postgres.drop_made()
    report(scale)
    sys.stdout.flush()
    return 1 if scale.errors else 0


if __name__ == "__main__":
    sys.exit(main())
