"""Quick match on Telegram end to end against the fake Bot API (issue #38): two people ask for
Speed in two different groups, a table opens for them in a match chat, each gets its board and
their panel in their private chat, and they play it to the end; someone who never started the bot
gets a deep link instead of a queue entry, and following it queues them."""

from __future__ import annotations

import pytest

from adapters.telegram.identities import PLATFORM
from bot.clock import FakeClock
from bot.match_chats import is_match
from bot.people import PersonRef
from bot.tables import Status
from bot.tokens import decode
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_scenarios import CONFIG, Running, finish, press_a_move, table_of
from tests.adapters.telegram.world import Chat, User
from tests.sql.databases import fresh_sqlite

pytestmark = pytest.mark.slow


def person(user: User) -> PersonRef:
    return PersonRef(PLATFORM, str(user.id))


@pytest.mark.async_timeout(90)
async def test_two_people_from_two_groups_play_a_speed_quick_match_in_their_private_chats(
    fake_api: FakeBotApi, tmp_path, alice: User, dave: User, group: Chat
):
    other = fake_api.add_group("Night owls", [dave])
    async with Running(fake_api, fresh_sqlite(tmp_path), FakeClock(), menu=True) as bot:
        menus = [r.params for r in fake_api.calls("setMyCommands", ok=True)]
        assert any(c["command"] == "quickmatch" for menu in menus for c in menu["commands"])
        fake_api.send_text(alice, group, "/quickmatch speed")
        await bot.settled()
        pointer = fake_api.messages(group, from_bot=True)[-1]
        assert "private chat" in pointer.text
        waiting = fake_api.messages(fake_api.private_chat(alice), from_bot=True)[-1]
        assert "Speed queue" in waiting.text and waiting.button("Leave the queue")
        fake_api.send_text(dave, other, "/quickmatch speed never")
        await bot.settled()
        row = await bot.store.queued(person(dave))
        assert row is not None and row.table_id is not None
        table_id = row.table_id
        table = await bot.table(table_id)
        assert is_match(table.chat) and table.status is Status.PLAYING
        assert [s.person for s in table.seats] == [person(alice), person(dave)]
        for user in (alice, dave):  # the board and their panel, in their private chat
            private = fake_api.private_chat(user)
            board = await bot.message_of(private, table_id, str(user.id), "table")
            assert table_of(board) == table_id and "Centre" in board.text
            await bot.message_of(private, table_id, str(user.id), "panel")
        before = {chat.id: len(fake_api.messages(chat, from_bot=True)) for chat in (group, other)}
        played = 0
        for _ in range(4):
            for user in (alice, dave):
                reply = await press_a_move(fake_api, bot, user, table_id)
                played += reply is not None and not reply.get("text")
            await bot.advance(CONFIG.window_seconds)
            await bot.settled()
        assert played >= 2
        table = await finish(bot, table_id)
        assert table.status is Status.FINISHED
        for user in (alice, dave):
            board = await bot.message_of(fake_api.private_chat(user), table_id, str(user.id), "table")
            assert "is over" in board.text
            assert not any("Rematch" in b["text"] for row in board.buttons for b in row)
        # the groups they asked in saw nothing of the game
        assert {chat.id: len(fake_api.messages(chat, from_bot=True)) for chat in (group, other)} == before
        # over: alice may queue again
        fake_api.send_text(alice, fake_api.private_chat(alice), "/quickmatch speed")
        await bot.settled()
        assert (await bot.store.queued(person(alice))).table_id is None


async def test_someone_the_bot_cannot_write_to_gets_a_deep_link_that_queues_them(
    fake_api: FakeBotApi, tmp_path, carol: User, group: Chat
):
    async with Running(fake_api, fresh_sqlite(tmp_path), FakeClock()) as bot:
        fake_api.send_text(carol, group, "/quickmatch svolota 3")
        await bot.settled()
        assert await bot.store.queued(person(carol)) is None  # not queued: nothing could reach her
        word = fake_api.messages(group, from_bot=True)[-1]
        [button] = [b for row in word.buttons for b in row]  # (in her Ukrainian)
        assert button["url"] == f"https://t.me/{fake_api.bot.username}?start=qm-svolota-3"
        fake_api.press(carol, word, text=button["text"])  # opens the private chat: /start qm-svolota-3
        await bot.settled()
        row = await bot.store.queued(person(carol))
        assert row is not None and (row.game, row.computers_after, row.table_id) == ("svolota", 180.0, None)
        answer = fake_api.messages(fake_api.private_chat(carol), from_bot=True)[-1]
        queue_buttons = [decode(b["callback_data"]) for row in answer.buttons for b in row]  # (in her Ukrainian)
        assert [(b.action, b.arg) for b in queue_buttons if b] == [("queue", "b"), ("queue", "x")]
        fake_api.send_text(carol, group, "/quickmatch stop")
        await bot.settled()
        assert await bot.store.queued(person(carol)) is None
