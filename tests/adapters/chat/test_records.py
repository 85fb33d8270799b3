"""The platforms' records the chat adapters keep (adapters/chat/records.py): the message that shows
each screen of a table (never drawn over a newer one) and the file id of each uploaded picture.
One contract, in memory and in a database (SQLite and PostgreSQL, beside the tables)."""

from __future__ import annotations

import asyncio
import itertools
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from adapters.chat.memory_records import MemoryRecords
from adapters.chat.records import Claim, Records
from adapters.sql.store import SqlStore
from bot.people import ChatRef, PersonRef
from bot.tables import Status, Table
from tests.sql.databases import POSTGRES, fresh_url

CHAT = ChatRef("tg", "-100", "7")
ANN = PersonRef("tg", "1")


def run(coro):
    return asyncio.new_event_loop().run_until_complete(coro)


@dataclass
class Kept:
    records: Records
    new_table: Callable[[], int]  # a table the records may name (a database's rows refer to it)


@pytest.fixture(params=["memory", "sqlite", POSTGRES])
def kept(request: pytest.FixtureRequest, tmp_path) -> Iterator[Kept]:
    if request.param == "memory":
        ids = itertools.count(1)
        yield Kept(MemoryRecords(), lambda: next(ids))
        return
    store = SqlStore(fresh_url(request.param, tmp_path))

    def new_table() -> int:
        table_id = run(store.new_table_id())
        run(store.save(Table(id=table_id, chat=CHAT, game="svolota", creator=ANN, status=Status.LOBBY), -1))
        return table_id

    yield Kept(store.records, new_table)
    run(store.close())


def test_the_file_id_of_an_uploaded_picture_is_kept_once_per_platform_and_digest(kept):
    records, digest = kept.records, "0123456789abcdef0123456789abcdef"
    assert run(records.file_id("telegram", digest)) is None
    run(records.remember_file_id("telegram", digest, "AgACAgQAAxkBAAI" + "x" * 60))
    run(records.remember_file_id("telegram", digest, "AgACAgQAAxkBAAI-newer"))  # uploaded again elsewhere
    run(records.remember_file_id("discord", digest, "1234"))
    assert run(records.file_id("telegram", digest)) == "AgACAgQAAxkBAAI-newer"
    assert run(records.file_id("discord", digest)) == "1234"
    assert run(records.file_id("telegram", "f" * 32)) is None


def test_the_platform_message_of_each_screen_is_remembered(kept):
    records, table = kept.records, kept.new_table()
    assert run(records.message_id(table, "", "table")) is None
    run(records.remember_message(table, "", "table", "m-1"))
    run(records.remember_message(table, "1", "panel", "m-2"))
    run(records.remember_message(table, "", "table", "m-3"))
    assert run(records.message_id(table, "", "table")) == "m-3"
    assert run(records.message_id(table, "1", "panel")) == "m-2"


def test_a_screen_is_never_drawn_over_a_newer_one(kept):
    records, table = kept.records, kept.new_table()
    place = (table, "", "table")
    assert run(records.claim(*place, 3)) == Claim(True, None)  # the first drawing: no message yet
    run(records.remember_message(*place, "m-1", 3))
    assert run(records.claim(*place, 5)) == Claim(True, "m-1")  # another process draws version 5 in it
    assert run(records.claim(*place, 4)) == Claim(False)  # this one is late with version 4: not drawn
    assert run(records.claim(*place, 5)) == Claim(True, "m-1")  # the same version again (a restart redraws)
    assert run(records.claim(table, "1", "panel", 4)) == Claim(True, None)  # each place on its own
    assert run(records.message_id(*place)) == "m-1"
