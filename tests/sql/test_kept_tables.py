"""SQLite: the next change of a table plays on the kept object the last committed save left
(adapters/sql/table_rows.py `take`), not on one built again from its row; a change that fails, or
does not save, never gives its object back, so a half-changed table is never played on."""

from __future__ import annotations

import asyncio

import pytest

from adapters.sql.store import SqlStore
from bot.store.errors import StaleTable
from bot.tables import Table
from tests.bot.harness import ANN, BOB, Harness
from tests.sql.databases import fresh_url


def a_lobby(tmp_path) -> tuple[Harness, SqlStore, int]:
    store = SqlStore(fresh_url("sqlite", tmp_path))
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


def test_the_next_change_plays_on_the_object_the_last_save_left(tmp_path):
    h, store, t = a_lobby(tmp_path)
    saved = h.run(change(store, t, "Robert"))

    async def loaded() -> object:
        async with store.transaction() as tx:
            return await tx.load(t)

    assert h.run(loaded()) is saved  # not built again from its row
    assert h.run(loaded()) is not saved  # ... and handed to one change only: a change that did not save keeps it
    assert h.table(t).seats[1].name == "Robert"


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
