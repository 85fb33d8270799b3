"""A tournament on Telegram end to end against the fake Bot API, in a forum topic: an admin's
/tournament puts its board in the topic, people join with its button, /tournament start opens the
first round's tables in the same topic, their games end (idle people get computers standing in),
the next round opens by itself and the final result names the winner. A member who is no admin
is refused, privately answered, and nothing changes."""

from __future__ import annotations

import pytest

from adapters.chat.records import read_note
from bot.clock import FakeClock
from bot.i18n import pick_language, translator
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.tournament import Stage
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_scenarios import Running, answer
from tests.adapters.telegram.world import Chat, Message, User
from tests.sql.databases import fresh_sqlite

CONFIG = ServiceConfig(window_seconds=1.5, idle_seconds=3, computer_think=0.5)


async def board_of(bot: Running, chat: Chat, tid: int, slot: str = "tournament") -> Message:
    """The message a tournament's screen is drawn in (its screens are named by its id negated)."""
    message_id, _ = read_note(await bot.store.records.message_id(-tid, "", slot))
    found = [m for m in bot.api.messages(chat, from_bot=True) if m.message_id == message_id]
    assert found, f"no {slot} message of tournament {tid}"
    return found[0]


async def play_on(bot: Running, seconds: float) -> None:
    """Time passes as the scheduler would see it: deadlines fire, the tournaments tick."""
    await bot.advance(seconds)
    await bot.service.tournaments.tick()
    await bot.settled()


@pytest.mark.slow
@pytest.mark.async_timeout(90)
async def test_a_tournament_in_a_forum_topic_from_the_command_to_the_winner(
    fake_api: FakeBotApi, tmp_path, alice: User, bob: User, carol: User, dave: User
):
    forum = fake_api.add_group("Cup night", [bob, carol, dave], creator=alice, forum=True)
    topic = fake_api.add_topic(forum, "Friday cup")
    async with Running(fake_api, fresh_sqlite(tmp_path), FakeClock(), CONFIG) as bot:
        fake_api.send_text(alice, forum, "/tournament speed elimination signup=0 Friday cup", thread_id=topic)
        await bot.settled()
        (t,) = await bot.store.open_tournaments()
        board = await board_of(bot, forum, t.id)
        assert board.thread_id == topic and "Friday cup" in board.text and "Speed" in board.text
        for person in (alice, bob, carol, dave):
            assert (await answer(fake_api, fake_api.press(person, board, text="Join"))).get("text") is None
            await bot.settled()
        board = await board_of(bot, forum, t.id)
        assert all(p.first_name in board.text for p in (alice, bob, carol, dave))

        refused = fake_api.send_text(bob, forum, "/tournament cancel", thread_id=topic)
        await bot.settled()
        said = [m for m in fake_api.messages(forum, from_bot=True) if m.reply_to is refused]
        wanted = translator(pick_language(bob.language_code)).gettext("only a chat admin can run the tournament")
        assert said and said[0].text == "✗ " + wanted  # in Bob's own language
        assert (await bot.store.load_tournament(t.id)).stage is Stage.SIGNUP  # nothing changed

        fake_api.send_text(alice, forum, "/tournament start", thread_id=topic)
        await bot.settled()
        t = await bot.store.load_tournament(t.id)
        assert t.stage is Stage.RUNNING and len(t.rounds[0].matches) == 2
        announcement = await board_of(bot, forum, t.id, "round1")
        assert announcement.thread_id == topic
        for m in t.rounds[0].matches:
            table = await bot.table(m.table_id)
            assert table.status is Status.PLAYING and table.chat.thread_id == str(topic)
            assert (await bot.message_of(forum, m.table_id)).thread_id == topic  # its board in the topic

        for _ in range(200):
            await play_on(bot, 20)
            t = await bot.store.load_tournament(t.id)
            if t.stage is Stage.FINISHED:
                break
        assert t.stage is Stage.FINISHED and [len(r.matches) for r in t.rounds] == [2, 1]
        final = await board_of(bot, forum, t.id, "final")
        (champion,) = [e for e in t.entrants if e.out is None]
        user = fake_api.users[int(champion.person.user_id)]
        shown = f"@{user.username}" if user.username else user.first_name  # a mention that notifies them
        assert final.thread_id == topic and shown in final.text.splitlines()[1]
        board = await board_of(bot, forum, t.id)
        assert "Finished" in board.text and not board.buttons
