"""A practice table (the console's, the browser's local play) seated through the service: the
"+ Computer" button may carry a level (the service reads it from the token's argument; a plain
press adds a "normal" player)."""

from __future__ import annotations

import asyncio

import pytest

from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open, Press
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.practice import practice_table
from bot.service import Service
from bot.tables import Status
from bot.tokens import Token

HERE = ChatRef("local", "1")
PAT = Actor(PersonRef("local", "pat"), "pat", lang="en", admin=True)


def service() -> tuple[Service, MemoryStore]:
    store = MemoryStore()
    return bootstrap(store, RecordingNotifier(), FakeClock(), seed=1), store


@pytest.mark.parametrize(("game", "players"), [("svolota", 4), ("speed", 2), ("racing_demon", 5), ("racing_demon", 1)])
def test_the_table_starts_with_computers_at_the_chosen_level_and_no_turn_timer(game, players):
    svc, store = service()

    async def seat() -> None:
        table_id = await practice_table(svc, HERE, PAT, game, players, "hard")
        table = await store.load(table_id)
        assert table is not None and table.status is Status.PLAYING
        assert [s.level for s in table.seats[1:]] == ["hard"] * (players - 1)
        assert [s.person for s in table.seats] == [PAT.person] + [None] * (players - 1)
        assert (await svc.chats.settings(HERE)).turn_seconds is None

    asyncio.run(seat())


def test_a_plain_press_adds_a_normal_player_and_an_unknown_level_is_refused():
    svc, store = service()

    async def lobby() -> None:
        table_id = (await svc.handle(Open(HERE, PAT, "svolota"))).table_id
        assert table_id is not None

        async def add(level: str) -> bool:
            table = await store.load(table_id)
            assert table is not None
            token = Token(table_id, table.version, "add_computer", level).encode()
            reply = await svc.handle(Press(PAT, token, where=HERE))
            assert reply.ok or reply.text == f"unknown level {level}"
            return reply.ok

        assert await add("")
        assert not await add("silly")
        table = await store.load(table_id)
        assert table is not None and [s.level for s in table.seats] == ["normal", "normal"]

    asyncio.run(lobby())
