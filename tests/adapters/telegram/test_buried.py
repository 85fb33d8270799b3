"""A board buried under the group's messages (issue 15): the real bot against the fake Bot API.

When more than BURIED messages stay below a Svolota board (people's messages the bot received, its
own answers; not turn alerts), the next move sends the board again at the bottom without a
notification and deletes the old message; its buttons go on working. Fewer, and the board is
edited in place as before. The bot sees every message of the group here (privacy mode off); in
privacy mode it would count only the commands, replies to it and plays sent "via" it.
"""

from __future__ import annotations

from typing import Any

import pytest

from adapters.chat.below import BURIED
from adapters.chat.records import read_note
from bot.clock import FakeClock
from bot.tables import Status
from bot.tokens import decode
from core import load_game
from tests.adapters.telegram.fake_api import EDITS, SENDS, FakeBotApi
from tests.adapters.telegram.test_scenarios import Running, alerts, answer, moves_on, open_svolota
from tests.adapters.telegram.world import Chat, Message, User

PACE = {"minute": 0.15}  # each turn waits until it is drawn: a "minute" of the group's pace is 0.15 s


@pytest.fixture
def chatty(fake_api: FakeBotApi, carol: User) -> FakeBotApi:
    """The bot receives every message in its groups (privacy mode off); everyone has started the
    bot (their panels reach them)."""
    fake_api.privacy_mode = False
    carol.started = True
    return fake_api


def chat(api: FakeBotApi, group: Chat, people: list[User], count: int) -> list[Message]:
    """People talk in the group: `count` messages, one after another."""
    return [api.send_text(people[i % len(people)], group, f"nice one #{i}") for i in range(count)]


async def panel_move(api: FakeBotApi, bot: Running, board: Message, seats: list[User], table_id: int) -> None:
    """The person to move presses "My cards" on the board, then the first move on the panel it
    brings to their private chat (nothing is posted in the group)."""
    table = await bot.table(table_id)
    person = seats[load_game(table.state).turn]
    opened = await answer(api, api.press(person, board, text="My cards"))
    assert not opened.get("text"), opened  # not refused ("too late")
    await bot.settled()
    panel = await bot.message_of(api.private_chat(person), table_id, str(person.id), "panel")
    played = await answer(api, api.press(person, panel, moves_on(panel)[0]))
    assert not played.get("text"), played
    await bot.settled()
    assert (await bot.table(table_id)).moves == table.moves + 1


def sent_as(api: FakeBotApi, group: Chat, message: Message) -> dict[str, Any]:
    """The parameters of the request that posted the message."""
    (request,) = [
        r for r in api.calls(chat=group, ok=True) if r.method in SENDS and r.result["message_id"] == message.message_id
    ]
    return request.params


def edits_of(api: FakeBotApi, group: Chat, message: Message) -> int:
    return sum(
        1 for r in api.calls(chat=group, ok=True) if r.method in EDITS and r.params["message_id"] == message.message_id
    )


async def test_a_buried_board_is_sent_again_below_silently_and_its_buttons_play(
    chatty: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    api, seats = chatty, [alice, bob, carol]
    async with Running(api, url, clock, **PACE) as bot:
        table_id = await open_svolota(api, bot, group, alice, bob, carol)
        old = await bot.message_of(group, table_id)
        assert not sent_as(api, group, old).get("disable_notification")  # the first board is a plain message
        talk = chat(api, group, seats, BURIED + 1)
        await bot.settled()
        assert await bot.message_of(group, table_id) is old  # nothing changed on the board: nothing drawn
        version = (await bot.table(table_id)).version
        await panel_move(api, bot, old, seats, table_id)
        new = await bot.message_of(group, table_id)
        assert new is not old and new.message_id > talk[-1].message_id  # at the bottom, below the talk
        assert old.deleted and not new.deleted
        assert sent_as(api, group, new)["disable_notification"] is True  # it rings no one's phone
        assert new.thread_id == old.thread_id
        assert read_note(await bot.store.records.message_id(table_id, "", "table"))[0] == new.message_id
        assert {decode(b["callback_data"]).version for row in new.buttons for b in row if "callback_data" in b} == {
            (await bot.table(table_id)).version
        }
        assert (await bot.table(table_id)).version > version
        assert bot.notifier.stats["reposted"] == 1
        # its buttons work: "My cards" on the new board opens the next person's panel, and they play
        await panel_move(api, bot, new, seats, table_id)
        assert await bot.message_of(group, table_id) is new  # nothing buries it yet: edited in place
        assert edits_of(api, group, new) >= 1
        # "Choose cards" on it opens inline mode with the plays of the person to move
        table = await bot.table(table_id)
        game = load_game(table.state)
        query_id = api.press(seats[game.turn], new, text="Choose cards")
        results = (await api.wait_for(lambda: api.inline_answers(query_id)))["results"]
        assert {decode(r["id"]).arg for r in results} == set(game.moves(str(game.turn))[:50])
        assert table.status is Status.PLAYING


async def test_a_board_with_fewer_messages_below_is_edited_in_place(
    chatty: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    api, seats = chatty, [alice, bob, carol]
    async with Running(api, url, clock, **PACE) as bot:
        table_id = await open_svolota(api, bot, group, alice, bob, carol)
        board = await bot.message_of(group, table_id)
        edits = edits_of(api, group, board)
        chat(api, group, seats, BURIED - 1)
        await bot.settled()
        await panel_move(api, bot, board, seats, table_id)
        assert await bot.message_of(group, table_id) is board and not board.deleted
        assert edits_of(api, group, board) == edits + 1
        assert bot.notifier.stats["reposted"] == 0


async def test_turn_alerts_below_the_board_do_not_bury_it(
    chatty: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, carol: User, group: Chat
):
    api, seats = chatty, [alice, bob, carol]
    async with Running(api, url, clock, **PACE) as bot:
        table_id = await open_svolota(api, bot, group, alice, bob, carol)
        board = await bot.message_of(group, table_id)
        chat(api, group, seats, BURIED)  # as many as may stay below it
        await bot.settled()
        for _ in range(3):  # each turn, a new alert below the board (the previous one deleted)
            (alert,) = alerts(api, group)
            assert alert.message_id > board.message_id
            await panel_move(api, bot, board, seats, table_id)
            assert await bot.message_of(group, table_id) is board and not board.deleted
        assert bot.notifier.stats["reposted"] == 0
        # one more message of people's: now it is buried
        chat(api, group, seats, 1)
        await bot.settled()
        await panel_move(api, bot, board, seats, table_id)
        assert board.deleted and bot.notifier.stats["reposted"] == 1
