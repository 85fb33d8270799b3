"""Three bot processes share one PostgreSQL database and play the same tables at once, each taking
any person's move for any table (as behind a load balancer) and firing whatever deadlines are due:
no accepted move is lost or doubled, every deadline fires in one process only, ratings count every
game, and every game ends as a replay of its logged moves in order would."""

from __future__ import annotations

import asyncio
import json
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

from adapters.sql.replay import replay_lines
from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.clock import SystemClock
from bot.commands import Open, Press
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.ratings import GLOBAL
from bot.tables import Status
from bot.tokens import Token
from tests.processes.bot_process import CONFIG
from tests.sql.databases import fresh_url, need

pytestmark = pytest.mark.slow  # three bot processes on one PostgreSQL database

PROCESSES = 3
PEOPLE = [Actor(PersonRef("test", name.lower()), name) for name in ("Ann", "Bob", "Cy", "Dan")]
# (game, people seated, computers): one table of each game, every person in two of them at once
TABLES = [
    ("svolota", 3, 1),
    ("speed", 2, 0),
    ("racing_demon", 3, 0),
]


async def open_tables(store: SqlStore) -> dict[int, list[PersonRef]]:
    service = bootstrap(store, RecordingNotifier(), SystemClock(), CONFIG, seed=7)
    seated: dict[int, list[PersonRef]] = {}
    for n, (game, people, computers) in enumerate(TABLES):
        players = [PEOPLE[(n + i) % len(PEOPLE)] for i in range(people)]
        table_id = (await service.handle(Open(ChatRef("test", f"chat-{n}"), players[0], game))).table_id
        assert table_id is not None
        for actor, action in [(p, "join") for p in players[1:]] + [(players[0], "add_computer")] * computers:
            table = await store.load(table_id)
            assert table is not None
            # hard computers react quickest: a Racing Demon round that waits on its computer ends sooner
            level = "hard" if action == "add_computer" else ""
            await service.handle(Press(actor, Token(table_id, table.version, action, level).encode(), where=table.chat))
        table = await store.load(table_id)
        assert table is not None
        if table.status is Status.LOBBY:
            await service.handle(Press(players[0], Token(table_id, table.version, "start").encode(), where=table.chat))
        table = await store.load(table_id)
        assert table is not None and table.status is Status.PLAYING, (game, table and table.status)
        seated[table_id] = [p.person for p in players]
    return seated


def test_three_processes_on_one_database_lose_nothing_and_fire_each_deadline_once(tmp_path: Path):
    need("postgres")
    url = fresh_url("postgres", tmp_path)
    store = SqlStore(url)
    loop = asyncio.new_event_loop()
    seated = loop.run_until_complete(open_tables(store))

    outs = [tmp_path / f"process-{n}.json" for n in range(PROCESSES)]
    processes = [
        subprocess.Popen([sys.executable, "-m", "tests.processes.bot_process", url, str(n), str(out), "300"])
        for n, out in enumerate(outs)
    ]
    for process in processes:
        assert process.wait(timeout=420) == 0
    seen = [json.loads(out.read_text()) for out in outs]

    assert [s["errors"] for s in seen] == [[]] * PROCESSES
    tables = {t: loop.run_until_complete(store.load(t)) for t in seated}
    stuck = {t: (table.game, table.moves, table.recent[-5:]) for t, table in tables.items() if table.status.open}
    assert stuck == {}, "no game stuck"
    left = [d for t in tables.values() for d in t.deadlines]
    assert left == [] and loop.run_until_complete(store.next_due()) is None, ("no deadline left behind", left)

    # every process played and fired: the three really were at it together
    assert all(s["accepted"] and s["fired"] for s in seen), [(len(s["accepted"]), len(s["fired"])) for s in seen]

    fired = Counter(tuple(f) for s in seen for f in s["fired"])
    assert [d for d, times in fired.items() if times > 1] == [], "a deadline fired twice"

    accepted = Counter(tuple(a) for s in seen for a in s["accepted"])
    logged: Counter[tuple[int, int, str]] = Counter()
    for table_id, table in tables.items():
        log = loop.run_until_complete(store.moves(table_id))
        assert len(log) == table.moves
        logged.update((table_id, m.seat, m.move) for m in log if m.by == "person")
        lines = list(replay_lines(table, log))
        assert lines[-1] == "the replay matches the saved game", (table_id, lines[-3:])
    assert logged == accepted, "every accepted move logged once, and nothing else in people's names"

    games_of = Counter(p for people in seated.values() for p in people)
    for game in {g for g, *_ in TABLES}:
        played = Counter(p for t, people in seated.items() if tables[t].game == game for p in people)
        rows = loop.run_until_complete(store.ratings(game, GLOBAL, list(played)))
        assert {p: r.games + r.practice_games for p, r in rows.items()} == dict(played), game
    assert sum(games_of.values()) == sum(people for _, people, _ in TABLES)
