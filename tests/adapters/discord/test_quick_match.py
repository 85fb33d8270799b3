"""Quick match on Discord end to end against the fake (issue #38): /quickmatch in a server and in
direct messages queues people (the answer ephemeral, with the queue's buttons); two for Speed open
a table whose board goes to each one's direct messages, where "My panel" opens their panel."""

from __future__ import annotations

import pytest

from adapters.discord.identities import PLATFORM
from bot.clock import FakeClock
from bot.match_chats import is_match
from bot.people import PersonRef
from bot.tables import Status
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import Running, open_panel, slash, table_of, tokens_of
from tests.adapters.discord.world import Channel, User
from tests.sql.databases import fresh_sqlite

pytestmark = pytest.mark.slow


def person(user: User) -> PersonRef:
    return PersonRef(PLATFORM, str(user.id))


async def test_two_people_queue_from_a_server_and_from_direct_messages_and_a_speed_table_opens_in_their_dms(
    fake_discord: FakeDiscord, tmp_path, alice: User, bob: User, dave: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, fresh_sqlite(tmp_path), FakeClock()) as bot:
        # bob queues for Svolota and leaves by the button
        asked = await slash(fake, bob, channel, "quickmatch", game="svolota")
        assert asked.ephemeral and asked.original is not None
        assert [(t.action, t.arg) for t in tokens_of(asked.original)] == [("queue", "b"), ("queue", "x")]
        assert (await bot.store.queued(person(bob))) is not None  # (he reads Russian: the buttons by their tokens)
        leave = next(b.custom_id for row in asked.original.buttons for b in row if b.custom_id.endswith("qx"))
        await fake.wait_response(fake.click(bob, asked.original, leave))
        await bot.settled()
        assert await bot.store.queued(person(bob)) is None
        # alice in the server, dave in his direct messages: Speed
        first = await slash(fake, alice, channel, "quickmatch", game="speed")
        assert first.ephemeral and "Speed queue" in first.original.content  # type: ignore[union-attr]
        second = await slash(fake, dave, fake.dm_channel(dave), "quickmatch", game="speed", computers="")
        assert second.ephemeral and "opening" in second.original.content  # type: ignore[union-attr]
        await bot.settled()
        row = await bot.store.queued(person(dave))
        assert row is not None and row.table_id is not None
        table = await bot.table(row.table_id)
        assert is_match(table.chat) and table.status is Status.PLAYING
        assert [s.person for s in table.seats] == [person(alice), person(dave)]
        assert not [m for m in fake.messages(channel, from_bot=True) if m.buttons]  # no board in the server
        for user in (alice, dave):
            boards = [m for m in fake.messages(fake.dm_channel(user), from_bot=True) if m.buttons]
            assert boards and table_of(boards[-1]) == table.id and "Centre" in boards[-1].content
            panel = await open_panel(fake, user, boards[-1], "🎮 My panel")
            assert table_of(panel) == table.id
