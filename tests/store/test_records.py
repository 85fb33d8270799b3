"""The platforms' records a store keeps for the chat adapters: the message that shows each screen
of a table (never drawn over a newer one) and the file id of each uploaded picture."""

from __future__ import annotations

import asyncio

from bot.people import ChatRef, PersonRef
from bot.tables import Status, Table

CHAT = ChatRef("tg", "-100", "7")
ANN = PersonRef("tg", "1")


def run(coro):
    return asyncio.new_event_loop().run_until_complete(coro)


def a_table(table_id: int) -> Table:
    return Table(id=table_id, chat=CHAT, game="svolota", creator=ANN, status=Status.LOBBY)


def test_the_file_id_of_an_uploaded_picture_is_kept_once_per_platform_and_digest(store):
    digest = "0123456789abcdef0123456789abcdef"
    assert run(store.file_id("telegram", digest)) is None
    run(store.remember_file_id("telegram", digest, "AgACAgQAAxkBAAI" + "x" * 60))
    run(store.remember_file_id("telegram", digest, "AgACAgQAAxkBAAI-newer"))  # uploaded again elsewhere
    run(store.remember_file_id("discord", digest, "1234"))
    assert run(store.file_id("telegram", digest)) == "AgACAgQAAxkBAAI-newer"
    assert run(store.file_id("discord", digest)) == "1234"
    assert run(store.file_id("telegram", "f" * 32)) is None


def test_the_platform_message_of_each_screen_is_remembered(store):
    table = a_table(run(store.new_table_id()))
    run(store.save(table, -1))
    assert run(store.message_id(table.id, "", "table")) is None
    run(store.remember_message(table.id, "", "table", "m-1"))
    run(store.remember_message(table.id, "1", "panel", "m-2"))
    run(store.remember_message(table.id, "", "table", "m-3"))
    assert run(store.message_id(table.id, "", "table")) == "m-3"
    assert run(store.message_id(table.id, "1", "panel")) == "m-2"


def test_a_screen_is_never_drawn_over_a_newer_one(store):
    table = a_table(run(store.new_table_id()))
    run(store.save(table, -1))
    place = (table.id, "", "table")
    assert run(store.claim_screen(*place, 3))  # the first drawing
    run(store.remember_message(*place, "m-1", 3))
    assert run(store.claim_screen(*place, 5))  # another process draws version 5
    assert not run(store.claim_screen(*place, 4))  # this one is late with version 4: not drawn
    assert run(store.claim_screen(*place, 5))  # the same version again (a restart redraws)
    assert run(store.claim_screen(table.id, "1", "panel", 4))  # each place on its own
    assert run(store.message_id(*place)) == "m-1"
