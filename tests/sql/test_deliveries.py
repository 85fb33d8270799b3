"""An update delivered twice (a platform delivers it again when the bot died before confirming it)
moves once, also after a restart. On SQLite the store plays on its own copy of a table and knows the
updates delivered to it with that copy (read with the table, kept as they are written): a press asks
the database nothing before its commit. On PostgreSQL, the same while the table's row is the one
this process's last save wrote (read once under the row's lock); written elsewhere, they are read
again."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from typing import Any

import pytest
from sqlalchemy import event

from adapters.sql.store import SqlStore
from bot.commands import Play
from bot.people import Actor
from core import load_game
from tests.bot.harness import ANN, BOB, CY, Harness
from tests.sql.databases import fresh_url


def started(h: Harness) -> int:
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    return t


def to_play(h: Harness, t: int) -> tuple[Actor, str]:
    """Whoever is to act, and their first move."""
    table = h.table(t)
    game = load_game(table.state)
    actor = next(a for a in (ANN, BOB, CY) if a.person == table.seats[game.turn].person)
    return actor, game.moves(str(game.turn))[0]


def play(h: Harness, t: int, once: str) -> Any:
    actor, move = to_play(h, t)
    return h.run(h.service.handle(Play(actor, t, move, once=once)))


def test_an_update_delivered_again_after_a_restart_moves_once(db_kind, tmp_path):
    url = fresh_url(db_kind, tmp_path)
    h = Harness(store=SqlStore(url))
    t = started(h)
    assert play(h, t, "telegram:41").ok
    moves = len(h.log(t))
    h.run(h.store.close())  # type: ignore[attr-defined]

    restarted = Harness(store=SqlStore(url))  # a new process: the deliveries come with the table
    again = play(restarted, t, "telegram:41")
    assert again.ok and again.text is None and len(restarted.log(t)) == moves
    assert play(restarted, t, "telegram:42").ok and len(restarted.log(t)) == moves + 1  # a new update moves
    assert play(restarted, t, "telegram:42").text is None and len(restarted.log(t)) == moves + 1
    restarted.run(restarted.store.close())  # type: ignore[attr-defined]


def test_sqlite_judges_a_press_on_its_own_copy_without_a_read(tmp_path, monkeypatch: pytest.MonkeyPatch):
    store = SqlStore(fresh_url("sqlite", tmp_path))
    h = Harness(store=store)
    t = started(h)
    assert play(h, t, "telegram:41").ok  # the people's looks are read (and kept) on the first redraws
    actor, move = to_play(h, t)
    reads: list[object] = []
    reading = store.db.reading

    async def counted(call: Any) -> Any:
        reads.append(call)
        return await reading(call)

    monkeypatch.setattr(store.db, "reading", counted)
    assert h.run(h.service.handle(Play(actor, t, move, once="telegram:42"))).ok
    again = h.run(h.service.handle(Play(actor, t, move, once="telegram:42")))  # delivered again
    assert again.ok and again.text is None
    assert reads == []
    monkeypatch.undo()
    assert len(h.log(t)) == 2
    asyncio.run(store.close())


def selects_during(store: SqlStore, body: Callable[[], object]) -> list[str]:
    """The SELECT statements `store` sent while `body` ran."""
    sent: list[str] = []

    def noted(conn: Any, cursor: Any, statement: str, *rest: Any) -> None:
        sent.append(" ".join(statement.split()))

    event.listen(store.engine, "before_cursor_execute", noted)
    try:
        body()
    finally:
        event.remove(store.engine, "before_cursor_execute", noted)
    return [s for s in sent if s.startswith("SELECT")]


@pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py
def test_postgres_judges_a_press_on_its_kept_table_from_the_deliveries_it_knows(tmp_path):
    store = SqlStore(fresh_url("postgres", tmp_path))
    h = Harness(store=store)
    t = started(h)
    assert play(h, t, "telegram:41").ok  # the deliveries read once, under the row's lock, then kept
    actor, move = to_play(h, t)

    def pressed_twice() -> None:
        assert h.run(h.service.handle(Play(actor, t, move, once="telegram:42"))).ok
        again = h.run(h.service.handle(Play(actor, t, move, once="telegram:42")))  # delivered again
        assert again.ok and again.text is None

    selects = selects_during(store, pressed_twice)
    assert [s for s in selects if "FROM deliveries" in s] == []
    locked = [s for s in selects if "FOR UPDATE" in s]
    assert len(locked) == 2 and all("FROM timers" in s for s in locked)  # a press's row lock brings its timers
    assert [s for s in selects if "FROM timers" in s and "FOR UPDATE" not in s] == []
    assert len(h.log(t)) == 2
    h.run(store.close())


@pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py
def test_postgres_an_update_delivered_elsewhere_is_known_once_the_row_was_written_there(tmp_path):
    url = fresh_url("postgres", tmp_path)
    h = Harness(store=SqlStore(url))
    t = started(h)
    elsewhere = Harness(store=SqlStore(url))
    assert play(elsewhere, t, "telegram:40").ok  # its kept copy, and the deliveries it knows: up to 40
    actor, move = to_play(h, t)
    assert h.run(h.service.handle(Play(actor, t, move, once="telegram:41"))).ok  # the row written here
    moves = len(h.log(t))
    again = elsewhere.run(elsewhere.service.handle(Play(actor, t, move, once="telegram:41")))
    assert again.ok and again.text is None and len(h.log(t)) == moves
    h.run(h.store.close())  # type: ignore[attr-defined]
    elsewhere.run(elsewhere.store.close())  # type: ignore[attr-defined]
