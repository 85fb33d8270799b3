"""A database grown to many finished games (`seed-history`) costs a live table no more than a new
one: what a move's save and the scheduler's ticks run, and a person's ratings, are read by their
own rows, never by the history (bench.pages found each reading it: a move's save 13 ms at 10,000
games on SQLite, the next deadline 5 ms a tick, a person's ratings 1.6 ms)."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import event, text

from adapters.sql.engine import make_engine
from adapters.sql.rows import NEXT_DUE
from adapters.sql.seed import seed_history
from adapters.sql.store import SqlStore
from bot.ratings import GLOBAL
from tests.sql.databases import KINDS, fresh_url, sqlite_store
from tests.store.examples import a_table, play


def statements(store: SqlStore) -> list[str]:
    seen: list[str] = []

    def record(conn: Any, cursor: Any, sql: str, *rest: Any) -> None:
        seen.append(" ".join(sql.split()))

    event.listen(store.engine, "before_cursor_execute", record)
    return seen


@pytest.mark.parametrize("db_kind", KINDS)
def test_a_save_sets_every_column_of_the_table_but_its_key(db_kind, tmp_path):
    # (setting the key, even to itself, makes SQLite look for every row that refers to it)
    store = SqlStore(fresh_url(db_kind, tmp_path))

    async def body() -> None:
        table = a_table(await store.new_table_id())
        await store.save(table, -1)
        seen = statements(store)
        table.version += 1
        await store.save(table, table.version - 1)
        updates = [s for s in seen if s.startswith("UPDATE tables SET")]
        assert updates, seen
        for sql in updates:
            assert " id=" not in sql.partition(" WHERE ")[0] and "version=" in sql
        assert (await store.load(table.id)) == table
        await store.close()

    play(body)


def plan(url: str, sql: str, params: Any) -> str:
    engine = make_engine(url)
    with engine.connect() as conn:
        found = " | ".join(row[3] for row in conn.exec_driver_sql("EXPLAIN QUERY PLAN " + sql, params))
    engine.dispose()
    return found


def test_on_a_seeded_sqlite_the_next_deadline_and_a_persons_ratings_are_read_by_their_own_rows(tmp_path):
    store = sqlite_store(tmp_path)
    url = store.url
    built = seed_history(url, games=200, players=40, groups=4, seasons=2, seed=3)
    engine = make_engine(url)
    with engine.connect() as conn:  # (no statistics that a bot's own database never has)
        assert conn.scalar(text("SELECT count(*) FROM sqlite_master WHERE name = 'sqlite_stat1'")) == 0
    engine.dispose()
    next_due = str(NEXT_DUE.compile(dialect=store.engine.dialect))
    assert plan(url, next_due, (None, None)).startswith("SEARCH timers USING INDEX ix_timers_due")
    seen = statements(store)

    async def body() -> None:
        assert await store.person_stats(built.people[0][0], GLOBAL)
        await store.close()

    play(body)
    asked = next(s for s in seen if s.startswith("SELECT ratings.game") and "ratings.user_id = ?" in s)
    person = built.people[0][0]
    assert "USING INDEX ix_ratings_person" in plan(url, asked, (person.platform, person.user_id, GLOBAL))


def test_the_names_of_a_page_are_read_with_global_written_in_the_statement(tmp_path):
    # (PostgreSQL's driver prepares a statement run five times; the generic plan of a bound scope
    # read all of "global"'s rows through ix_ratings_scope: 3–5 ms a page, not 0.4)
    store = sqlite_store(tmp_path)
    built = seed_history(store.url, games=60, players=20, groups=2, seasons=1, seed=5)
    seen = statements(store)

    async def body() -> None:
        assert await store.chat(built.chats[0][0]) is not None
        await store.close()

    play(body)
    names = [s for s in seen if "ratings.updated_at" in s and "ratings.user_id IN" in s]
    assert names and all(f"ratings.scope = '{GLOBAL}'" in s for s in names), names
