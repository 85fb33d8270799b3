"""A change to a table that someone else saved meanwhile (another process, or an operator's command)
is never written over it: the save is refused (StaleTable) and the service runs the change again on
the table as stored. On SQLite the store plays from its own copy of a table, so this is how it
learns of a writer from outside; on PostgreSQL a change's load locks the row, and it never comes to
that."""

from __future__ import annotations

import asyncio

from adapters.sql.store import SqlStore
from bot.tables import Status
from bot.tokens import Token
from tests.bot.harness import ANN, BOB, CHAT, CY, Harness
from tests.sql.databases import fresh_url


def test_a_change_saved_elsewhere_meanwhile_is_kept_and_the_move_runs_on_it(db_kind, tmp_path):
    url = fresh_url(db_kind, tmp_path)
    h = Harness(store=SqlStore(url))
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")  # the service knows the table at this version
    join = h.button(t, "Join").token or ""

    elsewhere = SqlStore(url)  # another process
    loop = asyncio.new_event_loop()
    table = loop.run_until_complete(elsewhere.load(t))
    assert table is not None
    before = table.version
    table.seats[1].name = "Robert"
    table.bump(h.clock.now())
    loop.run_until_complete(elsewhere.save(table, before))

    stale = h.press_token(CY, join, where=CHAT)  # a button drawn before: the table moved on meanwhile
    assert not stale.ok and (stale.text or "").startswith("too late")
    stored = loop.run_until_complete(elsewhere.load(t))
    assert stored is not None and stored.version == before + 1
    assert [s.name for s in stored.seats] == ["Ann", "Robert"]

    assert h.press_token(CY, Token(t, stored.version, "join").encode(), where=CHAT).ok
    stored = loop.run_until_complete(elsewhere.load(t))
    assert stored is not None and stored.status is Status.LOBBY
    assert [s.name for s in stored.seats] == ["Ann", "Robert", "Cy"]
    loop.run_until_complete(elsewhere.close())
