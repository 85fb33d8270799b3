"""The tests' fourth game, War (tests/games/war/), on Telegram end to end against the fake Bot API:
/war opens its lobby in a group, Join seats the second player and starts it, each person flips from
the panel in their private chat, and the board shows the result. Nothing in adapters/telegram names
War: its command, its menu entry and its screens come from the game registry (bot/games.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.clock import FakeClock
from bot.tables import Status
from core import load_game
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_scenarios import Running, answer, table_of
from tests.adapters.telegram.world import Chat, User
from tests.games.war import registered
from tests.sql.databases import fresh_sqlite


@pytest.fixture(autouse=True)
def war_is_known() -> Iterator[None]:
    with registered():
        yield


async def test_a_game_of_war_from_the_command_to_the_result(
    fake_api: FakeBotApi, tmp_path, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, fresh_sqlite(tmp_path), FakeClock(), menu=True) as bot:
        menus = [r.params for r in fake_api.calls("setMyCommands", ok=True)]
        assert any(c["command"] == "war" for menu in menus for c in menu["commands"])
        fake_api.send_text(alice, group, "/war")
        lobby = await fake_api.next_message(group)
        table_id = table_of(lobby)
        assert "War" in lobby.text
        await bot.settled()
        await answer(fake_api, fake_api.press(bob, await bot.message_of(group, table_id), text="Join"))
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.PLAYING  # two seats: it starts
        seats = [alice, bob]
        for _ in range(16):
            table = await bot.table(table_id)
            if table.status is not Status.PLAYING:
                break
            person = seats[load_game(table.state).view(0).turn]
            panel = await bot.message_of(fake_api.private_chat(person), table_id, str(person.id), "panel")
            assert (await answer(fake_api, fake_api.press(person, panel, text="Flip"))).get("text") is None
            await bot.settled()
        table = await bot.table(table_id)
        assert table.status is Status.FINISHED
        assert len(await bot.store.moves(table_id)) == 16 and {m.by for m in await bot.store.moves(table_id)} == {
            "person"
        }
        board = await bot.message_of(group, table_id)
        assert "War" in board.text and alice.first_name in board.text and bob.first_name in board.text
