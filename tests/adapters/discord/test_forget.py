"""`/forget` end to end on Discord (the real discord.py stack against the fake Discord): its question
is ephemeral, with "Yes, forget me" and "Keep me"; yes forgets, and the answer takes the question's
place; a second /forget says so; someone at an open table is told to leave it first. The server's
page is made public with /settings page, by its admins only."""

from __future__ import annotations

from adapters.discord.identities import PLATFORM
from bot.clock import FakeClock
from bot.people import ChatRef, PersonRef
from bot.tables import Status
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import Running, finish, press, slash, table_of
from tests.adapters.discord.world import Channel, Message, User


def labels(message: Message) -> list[str]:
    return [b.label or "" for row in message.buttons for b in row]


async def a_finished_speed_game(fake: FakeDiscord, bot: Running, channel: Channel, alice: User, bob: User) -> int:
    await slash(fake, alice, channel, "speed", opponent=bob)
    await bot.settled()
    challenge = fake.last_message(channel)
    assert challenge is not None
    table_id = table_of(challenge)
    await press(fake, bob, challenge, "✅ Accept")
    await bot.settled()
    assert (await finish(bot, table_id)).status is Status.FINISHED
    return table_id


async def test_forget_asks_in_an_ephemeral_message_and_forgets_after_yes(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        table_id = await a_finished_speed_game(fake, bot, channel, alice, bob)
        alice_ref = PersonRef(PLATFORM, str(alice.id))
        asked = await slash(fake, alice, channel, "forget")
        question = asked.original
        assert asked.ephemeral and question is not None
        assert labels(question) == ["Yes, forget me", "Keep me"] and "cannot be undone" in question.content

        await press(fake, alice, question, "Yes, forget me")
        await bot.settled()

        await fake.wait_for(lambda: "you are forgotten" in question.content or None, what="the answer")
        assert question.buttons == []
        seat = next(s for s in (await bot.table(table_id)).seats if s.forgotten)
        assert (seat.person, seat.name) == (None, "")
        assert await bot.store.person_stats(alice_ref, "global") == [] and await bot.store.forgotten(alice_ref)
        leaders = await bot.store.leaderboard("speed", "global", 10)
        assert [r.person for r in leaders] == [PersonRef(PLATFORM, str(bob.id))]
        again = await slash(fake, alice, channel, "forget")
        assert again.ephemeral and "already forgotten" in again.original.content  # type: ignore[union-attr]
        assert again.original.buttons == []  # type: ignore[union-attr]


async def test_keep_me_keeps_and_an_open_table_refuses(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        question = (await slash(fake, alice, channel, "forget")).original
        assert question is not None
        await press(fake, alice, question, "Keep me")
        await bot.settled()
        await fake.wait_for(lambda: "Nothing was changed" in question.content or None, what="the answer")
        assert not await bot.store.forgotten(PersonRef(PLATFORM, str(alice.id)))
        await slash(fake, alice, channel, "svolota")
        await bot.settled()
        refused = (await slash(fake, alice, channel, "forget")).original
        assert refused is not None and refused.content.startswith("✗ Leave or finish your games first: Svolota")
        assert refused.buttons == []


async def test_the_server_s_page_is_public_by_its_admins_choice(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        chat = ChatRef(PLATFORM, str(channel.guild.id))  # type: ignore[union-attr]
        refused = (await slash(fake, bob, channel, "settings", page=True)).original
        assert refused is not None and refused.content.startswith("✗")
        assert await bot.service.chats.page_public_since(chat) is None
        await slash(fake, alice, channel, "settings", page=True)
        assert await bot.service.chats.page_public_since(chat) == clock.now()
