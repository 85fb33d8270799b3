"""Writers racing on one database. On SQLite, BEGIN IMMEDIATE makes them wait their turn (no
"database is locked"); on both, the version check lets exactly one save of each version through.
On PostgreSQL, a table loaded in a transaction is locked until it ends, and a due timer whose table
is held is skipped by everyone else."""

from __future__ import annotations

import asyncio
import threading
import time

import pytest

from adapters.sql.startup import open_store
from adapters.sql.store import SqlStore
from bot.deadlines import Deadline, Kind
from bot.people import ChatRef, PersonRef
from bot.store import StaleTable
from bot.tables import Seat, Table
from tests.sql.databases import fresh_url, need

WRITERS = 6
ROUNDS = 25


def test_racing_saves_never_lose_an_update_nor_lock_up(db_kind, tmp_path):
    url = fresh_url(db_kind, tmp_path)
    setup = SqlStore(url)
    loop = asyncio.new_event_loop()
    table = Table(1, ChatRef("t", "c"), "svolota", PersonRef("t", "a"), seats=[Seat("A", PersonRef("t", "a"))])
    loop.run_until_complete(setup.save(table, -1))
    won: list[int] = []
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        store = SqlStore(url)  # its own engine: like another process
        own = asyncio.new_event_loop()
        for _ in range(ROUNDS):
            try:
                copy = own.run_until_complete(store.load(1))
                assert copy is not None
                before = copy.version
                copy.bump(float(n))
                own.run_until_complete(store.save(copy, before))
                won.append(copy.version)
            except StaleTable:
                pass
            except BaseException as e:  # "database is locked" would land here
                errors.append(e)

    threads = [threading.Thread(target=writer, args=(n,)) for n in range(WRITERS)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    final = loop.run_until_complete(setup.load(1))
    assert sorted(won) == list(range(1, final.version + 1))  # every version saved exactly once


def test_opening_the_store_migrates_an_empty_database(tmp_path):
    store = open_store(f"sqlite:///{tmp_path / 'new.db'}")
    assert asyncio.new_event_loop().run_until_complete(store.next_due()) is None


def a_table_due_at(table_id: int, due: float) -> Table:
    table = Table(table_id, ChatRef("t", str(table_id)), "svolota", PersonRef("t", "a"), seats=[Seat("A", None)])
    table.arm(Deadline(table_id, Kind.TURN, due, 0, 0))
    return table


@pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py
def test_a_due_timer_is_claimed_by_one_process_and_its_table_waits(tmp_path):
    need("postgres")
    url = fresh_url("postgres", tmp_path)
    first, second = SqlStore(url), SqlStore(url)
    loop = asyncio.new_event_loop()
    for table_id, due in ((1, 10.0), (2, 20.0)):
        loop.run_until_complete(first.save(a_table_due_at(table_id, due), -1))

    async def claims() -> tuple[Table | None, Table | None, Table | None]:
        async with first.transaction() as tx:
            mine = await tx.claim(1)
            async with second.transaction() as other:  # another process, at the same moment
                held_by_first = await other.claim(1)  # at once, without waiting
                theirs = await other.claim(2)
        return mine, held_by_first, theirs

    mine, held_by_first, theirs = loop.run_until_complete(claims())
    assert (mine and mine.id, held_by_first, theirs and theirs.id) == (1, None, 2)
    assert [d.table_id for d in loop.run_until_complete(second.due_batch(30.0, 10))] == [1, 2]

    held = threading.Event()
    order: list[str] = []

    async def hold_table_one() -> None:
        async with first.transaction() as tx:
            await tx.load(1)
            held.set()
            time.sleep(0.3)
            order.append("first commits")

    def move_on_table_one() -> None:
        held.wait()
        own = asyncio.new_event_loop()

        async def move() -> None:
            async with second.transaction() as tx:
                await tx.load(1)  # waits for the first transaction
                order.append("second loads")

        own.run_until_complete(move())

    mover = threading.Thread(target=move_on_table_one)
    mover.start()
    loop.run_until_complete(hold_table_one())
    mover.join()
    assert order == ["first commits", "second loads"]


@pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py
def test_named_locks_are_held_until_the_transaction_ends(tmp_path):
    need("postgres")
    url = fresh_url("postgres", tmp_path)
    first, second = SqlStore(url), SqlStore(url)
    held = threading.Event()
    order: list[str] = []

    async def hold(store: SqlStore, name: str, then: str, wait: float) -> None:
        async with store.transaction() as tx:
            await tx.lock(name)
            held.set()
            time.sleep(wait)
            order.append(then)

    def other() -> None:
        held.wait()
        asyncio.new_event_loop().run_until_complete(hold(second, "ratings", "second", 0))

    thread = threading.Thread(target=other)
    thread.start()
    asyncio.new_event_loop().run_until_complete(hold(first, "ratings", "first", 0.3))
    thread.join()
    assert order == ["first", "second"]
