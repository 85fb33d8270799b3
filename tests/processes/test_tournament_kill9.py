"""A tournament survives kill -9 at any point (issue #38): a Svolota points tournament of six
people at two tables a round, three rounds, is driven by a real bot process (its scheduler and
people playing their turns: tournament_process.py) on a SQLite file, killed with SIGKILL at random
moments and started again, then left to finish.

Afterwards the tournament is finished with every round whole: each match names a table of the
tournament that finished, its points are those the table's places give (bot/standings.py), no
table of the tournament is left open or belongs to no match (a round opened twice, a table made
twice), each table's game replays to its saved state, and the standings add up to every round's
points. Whatever the kills interrupted (a table's end not yet taken into the tournament, a round
saved without its tables: two kills land there on purpose) was made good by a later start's
reconciliation."""

from __future__ import annotations

import asyncio
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from sqlalchemy import create_engine, func, select

from adapters.sql.replay import replay_lines
from adapters.sql.rows import tables as tables_t
from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.clock import SystemClock
from bot.commands import CreateTournament, ManageTournament, Press
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.ratings import places
from bot.standings import match_points, standings
from bot.tables import Status
from bot.tournament import Stage
from bot.ui.tournament import press_token
from tests.processes.tournament_process import CONFIG
from tests.sql.databases import fresh_sqlite

pytestmark = pytest.mark.slow  # a real process killed and started again: seconds

CHAT = ChatRef("test", "cup")
ADMIN = Actor(PersonRef("test", "admin"), "Admin", admin=True)
PEOPLE = [Actor(PersonRef("test", n.lower()), n) for n in ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay")]
ROUNDS = 3
KILLS = 4  # at random, after some play; then two at chosen moments


async def set_up(url: str) -> int:
    store = SqlStore(url)
    service = bootstrap(store, RecordingNotifier(), SystemClock(), CONFIG, seed=1)
    create = CreateTournament(CHAT, ADMIN, "svolota", "points", rounds=ROUNDS, signup_minutes=0, table_size=3)
    assert (await service.handle(create)).ok
    (t,) = await store.open_tournaments()
    for person in PEOPLE:
        assert (await service.handle(Press(person, press_token(t, "j"), where=CHAT))).ok
    await store.close()  # (started by the process: the kills land on the first round's opening too)
    return t.id


def test_a_tournament_killed_at_random_points_resumes_and_finishes_with_consistent_standings(tmp_path: Path):
    url = fresh_sqlite(tmp_path)
    loop = asyncio.new_event_loop()
    tid = loop.run_until_complete(set_up(url))
    rng = random.Random(38)

    def launch(seed: int, dies: str = "") -> subprocess.Popen[bytes]:
        args = [sys.executable, "-m", "tests.processes.tournament_process", url, str(seed), *([dies] if dies else [])]
        return subprocess.Popen(args)

    async def start_it() -> None:  # an admin's /tournament start, while the first process runs
        store = SqlStore(url)
        service = bootstrap(store, RecordingNotifier(), SystemClock(), CONFIG, seed=1)
        assert (await service.handle(ManageTournament(CHAT, ADMIN, "start"))).ok
        await store.close()

    async def where_it_is() -> tuple[int, int]:
        """The rounds opened and the tournament's tables finished, as the kill left them."""
        store = SqlStore(url)
        t = await store.load_tournament(tid)
        assert t is not None
        ended = [x for r in t.rounds for m in r.matches if (x := await store.load(m.table_id)) and not x.status.open]
        await store.close()
        return len(t.rounds), len(ended)

    engine = create_engine(url)

    def moves() -> int:
        with engine.connect() as conn:
            return int(conn.scalar(select(func.sum(tables_t.c.moves)).where(tables_t.c.tournament == tid)) or 0)

    process = launch(0, "open")
    loop.run_until_complete(start_it())  # (round 1's tables: opened by the admin's command)
    landed = []
    # first at the worst moments, by its own hand: right after a round's first table is saved (not
    # the others: round 2's), then right after a table's end is committed (the tournament has not
    # taken it)
    for dies in ("open", "end"):
        assert process.wait(timeout=30) == -signal.SIGKILL, f"the process did not die at {dies!r}"
        landed.append(loop.run_until_complete(where_it_is()))
        process = launch(len(landed), "end" if dies == "open" else "")
    for _ in range(KILLS):
        # then at random, after some play since the last kill (a start alone takes the machine a
        # while): in a move, a table's end, a round's opening, the start's own reconciliation
        wanted, waited = moves() + rng.randint(1, 60), time.monotonic()
        while moves() < wanted and process.poll() is None and time.monotonic() - waited < 10:
            time.sleep(0.02)
        time.sleep(rng.uniform(0.0, 0.3))
        process.send_signal(signal.SIGKILL)
        process.wait()
        landed.append(loop.run_until_complete(where_it_is()))
        process = launch(len(landed))
    engine.dispose()
    assert process.wait(timeout=60) == 0  # (a stuck tournament never ends: a timeout, not a time limit)
    print("kills landed at (rounds, tables ended):", landed)
    assert len({rounds for rounds, _ in landed}) >= 2, f"the kills landed in one round only: {landed}"

    store = SqlStore(url)
    t = loop.run_until_complete(store.load_tournament(tid))
    assert t is not None and t.stage is Stage.FINISHED and len(t.rounds) == ROUNDS
    with store.engine.connect() as conn:
        own = set(conn.scalars(select(tables_t.c.id).where(tables_t.c.tournament == tid)))
    matched = [m.table_id for r in t.rounds for m in r.matches]
    assert sorted(matched) == sorted(own) and len(set(matched)) == len(matched) == 2 * ROUNDS
    for r in t.rounds:
        assert sorted(i for m in r.matches for i in m.entrants) == list(range(6))
        for m in r.matches:
            table = loop.run_until_complete(store.load(m.table_id))
            assert table is not None and table.status is Status.FINISHED and m.decided is None
            assert [s.name for s in table.seats] == [t.entrants[i].name for i in m.entrants]
            assert m.places == places("svolota", table.result, None, False)
            assert m.points == match_points(t.format, m.places)
            lines = list(replay_lines(table, loop.run_until_complete(store.moves(m.table_id))))
            assert lines[-1] == "the replay matches the saved game", lines[-3:]
    assert sum(row.points for row in standings(t)) == pytest.approx(ROUNDS * 2 * 3.0)  # 2+1+0 a table
    assert loop.run_until_complete(store.open_tournaments()) == []
    assert loop.run_until_complete(store.all_open()) == []
    loop.run_until_complete(store.close())
