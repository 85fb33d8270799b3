"""Nothing lost in a quick-match tick (bot/quick_match.py): a bot process killed while a tick seats
groups and saves their tables (tests/processes/quick_match_tick.py, `os._exit` as a statement goes to
the database) leaves every person either waiting or seated at a table that exists and has them in a
seat, never seated at a table that is missing; a new process then seats everyone. And two processes
ticking over one queue at once seat each person once."""

from __future__ import annotations

import asyncio
import subprocess
import sys

import pytest

from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.notifier import RecordingNotifier
from bot.people import PersonRef
from bot.store.queue import Queued
from tests.processes.quick_match_tick import KILLED, NOW
from tests.sql.databases import KINDS, fresh_url

PEOPLE = [PersonRef("telegram", str(100 + i)) for i in range(8)]  # Speed: four tables of two
KILL_POINTS = [
    ("UPDATE QUICK_MATCH", 1),  # the first group's rows marked
    ("INSERT INTO TABLES", 1),  # the first table saved
    ("INSERT INTO CHATS", 2),  # the second table's match chat
    ("INSERT INTO TABLES", 3),
]


def run_tick(url: str, *point: str) -> int:
    done = subprocess.run([sys.executable, "-m", "tests.processes.quick_match_tick", url, *point], timeout=120)
    return done.returncode


def places(url: str) -> dict[PersonRef, int | None]:
    """Each person's table (None: waiting), after checking that every table named exists with them in it."""

    async def read() -> dict[PersonRef, int | None]:
        store = SqlStore(url)
        try:
            found: dict[PersonRef, int | None] = {}
            for person in PEOPLE:
                row = await store.queued(person)
                assert row is not None, f"{person} is gone from the queue"
                if row.table_id is not None:
                    table = await store.load(row.table_id)
                    assert table is not None, f"{person} is seated at table {row.table_id}, which does not exist"
                    assert table.seat_of(person) is not None
                found[person] = row.table_id
            return found
        finally:
            await store.close()

    return asyncio.run(read())


@pytest.mark.slow
@pytest.mark.parametrize("db_kind", KINDS)
@pytest.mark.parametrize(("start", "nth"), KILL_POINTS)
def test_a_process_killed_mid_tick_leaves_everyone_waiting_or_at_a_table_that_exists(db_kind, start, nth, tmp_path):
    url = fresh_url(db_kind, tmp_path)

    async def queue() -> None:
        store = SqlStore(url)
        for i, person in enumerate(PEOPLE):
            await store.put_queued(Queued(person, "speed", f"P{i}", "en", NOW - 5.0 + i / 10, 0.0, 60.0), None)
        await store.close()

    asyncio.run(queue())
    assert run_tick(url, start, str(nth)) == KILLED  # (died where it was told to)
    places(url)
    assert run_tick(url) == KILLED  # a new process ticks, then is killed right after
    seated = places(url)
    assert None not in seated.values() and len(set(seated.values())) == 4


@pytest.mark.parametrize("db_kind", KINDS)
def test_two_processes_ticking_at_once_seat_each_person_once(db_kind, tmp_path):
    """Two services on their own stores of one database (as two processes of a platform) tick over
    the same queue at once: each person is seated once, at a table that exists, nobody is left."""
    url = fresh_url(db_kind, tmp_path)
    people = [PersonRef("telegram", str(200 + i)) for i in range(40)]

    async def body() -> None:
        stores = [SqlStore(url), SqlStore(url)]
        for i, person in enumerate(people):
            await stores[0].put_queued(Queued(person, "speed", f"P{i}", "en", NOW - 30.0 + i / 10, 0.0, 60.0), None)
        services = [bootstrap(store, RecordingNotifier(), FakeClock(NOW), seed=i) for i, store in enumerate(stores)]
        ticks = [s.quick.tick() for s in services if s.quick is not None]
        first, second = await asyncio.gather(*ticks)
        assert not first & second and first | second == set(people)
        tables = {p: (await stores[1].queued(p)).table_id for p in people}  # type: ignore[union-attr]
        for person, table_id in tables.items():
            table = await stores[0].load(table_id)  # type: ignore[arg-type]
            assert table is not None and table.seat_of(person) is not None
        assert len(set(tables.values())) == 20
        for store in stores:
            await store.close()

    asyncio.run(body())
