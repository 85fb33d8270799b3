"""The tables' store keeps tables, seats, deadlines and the move log, and refuses a stale save."""

from __future__ import annotations

import asyncio

import pytest

from bot.deadlines import Deadline, Kind
from bot.people import ChatRef, PersonRef
from bot.store import StaleTable
from bot.tables import LoggedMove, Seat, Status
from tests.store.examples import CHAT, a_challenge


def run(coro):
    return asyncio.new_event_loop().run_until_complete(coro)


def test_a_table_comes_back_as_it_was_saved(store):
    table_id = run(store.new_table_id())
    table = a_challenge(table_id)
    run(store.save(table, -1))
    assert run(store.load(table_id)) == table
    assert run(store.load(table_id + 100)) is None


def test_a_save_from_a_stale_copy_is_refused_and_changes_nothing(store):
    table = a_challenge(run(store.new_table_id()))
    run(store.save(table, -1))
    first, second = run(store.load(table.id)), run(store.load(table.id))
    first.bump(7.0)
    run(store.save(first, 0))
    second.bump(8.0)
    second.seats.append(Seat("Eve", PersonRef("tg", "9")))
    with pytest.raises(StaleTable):
        run(store.save(second, 0))
    assert run(store.load(table.id)) == first


def test_new_moves_are_appended_to_the_log_in_order(store):
    table = a_challenge(run(store.new_table_id()))
    run(store.save(table, -1))
    for n in range(3):
        table.log_move(LoggedMove(n % 2, f"move {n}", float(n), "person"))
    table.bump(1.0)
    run(store.save(table, 0))
    assert table.unsaved == []
    table.log_move(LoggedMove(0, "move 3", 3.0, "timer"))
    table.bump(2.0)
    run(store.save(table, 1))
    assert [m.move for m in run(store.moves(table.id))] == ["move 0", "move 1", "move 2", "move 3"]
    assert run(store.load(table.id)).moves == 4


def test_deadlines_are_found_when_due_earliest_first(store):
    for i, due in enumerate([50.0, 10.0, 30.0]):
        table = a_challenge(run(store.new_table_id()))
        table.deadlines = [Deadline(table.id, Kind.TURN, due, 0, i)]
        run(store.save(table, -1))
    assert [d.due for d in run(store.due(30.0))] == [10.0, 30.0]
    assert run(store.next_due()) == 10.0


def test_open_tables_are_found_per_chat_and_thread(store):
    table = a_challenge(run(store.new_table_id()))
    run(store.save(table, -1))
    assert [t.id for t in run(store.open_tables(CHAT))] == [table.id]
    assert run(store.open_tables(ChatRef(CHAT.platform, CHAT.chat_id, None))) == []  # another thread
    table.status = Status.FINISHED
    run(store.save(table, 0))
    assert run(store.open_tables(CHAT)) == []
    assert run(store.all_open()) == []


def test_a_start_finds_the_tables_of_its_platform_that_closed_just_before_the_newest_change(store):
    now, window = 1_000_000.0, 120.0
    for table_id, status, updated_at, platform in [
        (1, Status.FINISHED, now - window - 1, "tg"),  # long enough ago to have been drawn
        (2, Status.FINISHED, now - 5, "tg"),
        (3, Status.CANCELLED, now - 1, "tg"),
        (4, Status.EXPIRED, now, "tg"),
        (5, Status.PLAYING, now, "tg"),  # open: redrawn anyway
        (6, Status.FINISHED, now, "discord"),  # another platform's
        (7, Status.FINISHED, now + 1000, "discord"),
    ]:
        table = a_challenge(run(store.new_table_id()))
        assert table.id == table_id
        table.status, table.updated_at, table.deadlines = status, updated_at, []
        table.chat = ChatRef(platform, "-100")
        run(store.save(table, -1))
    assert [t.id for t in run(store.recently_closed(window, "tg"))] == [2, 3, 4]
    assert [t.id for t in run(store.recently_closed(window))] == [7]
    assert [t.id for t in run(store.all_open("tg"))] == [5]
    assert run(store.all_open("discord")) == []


def test_each_platform_fires_only_its_own_deadlines(store):
    for due, platform in [(10.0, "tg"), (20.0, "discord")]:
        table = a_challenge(run(store.new_table_id()))
        table.chat = ChatRef(platform, "-100")
        table.deadlines = [Deadline(table.id, Kind.TURN, due, 0, 0)]
        run(store.save(table, -1))

    def due(platform: str | None) -> list[int]:
        return [d.table_id for d in run(store.due_batch(30.0, 10, platform))]

    assert (due("discord"), due("tg"), due(None), due("console")) == ([2], [1], [1, 2], [])
    assert (run(store.next_due("discord")), run(store.next_due("tg")), run(store.next_due())) == (20.0, 10.0, 10.0)
    assert run(store.next_due("console")) is None
