"""Writers racing on one SQLite file: BEGIN IMMEDIATE makes them wait their turn (no "database is
locked"), and the version check lets exactly one save of each version through."""

from __future__ import annotations

import asyncio
import threading

from adapters.sql.engine import make_engine
from adapters.sql.startup import open_store
from adapters.sql.store import SqlStore
from bot.people import ChatRef, PersonRef
from bot.store import StaleTable
from bot.tables import Seat, Table
from tests.sql.databases import fresh_sqlite

WRITERS = 6
ROUNDS = 25


def test_racing_saves_never_lose_an_update_nor_lock_up(tmp_path):
    url = fresh_sqlite(tmp_path)
    setup = SqlStore(make_engine(url))
    loop = asyncio.new_event_loop()
    table = Table(1, ChatRef("t", "c"), "svolota", PersonRef("t", "a"), seats=[Seat("A", PersonRef("t", "a"))])
    loop.run_until_complete(setup.save(table, -1))
    won: list[int] = []
    errors: list[BaseException] = []

    def writer(n: int) -> None:
        store = SqlStore(make_engine(url))  # its own engine: like another process
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
