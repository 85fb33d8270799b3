"""`/forget` end to end against the fake Bot API: asked in a group, the question comes in private
(or, to someone the bot may not write to, in the group, where nobody else may answer it); "Yes,
forget me" forgets and the question becomes the answer; a second /forget says so; someone at an
open table is told to leave it first. `/settings page on` is a chat admin's."""

from __future__ import annotations

from typing import Any

from adapters.telegram.identities import PLATFORM
from bot.clock import FakeClock
from bot.people import ChatRef, PersonRef
from bot.tables import Status
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_community import said
from tests.adapters.telegram.test_scenarios import Running, answer, finish, table_of
from tests.adapters.telegram.world import Chat, Message, User


def newer(api: FakeBotApi, chat: Chat) -> Any:
    """Waits for the bot's next message in `chat` (one newer than those there now)."""
    seen = len(api.messages(chat, from_bot=True))
    return api.wait_for(lambda: api.messages(chat, from_bot=True)[seen:][:1] or None, what=f"a message in {chat}")


async def first(waiting: Any) -> Message:
    found: list[Message] = await waiting
    return found[0]


def labels(message: Message) -> list[str]:
    return [b["text"] for row in message.buttons for b in row]


async def a_finished_speed_game(api: FakeBotApi, bot: Running, group: Chat, alice: User, bob: User) -> int:
    api.send_text(alice, group, "/speed")
    table_id = table_of(await api.next_message(group))
    await bot.settled()
    await answer(api, api.press(bob, await bot.message_of(group, table_id), text="Join"))
    await bot.settled()
    assert (await finish(bot, table_id)).status is Status.FINISHED
    return table_id


async def test_forget_asked_in_a_group_is_answered_in_private_and_forgets_after_yes(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        table_id = await a_finished_speed_game(fake_api, bot, group, alice, bob)
        alice_ref = PersonRef(PLATFORM, str(alice.id))
        assert await bot.store.person_stats(alice_ref, "global")
        private = fake_api.private_chat(alice)
        asked = first(newer(fake_api, private))
        pointer = await said(fake_api, bot, alice, group, "/forget")
        assert "private chat" in pointer.text
        question = await asked
        assert labels(question) == ["Yes, forget me", "Keep me"] and "cannot be undone" in question.text

        done = await answer(fake_api, fake_api.press(alice, question, text="Yes, forget me"))
        await bot.settled()

        assert "you are forgotten" in done["text"]
        assert "you are forgotten" in question.text and not question.buttons  # the question became the answer
        seat = (await bot.table(table_id)).seats[0]
        assert (seat.person, seat.name, seat.forgotten) == (None, "", True)
        assert await bot.store.person_stats(alice_ref, "global") == []
        assert await bot.store.forgotten(alice_ref)
        assert [r.person for r in await bot.store.leaderboard("speed", "global", 10)] == [
            PersonRef(PLATFORM, str(bob.id))
        ]
        again = first(newer(fake_api, private))
        fake_api.send_text(alice, private, "/forget")
        assert "already forgotten" in (await again).text


async def test_the_question_in_a_group_is_the_asker_s_alone(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, carol: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:  # carol never started the bot: asked in the group
        asked = first(newer(fake_api, group))
        fake_api.send_text(carol, group, "/forget")
        question = await asked
        await bot.settled()
        assert len(labels(question)) == 2
        refused = await answer(fake_api, fake_api.press(alice, question, data=question.buttons[0][0]["callback_data"]))
        assert "not for you" in refused["text"]
        assert question.buttons, "the question stands"
        assert not await bot.store.forgotten(PersonRef(PLATFORM, str(alice.id)))
        kept = await answer(fake_api, fake_api.press(carol, question, data=question.buttons[0][1]["callback_data"]))
        await bot.settled()
        assert kept.get("text") and not question.buttons
        assert not await bot.store.forgotten(PersonRef(PLATFORM, str(carol.id)))


async def test_forget_at_an_open_table_is_refused_in_private(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/svolota")
        table_id = table_of(await fake_api.next_message(group))
        await bot.settled()
        private = fake_api.private_chat(alice)
        asked = first(newer(fake_api, private))
        fake_api.send_text(alice, private, "/forget")
        refusal = await asked
        assert refusal.text.startswith("✗ Leave or finish your games first: Svolota") and not refusal.buttons
        assert (await bot.table(table_id)).seats[0].person == PersonRef(PLATFORM, str(alice.id))


async def test_a_chat_s_page_is_made_public_by_its_admins_only(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        chat = ChatRef(PLATFORM, str(group.id))
        refused = await said(fake_api, bot, bob, group, "/settings page on")  # bob is no admin
        assert refused.text.startswith("✗") and await bot.service.chats.page_public_since(chat) is None
        await said(fake_api, bot, alice, group, "/settings page on")
        assert await bot.service.chats.page_public_since(chat) == clock.now()
        shown = await said(fake_api, bot, alice, group, "/settings")
        assert "page: public" in shown.text
        await said(fake_api, bot, alice, group, "/settings page off")
        assert await bot.service.chats.page_public_since(chat) is None
