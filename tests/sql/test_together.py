"""SQLite: changes that finish at about the same time are committed in one transaction, and a save
that cannot be written fails alone (the others in its batch are written all the same)."""

from __future__ import annotations

import asyncio

from sqlalchemy import event

from adapters.sql.store import SqlStore
from bot.people import ChatRef, PersonRef
from bot.store import StaleTable
from bot.tables import Seat, Table
from tests.sql.databases import fresh_url

TABLES = 5


def a_table(table_id: int) -> Table:
    return Table(table_id, ChatRef("t", str(table_id)), "svolota", PersonRef("t", "a"), seats=[Seat("A", None)])


async def bump(store: SqlStore, table_id: int) -> int:
    async with store.transaction() as tx:
        table = await tx.load(table_id)
        assert table is not None
        before = table.version
        table.bump(1.0)
        await tx.save(table, before)
    return table.version


def test_changes_that_finish_together_are_committed_together_and_a_stale_one_fails_alone(tmp_path):
    url = fresh_url("sqlite", tmp_path)
    store = SqlStore(url)
    commits = 0

    @event.listens_for(store.engine, "commit")
    def counted(_conn: object) -> None:
        nonlocal commits
        commits += 1

    async def go() -> None:
        nonlocal commits
        ids = [await store.new_table_id() for _ in range(TABLES)]
        for table_id in ids:
            await store.save(a_table(table_id), -1)

        commits = 0
        assert await asyncio.gather(*(bump(store, t) for t in ids)) == [1] * TABLES
        assert commits == 1, "one transaction for the changes that finished together"

        elsewhere = SqlStore(url)  # another process moves the middle table on
        table = await elsewhere.load(ids[2])
        assert table is not None
        table.bump(2.0)
        await elsewhere.save(table, 1)
        await elsewhere.close()

        commits = 0
        done = await asyncio.gather(*(bump(store, t) for t in ids), return_exceptions=True)
        assert [type(d).__name__ for d in done] == ["int", "int", "StaleTable", "int", "int"]
        assert isinstance(done[2], StaleTable)
        assert commits == TABLES - 1, "the batch rolled back, then each written on its own"
        assert [(await store.load(t)).version for t in ids] == [2, 2, 2, 2, 2]  # type: ignore[union-attr]
        await store.close()

    asyncio.run(go())


def test_the_screens_a_press_claims_at_once_are_one_transaction_and_each_finds_what_it_would_alone(tmp_path):
    """The chat layer's writes (adapters/sql/records.py) join the batches: the screens a press draws
    are claimed at once, and a stale save in their batch fails alone, the claims still written."""
    url = fresh_url("sqlite", tmp_path)
    store = SqlStore(url)
    records = store.records
    commits = rollbacks = 0

    @event.listens_for(store.engine, "commit")
    def counted(_conn: object) -> None:
        nonlocal commits
        commits += 1

    @event.listens_for(store.engine, "rollback")
    def rolled_back(_conn: object) -> None:
        nonlocal rollbacks
        rollbacks += 1

    async def go() -> None:
        nonlocal commits, rollbacks
        table_id = await store.new_table_id()
        await store.save(a_table(table_id), -1)
        for slot in ("board", "p1", "p2"):
            await records.remember_message(table_id, "chat", slot, f"{slot}-message", version=3)

        commits = 0
        claims = await asyncio.gather(
            records.claim(table_id, "chat", "board", 4),  # newer: won, with its message
            records.claim(table_id, "chat", "p1", 2),  # older than the one drawn: lost
            records.claim(table_id, "chat", "p2", 3),  # the same version again: won
            records.claim(table_id, "chat", "p3", 4),  # a place never drawn: won, no message yet
            records.remember_file_id("telegram", "digest", "file-1"),
        )
        assert claims[:4] == [(True, "board-message"), (False, None), (True, "p2-message"), (True, None)]
        assert commits == 1, "one transaction for the writes that came together"
        assert await records.file_id("telegram", "digest") == "file-1"

        elsewhere = SqlStore(url)  # another process moves the table on: this process's save is stale
        table = await elsewhere.load(table_id)
        assert table is not None
        table.bump(2.0)
        await elsewhere.save(table, 0)
        await elsewhere.close()

        commits = rollbacks = 0
        done = await asyncio.gather(
            bump(store, table_id), records.claim(table_id, "chat", "board", 5), return_exceptions=True
        )
        assert isinstance(done[0], StaleTable)
        assert done[1] == (True, "board-message")
        assert (commits, rollbacks) == (1, 2), "the batch rolled back, then the save refused alone, the claim written"
        assert await records.claim(table_id, "chat", "board", 4) == (False, None), "the claim of 5 was kept"
        await store.close()

    asyncio.run(go())
