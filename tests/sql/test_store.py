"""The SQL store's own behaviour, on a SQLite file and on PostgreSQL: one row per uploaded picture,
two processes writing at once, SQLite's tuning, a commit that a stopping bot cancels. (The contract
every store keeps: tests/store/.)"""

from __future__ import annotations

import asyncio
import threading

import pytest
from sqlalchemy import text

from adapters.sql.engine import make_engine
from adapters.sql.store import SqlStore
from tests.sql.databases import fresh_sqlite, fresh_url
from tests.store.examples import a_challenge


def run(coro):
    return asyncio.new_event_loop().run_until_complete(coro)


@pytest.fixture
def store(db_kind, tmp_path) -> SqlStore:
    return SqlStore(fresh_url(db_kind, tmp_path))


def test_a_picture_uploaded_again_keeps_one_row(store):
    digest = "0123456789abcdef0123456789abcdef"
    run(store.records.remember_file_id("telegram", digest, "first"))
    run(store.records.remember_file_id("telegram", digest, "newer"))  # uploaded again elsewhere
    run(store.records.remember_file_id("discord", digest, "1234"))
    engine = make_engine(store.url)
    with engine.connect() as conn:
        assert conn.execute(text("SELECT count(*) FROM uploads")).scalar() == 2
    engine.dispose()


def test_two_processes_remembering_one_picture_at_once_both_succeed(db_kind, tmp_path):
    url = fresh_url(db_kind, tmp_path)
    first, second = SqlStore(url), SqlStore(url)
    digest = "a" * 32

    async def both() -> None:
        await asyncio.gather(
            *(s.records.remember_file_id("telegram", digest, f"id-{n}") for n in range(5) for s in (first, second))
        )

    try:
        run(both())
        assert run(first.records.file_id("telegram", digest)) in {f"id-{n}" for n in range(5)}
    finally:
        run(first.close())
        run(second.close())


def test_sqlite_is_tuned_for_many_small_writes(tmp_path):
    engine = make_engine(fresh_sqlite(tmp_path))
    with engine.connect() as conn:
        assert conn.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert conn.execute(text("PRAGMA synchronous")).scalar() == 1  # NORMAL
        assert conn.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert conn.execute(text("PRAGMA busy_timeout")).scalar() == 5000


@pytest.mark.filterwarnings("error::sqlalchemy.exc.SAWarning")  # a rollback on a connection already closed
def test_a_change_cancelled_while_it_commits_is_committed_whole_and_the_store_goes_on(store, monkeypatch):
    """A stopping bot cancels its tasks; one may be committing on the store's thread. The commit
    ends first (no rollback races it on the same connection), and the next change works."""
    from adapters.sql.together import Together
    from adapters.sql.transaction import SqlTransaction

    committing, cancelled = threading.Event(), threading.Event()

    def slowly(commit):  # on the store's thread: the commit is under way when the cancel comes
        def slow(*args):
            committing.set()
            cancelled.wait(10)
            return commit(*args)

        return slow

    monkeypatch.setattr(SqlTransaction, "finish", slowly(SqlTransaction.finish))  # in a transaction held (PostgreSQL)
    monkeypatch.setattr(Together, "_write", slowly(Together._write))  # with others (SQLite)

    async def go() -> None:
        table = a_challenge(await store.new_table_id())

        async def change() -> None:
            async with store.transaction() as tx:
                await tx.save(table, -1)

        task = asyncio.create_task(change())
        await asyncio.to_thread(committing.wait)
        task.cancel()
        cancelled.set()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert await store.load(table.id) == table
        async with store.transaction() as tx:
            again = await tx.load(table.id)
            assert again is not None
            await tx.save(again, table.version)
        await store.close()

    run(go())
