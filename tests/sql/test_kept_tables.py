"""The next change of a table plays on the kept object the last committed save left
(adapters/sql/table_rows.py), not on one built again from its row; a change that fails, or does not
save, never gives its object back, so a half-changed table is never played on. On PostgreSQL only
while the row is still the one that save wrote (its write stamp, read locked) and its timers are as it
wrote them: another process's write, even at the same version, or a timer deleted elsewhere, and
the row is read again."""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import delete

from adapters.sql.rows import timers
from adapters.sql.store import SqlStore
from bot.deadlines import Deadline, Kind
from bot.store.errors import StaleTable
from bot.tables import Table
from tests.bot.harness import ANN, BOB, Harness
from tests.sql.databases import KINDS, fresh_url


def a_lobby(tmp_path, kind: str = "sqlite") -> tuple[Harness, SqlStore, int]:
    store = SqlStore(fresh_url(kind, tmp_path))
    h = Harness(store=store)
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    return h, store, t


async def change(store: SqlStore, table_id: int, name: str, fail: BaseException | None = None) -> Table:
    async with store.transaction() as tx:
        table = await tx.load(table_id)
        assert table is not None
        table.seats[1].name = name
        before = table.version
        table.bump(0.0)
        if fail is not None:
            raise fail
        await tx.save(table, before)
        return table


async def loaded(store: SqlStore, table_id: int) -> Table:
    async with store.transaction() as tx:
        table = await tx.load(table_id)
        assert table is not None
        return table


@pytest.mark.parametrize("kind", KINDS)
def test_the_next_change_plays_on_the_object_the_last_save_left(tmp_path, kind):
    h, store, t = a_lobby(tmp_path, kind)
    saved = h.run(change(store, t, "Robert"))
    assert h.table(t).seats[1].name == "Robert"  # a read between two changes (a page) ...
    assert h.run(loaded(store, t)) is saved  # ... leaves it: not built again from its row
    again = h.run(loaded(store, t))  # ... and handed to one change only: a change that did not save keeps it
    assert again is not saved and again.to_dict() == saved.to_dict()
    assert h.table(t).seats[1].name == "Robert"


@pytest.mark.slow
def test_postgres_a_row_another_process_wrote_even_at_the_same_version_is_read_again(tmp_path):
    h, store, t = a_lobby(tmp_path, "postgres")
    version = h.run(change(store, t, "Robert")).version  # (its object kept)
    elsewhere = SqlStore(store.url)

    async def repaired() -> None:  # a save at the same version, as a repair rewrites a table
        async with elsewhere.transaction() as tx:
            table = await tx.load(t)
            assert table is not None
            table.seats[1].name = "Bobby"
            await tx.save(table, table.version)

    h.run(repaired())
    table = h.run(loaded(store, t))
    assert (table.seats[1].name, table.version) == ("Bobby", version)
    h.run(elsewhere.close())


@pytest.mark.slow
def test_postgres_a_timer_deleted_elsewhere_without_the_row_is_read_again(tmp_path):
    h, store, t = a_lobby(tmp_path, "postgres")
    deadline = Deadline(t, Kind.VOTE, 10.0**9, seat=1)

    async def armed() -> Table:
        async with store.transaction() as tx:
            table = await tx.load(t)
            assert table is not None
            before = table.version
            table.deadlines.append(deadline)
            table.bump(0.0)
            await tx.save(table, before)
            return table

    assert deadline in h.run(armed()).deadlines  # (its object kept)
    # another process drops the timer without writing the row (as its batch of due deadlines drops a
    # stale one: adapters/sql/store.py `due_batch`)
    with store.engine.begin() as conn:
        conn.execute(delete(timers).where(timers.c.table_id == t, timers.c.kind == Kind.VOTE.value))
    assert deadline not in h.run(loaded(store, t)).deadlines


@pytest.mark.parametrize("fail", [RuntimeError("a bug"), StaleTable("written elsewhere")])
def test_a_change_that_fails_leaves_no_half_changed_table_behind(tmp_path, fail):
    h, store, t = a_lobby(tmp_path)
    version = h.run(change(store, t, "Robert")).version  # (its object kept)
    with pytest.raises(type(fail)):
        h.run(change(store, t, "Mallory", fail))

    async def loaded() -> tuple[str, int]:
        async with store.transaction() as tx:
            table = await tx.load(t)
            assert table is not None
            return table.seats[1].name, table.version

    assert h.run(loaded()) == ("Robert", version)
    assert h.run(change(store, t, "Bob")).version == version + 1  # it plays on as stored


def test_a_save_that_fails_to_commit_leaves_the_table_as_stored(tmp_path, monkeypatch):
    h, store, t = a_lobby(tmp_path)
    version = h.run(change(store, t, "Robert")).version  # (its object kept)

    async def broken(writes: object) -> list[object]:
        raise StaleTable("someone else saved it meanwhile")

    monkeypatch.setattr(store.together, "commit", broken)
    with pytest.raises(StaleTable):
        h.run(change(store, t, "Mallory"))
    monkeypatch.undo()
    taken = store.rows.take(t)
    assert taken is not None and (taken.seats[1].name, taken.version) == ("Robert", version)
    asyncio.new_event_loop().run_until_complete(store.close())
