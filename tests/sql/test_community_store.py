"""The SQL store's own part of table control and community: two PostgreSQL processes claiming a
season's end at the same moment, migrations that keep a table's log, and a column for every field.
(The contract every store keeps: tests/store/.)"""

from __future__ import annotations

import asyncio

import pytest
from sqlalchemy import text

from adapters.sql.engine import make_engine
from adapters.sql.migrate import downgrade, upgrade
from adapters.sql.store import SqlStore
from bot.tables import LoggedMove
from tests.sql.databases import KINDS, empty_url, fresh_url
from tests.store.examples import SCOPE, a_table, play


@pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py
def test_two_processes_claiming_at_the_same_moment_on_postgres_get_it_once(tmp_path):
    """Each claim on its own connection, both inserts in flight together: the second waits for the
    first's row, then finds it there."""
    url = fresh_url("postgres", tmp_path)
    first, second = SqlStore(url), SqlStore(url)

    async def body() -> None:
        for n in range(20):
            won = await asyncio.gather(
                first.claim_season(SCOPE, f"2027-{n:02d}"), second.claim_season(SCOPE, f"2027-{n:02d}")
            )
            assert sorted(won) == [False, True]

    try:
        play(body)
    finally:
        asyncio.run(first.close())
        asyncio.run(second.close())


@pytest.mark.parametrize("db_kind", KINDS)
def test_a_table_saved_before_the_migration_keeps_its_log_and_loads_with_the_new_fields_empty(db_kind, tmp_path):
    """Up and down again: columns are added and dropped in place (on SQLite, a batch that copied
    `tables` would drop it, and with it every move, by the foreign keys' cascade)."""
    url = empty_url(db_kind, tmp_path)
    upgrade(url, "0006")
    with_log(url)
    upgrade(url)
    store = SqlStore(url)

    async def body() -> None:
        table = await store.load(1)
        assert table is not None and table.version == 3
        assert (table.started_at, table.level, table.rules_open, table.kicked) == (0.0, "normal", False, [])
        assert (table.vote, table.votes, table.notice, table.moments, table.earned) == (None, 0, None, [], [])
        assert await store.moves(1) == [LoggedMove(0, "pass", 1.5, "timer")]
        await store.close()

    play(body)
    for back_to in ("0006", "0003"):  # (0005 and 0004 drop a column of `tables` too)
        downgrade(url, back_to)
        engine = make_engine(url)
        with engine.connect() as conn:
            assert conn.execute(text("SELECT count(*) FROM moves")).scalar() == 1
            assert conn.execute(text("SELECT count(*) FROM timers")).scalar() == 1
        engine.dispose()


def with_log(url: str) -> None:
    """A table at schema 0006, with a move and a timer."""
    engine = make_engine(url)
    columns = (
        "id, platform, chat_id, thread_id, game, status, version, creator_platform, creator_user_id, options,"
        " state, moves, recent, invites, fill_with_computers, created_at, updated_at, shown, summary_from,"
        " stalemate_windows, seats"
    )
    values = "1, 'telegram', '-5', NULL, 'svolota', 'lobby', 3, 'telegram', '1', '{}', NULL, 1, '[]', '[]', false,"
    with engine.begin() as conn:
        conn.execute(text(f"INSERT INTO tables ({columns}) VALUES ({values} 1.0, 2.0, 0, 0, 0, '[]')"))
        conn.execute(
            text("INSERT INTO moves (table_id, number, seat, move, at, \"by\") VALUES (1, 1, 0, 'pass', 1.5, 'timer')")
        )
        conn.execute(text("INSERT INTO timers (table_id, kind, due) VALUES (1, 'lobby', 9.0)"))
    engine.dispose()


def test_every_field_of_a_table_and_of_a_logged_move_has_a_column():
    """The store writes a table's fields by name and leaves out any without a column: a field added
    to `Table` or `LoggedMove` needs its column (and a migration), or it is silently lost."""
    from dataclasses import fields

    from adapters.sql.rows import moves_t, table_row, tables

    row = table_row({k: v for k, v in a_table(1).to_dict().items() if k != "deadlines"})
    assert set(row) <= set(tables.c.keys())
    assert {f.name for f in fields(LoggedMove)} <= set(moves_t.c.keys())
