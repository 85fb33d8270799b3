"""The store's part of quick match (bot/store/queue.py): one row per person, replaced by a second
entry; leaving takes only a waiting row (the one a matcher saw, if named); seating is all or
nothing, and one with the table's save (`Transaction.open_match`); the queue is read back as it was
by another process (a restart keeps it)."""

from __future__ import annotations

import asyncio
from dataclasses import replace

import pytest
from sqlalchemy.exc import IntegrityError

from bot.match_chats import match_chat
from bot.people import PersonRef
from bot.settings import ChatSettings
from bot.store.errors import StaleTable
from bot.store.queue import Queued
from tests.store.conftest import Store
from tests.store.examples import ANN, BOB, CHAT, CY, a_table, play

DEE = PersonRef("discord", "44")


def entry(person: PersonRef, game: str = "speed", joined: float = 1.0, after: float | None = 60.0) -> Queued:
    return Queued(person, game, f"name {person.user_id}", "uk", joined, -3.5, after)


def test_the_queue_comes_back_oldest_first_to_another_process(stores):
    async def body() -> None:
        store = stores()
        await store.put_queued(entry(BOB, joined=2.0), None)
        await store.put_queued(entry(ANN, "svolota", joined=1.0, after=None), None)
        await store.put_queued(entry(DEE, joined=1.5), None)
        again = stores()  # as after a restart
        assert await again.waiting() == [
            entry(ANN, "svolota", 1.0, None),
            entry(DEE, joined=1.5),
            entry(BOB, joined=2.0),
        ]
        assert await again.waiting("discord") == [entry(DEE, joined=1.5)]
        assert await again.queued(ANN) == entry(ANN, "svolota", 1.0, None)
        assert await again.queued(CY) is None

    play(body)


def test_a_second_entry_replaces_the_first(stores):
    async def body() -> None:
        store = stores()
        assert await store.put_queued(entry(ANN, "speed", 1.0), None)
        assert not await store.put_queued(entry(ANN, "svolota", 2.0), None)  # she has a row: not a first one
        assert await store.put_queued(entry(ANN, "racing_demon", 5.0), entry(ANN, "speed", 1.0))
        assert await stores().waiting() == [entry(ANN, "racing_demon", 5.0)]

    play(body)


def test_a_row_seated_since_it_was_read_is_not_written_over(stores):
    """ "Play with computers now" (or joining again) reads the row, then writes it: a matcher that
    seated the person in between wins, or they would wait while seated and could be matched twice."""

    async def body() -> None:
        store = stores()
        ann, bob = entry(ANN, joined=1.0), entry(BOB, joined=2.0)
        for e in (ann, bob):
            await store.put_queued(e, None)
        assert await open_match(stores(), [ann, bob], 9)
        assert not await store.put_queued(replace(ann, computers_after=0.0), ann)  # read before the seating
        assert (await stores().queued(ANN)) == replace(ann, table_id=9)
        assert await stores().waiting() == []
        assert await store.put_queued(entry(ANN, "speed", 3.0), replace(ann, table_id=9))  # queued again

    play(body)


def test_leaving_takes_only_a_waiting_row_and_only_the_one_named(stores):
    async def body() -> None:
        store = stores()
        await store.put_queued(entry(ANN, joined=1.0), None)
        assert await store.drop_queued(ANN, joined=0.5) is None  # an older entry's expiry: not this one
        assert await store.drop_queued(ANN) == entry(ANN, joined=1.0)
        assert await store.drop_queued(ANN) is None
        await store.put_queued(replace(entry(BOB), table_id=7), None)
        assert await store.drop_queued(BOB) is None  # matched: stays
        assert await stores().queued(BOB) == replace(entry(BOB), table_id=7)
        assert await stores().waiting() == []

    play(body)


async def open_match(store: Store, entries: list[Queued], table_id: int, lang: str = "uk") -> bool:
    """One tick's transaction for one group: seat them at a new table and save it."""
    async with store.transaction() as tx:
        return await tx.open_match(entries, a_table(table_id, match_chat("telegram", table_id)), ChatSettings(lang))


def test_seating_is_all_or_nothing_with_the_table(stores):
    async def body() -> None:
        store = stores()
        ann, bob, cy = entry(ANN, joined=1.0), entry(BOB, joined=2.0), entry(CY, joined=3.0)
        for e in (ann, bob, cy):
            await store.put_queued(e, None)
        await store.put_queued(replace(cy, joined=4.0), cy)  # Cy joined again meanwhile: not the row the matcher saw
        assert not await open_match(stores(), [ann, bob, cy], 9)
        assert [e.table_id for e in await store.waiting()] == [None, None, None]  # nothing changed
        assert await stores().load(9) is None
        assert await open_match(stores(), [ann, bob], 9, lang="de")
        assert not await open_match(stores(), [ann], 10)  # seated already, by "another process"
        again = stores()  # as after a restart
        assert (await again.queued(ANN), await again.queued(BOB)) == (
            replace(ann, table_id=9),
            replace(bob, table_id=9),
        )
        assert await again.waiting() == [replace(cy, joined=4.0)]
        table = await again.load(9)
        assert table is not None and table.chat == match_chat("telegram", 9)
        assert (await again.chat_settings(table.chat)).lang == "de"
        assert await again.load(10) is None

    play(body)


def test_a_save_that_fails_leaves_everyone_waiting(stores):
    """The table's save fails (a table with its id is there already): nobody is marked seated at a
    table that does not exist; they wait on, as the matcher saw them."""

    async def body() -> None:
        store = stores()
        ann, bob = entry(ANN, joined=1.0), entry(BOB, joined=2.0)
        for e in (ann, bob):
            await store.put_queued(e, None)
        async with store.transaction() as tx:
            await tx.save(a_table(9), -1)
        with pytest.raises((StaleTable, IntegrityError)):
            await open_match(stores(), [ann, bob], 9)
        again = stores()
        assert await again.waiting() == [ann, bob]
        assert (await again.load(9)).chat == CHAT  # type: ignore[union-attr]  # (the one there before)
        assert await open_match(again, [ann, bob], 10)  # and the next tick seats them
        assert {(await again.queued(p)).table_id for p in (ANN, BOB)} == {10}  # type: ignore[union-attr]

    play(body)


def test_leaving_while_the_group_is_being_seated_finds_them_seated(stores):
    """An expiry (or /quickmatch stop) racing a match, in another process: it waits for the seating
    transaction, then finds the person no longer waiting; they are not told they left."""

    async def body() -> None:
        store = stores()
        ann, bob = entry(ANN, joined=1.0), entry(BOB, joined=2.0)
        for e in (ann, bob):
            await store.put_queued(e, None)
        async with store.transaction() as tx:
            assert await tx.open_match([ann, bob], a_table(9, match_chat("telegram", 9)), ChatSettings("uk"))
            leaving = asyncio.ensure_future(stores().drop_queued(ANN, ann.joined))
            await asyncio.sleep(0.3)  # (it reads Ann waiting, then waits for her row)
        assert await leaving is None
        assert await stores().queued(ANN) == replace(ann, table_id=9)

    play(body)
