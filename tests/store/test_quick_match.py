"""The store's part of quick match (bot/store/queue.py): one row per person, replaced by a second
entry; leaving takes only a waiting row (the one a matcher saw, if named); seating is all or
nothing; the queue is read back as it was by another process (a restart keeps it)."""

from __future__ import annotations

from dataclasses import replace

from bot.people import PersonRef
from bot.store.queue import Queued
from tests.store.examples import ANN, BOB, CY, play

DEE = PersonRef("discord", "44")


def entry(person: PersonRef, game: str = "speed", joined: float = 1.0, after: float | None = 60.0) -> Queued:
    return Queued(person, game, f"name {person.user_id}", "uk", joined, -3.5, after)


def test_the_queue_comes_back_oldest_first_to_another_process(stores):
    async def body() -> None:
        store = stores()
        await store.put_queued(entry(BOB, joined=2.0))
        await store.put_queued(entry(ANN, "svolota", joined=1.0, after=None))
        await store.put_queued(entry(DEE, joined=1.5))
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
        await store.put_queued(entry(ANN, "speed", 1.0))
        await store.put_queued(entry(ANN, "racing_demon", 5.0))
        assert await stores().waiting() == [entry(ANN, "racing_demon", 5.0)]

    play(body)


def test_leaving_takes_only_a_waiting_row_and_only_the_one_named(stores):
    async def body() -> None:
        store = stores()
        await store.put_queued(entry(ANN, joined=1.0))
        assert await store.drop_queued(ANN, joined=0.5) is None  # an older entry's expiry: not this one
        assert await store.drop_queued(ANN) == entry(ANN, joined=1.0)
        assert await store.drop_queued(ANN) is None
        await store.put_queued(replace(entry(BOB), table_id=7))
        assert await store.drop_queued(BOB) is None  # matched: stays
        assert await stores().queued(BOB) == replace(entry(BOB), table_id=7)
        assert await stores().waiting() == []

    play(body)


def test_seating_is_all_or_nothing(stores):
    async def body() -> None:
        store = stores()
        ann, bob, cy = entry(ANN, joined=1.0), entry(BOB, joined=2.0), entry(CY, joined=3.0)
        for e in (ann, bob, cy):
            await store.put_queued(e)
        await store.put_queued(replace(cy, joined=4.0))  # Cy joined again meanwhile: not the row the matcher saw
        assert not await stores().seat_queued([ann, bob, cy], 9)
        assert [e.table_id for e in await store.waiting()] == [None, None, None]  # nothing changed
        assert await stores().seat_queued([ann, bob], 9)
        assert not await stores().seat_queued([ann], 10)  # seated already, by "another process"
        assert (await store.queued(ANN), await store.queued(BOB)) == (
            replace(ann, table_id=9),
            replace(bob, table_id=9),
        )
        assert await store.waiting() == [replace(cy, joined=4.0)]

    play(body)
