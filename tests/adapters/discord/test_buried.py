"""A board buried under the channel's messages (issue 15): the real bot against the fake Discord.

The gateway announces every message posted in the channel (MESSAGE_CREATE, the guild messages
intent); when more than BURIED of them stay below a Svolota board (not turn alerts), the next move
sends the board again at the bottom, silently, and deletes the old message; its buttons go on
working. Fewer, and the board is edited in place as before.
"""

from __future__ import annotations

import logging
from typing import Any

import pytest

from adapters.chat.below import BURIED
from adapters.chat.posts import Place
from bot.clock import FakeClock
from bot.tables import Status
from core import load_game
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import (
    BOARD_EDITS,
    SENT,
    Running,
    alerts,
    moves_on,
    open_panel,
    open_svolota,
    play,
    tokens_of,
)
from tests.adapters.discord.world import SUPPRESS_NOTIFICATIONS, Channel, Message, User


async def chat(fake: FakeDiscord, bot: Running, channel: Channel, people: list[User], count: int) -> list[Message]:
    """People talk in the channel: `count` messages (the first one to the bot, so that the bot
    gets its content), once the bot has heard of them all."""
    texts = [f"<@{fake.bot.id}> nice one", *(f"nice one #{i}" for i in range(1, count))]
    said = [fake.say(people[i % len(people)], channel, text) for i, text in enumerate(texts)]
    below, where = bot.notifier.channels.below, Place(str(channel.id))
    await fake.wait_for(lambda: below.after(where, said[0].id - 1) >= count, what="the bot to see the messages")
    return said


async def panel_move(fake: FakeDiscord, bot: Running, board: Message, seats: list[User], table_id: int) -> None:
    """The person to move presses "My cards" on the board, then the first move on their panel
    (nothing is posted in the channel)."""
    table = await bot.table(table_id)
    person = seats[load_game(table.state).turn]
    panel = await open_panel(fake, person, board, "My cards")
    await bot.settled()
    await play(fake, person, panel, *moves_on(panel)[0])
    await bot.until(lambda: _moved(bot, table_id, table.moves))
    await bot.settled()


async def _moved(bot: Running, table_id: int, before: int) -> bool:
    return (await bot.table(table_id)).moves > before


def sent_as(fake: FakeDiscord, message: Message) -> dict[str, Any]:
    """The body of the request that posted the message."""
    (request,) = [r for r in fake.calls(SENT, status=200) if r.response["id"] == str(message.id)]
    return request.body


def edits_of(fake: FakeDiscord, message: Message) -> int:
    return sum(1 for r in fake.calls(BOARD_EDITS, status=200) if r.params.get("message_id") == str(message.id))


async def test_a_buried_board_is_sent_again_below_silently_and_its_buttons_play(
    fake_discord: FakeDiscord,
    url: str,
    clock: FakeClock,
    alice: User,
    bob: User,
    carol: User,
    channel: Channel,
    caplog: pytest.LogCaptureFixture,
):
    fake, seats = fake_discord, [alice, bob, carol]
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        old = await bot.board(table_id)
        assert not sent_as(fake, old).get("flags", 0) & SUPPRESS_NOTIFICATIONS
        talk = await chat(fake, bot, channel, seats, BURIED + 1)
        await bot.settled()
        assert await bot.board(table_id) is old  # nothing changed on the board: nothing drawn
        await panel_move(fake, bot, old, seats, table_id)
        new = await bot.board(table_id)
        assert new is not old and new.id > talk[-1].id  # at the bottom, below the talk
        assert old.deleted and not new.deleted
        assert sent_as(fake, new)["flags"] & SUPPRESS_NOTIFICATIONS  # silent: it notifies no one
        assert new.flags & SUPPRESS_NOTIFICATIONS
        table = await bot.table(table_id)
        assert {t.version for t in tokens_of(new)} == {table.version}
        assert bot.notifier.channels.stats["reposted"] == 1
        # its buttons work: "My cards" on the new board opens the next person's panel, and they play
        await panel_move(fake, bot, new, seats, table_id)
        assert await bot.board(table_id) is new and edits_of(fake, new) >= 1  # nothing buries it yet
        assert (await bot.table(table_id)).moves == table.moves + 1
        assert (await bot.table(table_id)).status is Status.PLAYING
    # a message to the bot is no command to look for (slash commands only): nothing logged an error
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


async def test_a_board_with_fewer_messages_below_is_edited_in_place(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake, seats = fake_discord, [alice, bob, carol]
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        board = await bot.board(table_id)
        edits = edits_of(fake, board)
        await chat(fake, bot, channel, seats, BURIED - 1)
        await panel_move(fake, bot, board, seats, table_id)
        assert await bot.board(table_id) is board and not board.deleted
        assert edits_of(fake, board) == edits + 1
        assert bot.notifier.channels.stats["reposted"] == 0


async def test_turn_alerts_below_the_board_do_not_bury_it(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake, seats = fake_discord, [alice, bob, carol]
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        board = await bot.board(table_id)
        await chat(fake, bot, channel, seats, BURIED)  # as many as may stay below it
        for _ in range(3):  # each turn, a new alert below the board (the previous one deleted)
            (alert,) = alerts(fake, channel)
            assert alert.id > board.id
            await panel_move(fake, bot, board, seats, table_id)
            assert await bot.board(table_id) is board and not board.deleted
        assert bot.notifier.channels.stats["reposted"] == 0
        # one more message of people's: now it is buried
        await chat(fake, bot, channel, seats, 1)
        await panel_move(fake, bot, board, seats, table_id)
        assert board.deleted and bot.notifier.channels.stats["reposted"] == 1
