"""Seating the console's table through the service: the "+ Computer" button may carry a level
(the service reads it from the token's argument; a plain press adds a "normal" player)."""

from __future__ import annotations

import asyncio

import pytest

from adapters.console.chat import ConsoleChat
from adapters.console.seating import seat_table
from adapters.console.session import ME, WHERE
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open, Press
from bot.memory_store import MemoryStore
from bot.people import Actor
from bot.service import Service
from bot.tables import Status

PAT = Actor(ME, "pat", lang="en", admin=True)


def service() -> tuple[Service, MemoryStore, ConsoleChat]:
    store, chat = MemoryStore(), ConsoleChat(ME)
    return bootstrap(store, chat, FakeClock(), seed=1), store, chat


@pytest.mark.parametrize(("game", "players"), [("svolota", 4), ("speed", 2), ("racing_demon", 5), ("racing_demon", 1)])
def test_the_table_starts_with_computers_at_the_chosen_level(game, players):
    svc, store, chat = service()

    async def seat() -> None:
        table_id = await seat_table(svc, chat, WHERE, PAT, game, players, "hard")
        table = await store.load(table_id)
        assert table is not None and table.status is Status.PLAYING
        assert [s.level for s in table.seats[1:]] == ["hard"] * (players - 1)
        assert [s.person for s in table.seats] == [ME] + [None] * (players - 1)

    asyncio.run(seat())


def test_a_plain_press_adds_a_normal_player_and_an_unknown_level_is_refused():
    svc, store, chat = service()

    async def lobby() -> None:
        table_id = (await svc.handle(Open(WHERE, PAT, "svolota"))).table_id
        assert (await svc.handle(Press(PAT, chat.lobby_token("add_computer") or "", where=WHERE))).ok
        refused = await svc.handle(Press(PAT, chat.lobby_token("add_computer", "silly") or "", where=WHERE))
        assert not refused.ok and refused.text == "unknown level silly"
        table = await store.load(table_id or 0)
        assert table is not None and [s.level for s in table.seats] == ["normal", "normal"]

    asyncio.run(lobby())
