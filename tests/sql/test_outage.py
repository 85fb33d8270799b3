"""A database that cannot write (a full disk, a read-only database) is nobody's table's fault:
people are asked to try again, nothing changes, the log says so once, not once per attempt, and
play goes on once the database can write again."""

from __future__ import annotations

import logging

import pytest
from sqlalchemy import event, text

from adapters.sql.engine import make_engine
from adapters.sql.store import SqlStore
from tests.bot import harness
from tests.bot.harness import ANN, Harness
from tests.sql.databases import fresh_sqlite, fresh_url, need

CANT_SAVE = "can't save right now: try again in a moment"


def a_game(h: Harness) -> int:
    t = h.open(ANN, "racing_demon").table_id
    h.press(ANN, t, "+ Computer")
    return t


def pages(url: str) -> int:
    engine = make_engine(url)
    with engine.connect() as conn:
        count = int(conn.exec_driver_sql("PRAGMA page_count").scalar_one())
    engine.dispose()
    return count


def test_a_full_disk_asks_people_to_try_again_and_changes_nothing(tmp_path, monkeypatch, caplog):
    url = fresh_sqlite(tmp_path)
    monkeypatch.setattr(harness, "make_store", lambda: SqlStore(url))
    h = Harness()
    t = a_game(h)
    limit = pages(url)

    @event.listens_for(h.store.engine, "connect")
    def full(dbapi_connection, _record) -> None:  # the file may not grow: as on a full disk
        cursor = dbapi_connection.cursor()
        cursor.execute(f"PRAGMA max_page_count = {limit}")
        cursor.close()

    h.run(h.store.db.run(h.store.engine.dispose))  # connections from now on see a full disk
    version, log_length = h.table(t).version, len(h.log(t))
    replies = []
    with caplog.at_level(logging.ERROR):
        for _ in range(30):  # each opens a table and fills a page sooner or later
            replies.append(h.open(ANN, "svolota", chat=harness.ChatRef("test", f"c{len(replies)}")))
    refused = [r for r in replies if not r.ok]
    assert refused and all(r.text == CANT_SAVE for r in refused)
    assert h.table(t).version == version and len(h.log(t)) == log_length
    lines = [r for r in caplog.records if r.levelno >= logging.ERROR]
    assert len(lines) == 1 and "cannot save" in lines[0].getMessage() and not lines[0].exc_info

    event.remove(h.store.engine, "connect", full)
    h.run(h.store.db.run(h.store.engine.dispose))  # room again: the same command works
    assert h.open(ANN, "svolota", chat=harness.ChatRef("test", "after")).ok


@pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py
def test_a_read_only_database_asks_people_to_try_again(tmp_path, monkeypatch):
    need("postgres")
    url = fresh_url("postgres", tmp_path)
    monkeypatch.setattr(harness, "make_store", lambda: SqlStore(url))
    h = Harness()
    t = a_game(h)
    version = h.table(t).version
    engine = make_engine(url)
    name = engine.url.database
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = on'))
    h.run(h.store.db.run(h.store.engine.dispose))  # new connections are read-only
    reply = h.press(ANN, t, "Start")
    assert not reply.ok and reply.text == CANT_SAVE
    assert h.table(t).version == version
    with engine.connect().execution_options(isolation_level="AUTOCOMMIT") as conn:
        conn.execute(text(f'ALTER DATABASE "{name}" SET default_transaction_read_only = off'))
    engine.dispose()
    h.run(h.store.db.run(h.store.engine.dispose))
    assert h.press(ANN, t, "Start").ok
