"""A move committed by another process on the same PostgreSQL database reaches a page watching
through this one: the save notifies, the listener hands it to the hub (LISTEN/NOTIFY)."""

from __future__ import annotations

import time

import pytest

from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Press
from bot.notifier import RecordingNotifier
from bot.ui.render import panel_screens
from tests import postgres
from tests.adapters.web.live import ANN, EVE, button, live_table
from tests.sql.databases import need


@pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py
async def test_a_move_made_by_another_process_reaches_the_page(aio_loop):
    need("postgres")
    url = postgres.fresh_database()
    here, there = SqlStore(url), SqlStore(url)
    try:
        async with live_table(store=here) as live:
            assert live.server.listener is not None and await live.server.listener.listening()
            eve = await live.watching(EVE)
            table = await live.table()
            elsewhere = bootstrap(there, RecordingNotifier(), FakeClock(time.time()))  # process B: no web server
            token = button(panel_screens(table, 0, "en")[0], "")
            assert (await elsewhere.handle(Press(ANN, token))).ok
            view = await eve.until(lambda m: m["type"] == "view" and m["version"] == table.version + 1, timeout=10)
            assert view["panel"] is None
    finally:
        await here.close()
        await there.close()
