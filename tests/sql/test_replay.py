"""`cardbot replay TABLE_ID` tells a game from the database move by move, and checks it."""

from __future__ import annotations

import asyncio

from adapters import cli
from adapters.sql.store import SqlStore
from bot.settings import ServiceConfig
from bot.tables import Status
from tests.bot.harness import ANN, BOB, CY, Harness
from tests.sql.databases import empty_url, fresh_url


def test_a_finished_game_replays_move_by_move_and_matches(db_kind, tmp_path, monkeypatch, capsys):
    url = fresh_url(db_kind, tmp_path)
    h = Harness(ServiceConfig(missed_turns=1), store=SqlStore(url))
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    h.advance(100_000)
    assert h.table(t).status is Status.FINISHED
    monkeypatch.setenv("DATABASE_URL", url)
    assert cli.main(["replay", str(t)]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") >= len(h.log(t)) + 4
    assert "wins" in out and "the replay matches the saved game" in out
    assert cli.main(["replay", "999"]) == 1


def test_db_upgrade_and_downgrade_commands(db_kind, tmp_path, monkeypatch):
    url = empty_url(db_kind, tmp_path)
    monkeypatch.setenv("DATABASE_URL", url)
    assert cli.main(["db", "upgrade"]) == 0
    store = SqlStore(url)
    assert asyncio.new_event_loop().run_until_complete(store.next_due()) is None
    assert cli.main(["db", "downgrade"]) == 0


def test_the_operator_lists_the_tables_set_aside_and_puts_one_back(db_kind, tmp_path, monkeypatch, capsys):
    url = fresh_url(db_kind, tmp_path)
    h = Harness(store=SqlStore(url))
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(CY, t, "Join")
    h.press(ANN, t, "Start")
    h.spoil(t)
    h.advance(600)
    monkeypatch.setenv("DATABASE_URL", url)
    assert cli.main(["tables"]) == 0
    listed = capsys.readouterr().out.splitlines()
    assert len(listed) == 1 and listed[0].startswith(f"{t}\ttest:chat-1\tsvolota\tValueError")
    assert cli.main(["tables", "retry", str(t)]) == 0
    assert cli.main(["tables", "retry", str(t)]) == 1, "no longer set aside"
    capsys.readouterr()
    assert cli.main(["tables"]) == 0 and capsys.readouterr().out == ""
    assert h.run(h.store.next_due()) is not None, "its timers fire again"
