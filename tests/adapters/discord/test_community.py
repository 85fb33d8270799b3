"""Table control and community on Discord, end to end (the real discord.py stack, the service and
SQLite against the fake Discord, as test_scenarios.py): a lobby's house rules picked with buttons
and saved for the server, its join time extended; a vote to remove a player and an admin's
removal, the person removed told in their own panel; /notify pings naming exactly the people who
asked; a season's end announced with its podium. Every request is checked against Discord's
OpenAPI spec by the fake (conftest.py)."""

from __future__ import annotations

import re
from datetime import UTC, datetime
from typing import Any

import pytest

from bot.clock import FakeClock
from bot.i18n import translator
from bot.seasons import season_of, starts
from bot.tables import Status
from bot.ui.ratings import season_name
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import (
    SENT,
    Running,
    finish,
    followup,
    open_panel,
    open_svolota,
    press,
    slash,
    table_of,
)
from tests.adapters.discord.world import Channel, Guild, Message, User
from tests.names import named

RU, UK = translator("ru"), translator("uk")


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 11, 20, 12, tzinfo=UTC).timestamp())


def labels(message: Message) -> list[str]:
    return [b.label or "" for row in message.buttons for b in row]


def countdown(message: Message) -> int:
    """The UNIX time a message's `<t:…:R>` timestamp counts down to."""
    found = re.search(r"<t:(\d+):R>", message.content)
    assert found is not None, message.content
    return int(found[1])


async def open_lobby(fake: FakeDiscord, bot: Running, channel: Channel, creator: User, command: str = "svolota") -> int:
    await slash(fake, creator, channel, command)
    await bot.settled()
    return table_of(next(m for m in reversed(fake.messages(channel, from_bot=True)) if m.buttons))


def sent_body(fake: FakeDiscord, message: Message) -> dict[str, Any]:
    """The request body the bot sent a channel message with."""
    return next(r.body for r in fake.calls(SENT, status=200) if r.response["id"] == str(message.id))


# --- the lobby: house rules by buttons, +1 min -----------------------------------------------------


@pytest.mark.async_timeout(90)  # many presses, each a board edit
async def test_a_lobbys_house_rules_are_picked_by_buttons_and_saved_for_the_server(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        table_id = await open_lobby(fake, bot, channel, alice)
        board = await bot.board(table_id)
        assert {"⚙ House rules", "⏳ +1 min", "Join", "▶ Start"} <= set(labels(board))
        closes = countdown(board)  # the join time left counts down in the client
        await press(fake, alice, board, "⏳ +1 min")
        await bot.settled()
        assert countdown(board) == closes + 60
        refused = await press(fake, bob, board, "⏳ +1 min")  # not his table
        assert (await followup(fake, refused)).content.startswith("✗ ")
        await press(fake, alice, board, "⚙ House rules")
        await bot.settled()
        assert labels(board) == ["Free pass: off", "Computers: normal", "💾 Save for this chat", "✓ Done"]
        assert board.buttons[-1][0].style == 2 and board.buttons[-1][1].style == 2
        not_his = await press(fake, bob, board, "Free pass: off")
        assert (await followup(fake, not_his)).content == "✗ " + RU.gettext(
            "only the player who opened the table or a chat admin can change its house rules"
        )
        await press(fake, alice, board, "Free pass: off")
        await bot.settled()
        await press(fake, alice, board, "Computers: normal")
        await bot.settled()
        level = next(label for label in labels(board) if label.startswith("Computers:"))
        assert "Free pass: on" in labels(board) and level != "Computers: normal"
        await press(fake, alice, board, "💾 Save for this chat")  # alice owns the server: an admin
        await bot.settled()
        if "✓ Done" in labels(board):  # (saving may close the rules already)
            await press(fake, alice, board, "✓ Done")
            await bot.settled()
        assert "Join" in labels(board) and "House rules: Free pass: on" in board.content
        assert level in board.content
        for person in (bob, carol):
            await press(fake, person, board, "Join")
            await bot.settled()
        await press(fake, alice, board, "▶ Start")
        await bot.settled()
        table = await bot.table(table_id)
        assert table.status is Status.PLAYING and table.options == {"free_pass": True}
        saved = await bot.service.chats.settings(table.chat)
        assert saved.house_rules["svolota"] == {"free_pass": True}
        # the next lobby in this server starts from what was saved
        other = next(c for c in channel.guild.channels.values() if c is not channel)  # type: ignore[union-attr]
        next_lobby = await bot.board(await open_lobby(fake, bot, other, bob))
        assert "House rules: Free pass: on" in next_lobby.content and level in next_lobby.content


# --- removing a player: a vote, an admin ------------------------------------------------------------


async def test_a_vote_removes_a_player_whose_panel_says_so_and_a_computer_plays_on(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        table_id = await open_svolota(fake, bot, channel, alice, bob, carol)
        board = await bot.board(table_id)
        carols = await open_panel(fake, carol, board, "My cards")
        await bot.settled()
        started = await slash(fake, bob, channel, "votekick", member=carol)
        assert started.ephemeral and started.original.content.startswith("🗳 ")  # type: ignore[union-attr]
        await bot.settled()
        assert named("🗳 Remove Оля? Yes: 1 of 2 needed", ("Оля",)) in board.content and "<t:" in board.content
        yes, no = board.button("✅ Remove"), board.button("❌ Keep")
        assert (yes.style, no.style) == (3, 4)  # success, danger
        again = await slash(fake, alice, channel, "votekick", member=carol)  # one vote at a time
        assert again.original.content == "✗ a vote is already running at this table"  # type: ignore[union-attr]
        own = await press(fake, carol, board, "✅ Remove")
        assert (await followup(fake, own)).content == "✗ " + UK.gettext("this vote is about you: you cannot vote in it")
        await press(fake, alice, board, "✅ Remove")
        await bot.settled()
        table = await bot.table(table_id)
        assert table.seats[2].person is None and table.status is Status.PLAYING  # a computer has her seat
        assert named("🗳 Оля was voted out: a computer plays for them.", ("Оля",)) in board.content
        assert "✅ Remove" not in labels(board)
        said = UK.gettext("🚫 You were removed from the {game} table.").split("{")[0]
        assert carols.content.startswith(said) and carols.buttons == []  # her panel, final
        back = await press(fake, carol, board, "My cards")
        assert back.original.content.startswith("✗ ")  # type: ignore[union-attr]


async def test_the_opener_or_an_admin_removes_at_once_and_the_removed_may_not_come_back(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, carol: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        table_id = await open_lobby(fake, bot, channel, carol)  # carol opens; alice administers the server
        board = await bot.board(table_id)
        for person in (alice, bob):
            await press(fake, person, board, "Join")
            await bot.settled()
        refused = await slash(fake, bob, channel, "kick", member=alice)  # neither opener nor admin
        assert refused.ephemeral and refused.original.content.startswith("✗ ")  # type: ignore[union-attr]
        nobody = await slash(fake, carol, channel, "kick", member=fake.add_user("eve"))
        assert nobody.original.content == "✗ " + UK.gettext("name someone playing at this table")  # type: ignore[union-attr]
        done = await slash(fake, alice, channel, "kick", member=bob)
        assert done.ephemeral and done.original.content.startswith("🚫 ")  # type: ignore[union-attr]
        await bot.settled()
        table = await bot.table(table_id)
        assert [s.person.user_id for s in table.seats if s.person] == [str(carol.id), str(alice.id)]
        assert "Боря" not in board.content.split("🚫")[0]
        assert named("🚫 Боря was removed from the table.", ("Боря",)) in board.content
        again = await press(fake, bob, board, "Join")
        assert (await followup(fake, again)).content.startswith("✗ ")
        assert len((await bot.table(table_id)).seats) == 2


# --- /notify: a ping when a table opens -------------------------------------------------------------


def pings(fake: FakeDiscord, channel: Channel) -> list[Message]:
    return [m for m in fake.messages(channel, from_bot=True) if m.content.startswith("🔔")]


async def test_notify_pings_exactly_the_people_who_asked_but_the_opener(
    fake_discord: FakeDiscord,
    url: str,
    clock: FakeClock,
    alice: User,
    bob: User,
    carol: User,
    guild: Guild,
    channel: Channel,
):
    fake = fake_discord
    general = next(c for c in guild.channels.values() if c.name == "general")
    async with Running(fake, url, clock) as bot:
        first = await slash(fake, bob, channel, "notify")
        assert first.ephemeral and first.original.content.startswith("🔔 ")  # type: ignore[union-attr]
        await slash(fake, carol, channel, "notify", on=True)
        await slash(fake, alice, general, "notify")  # one list for the whole server, whichever channel
        table_id = await open_lobby(fake, bot, channel, alice)
        (ping,) = pings(fake, channel)
        assert ping.id > (await bot.board(table_id)).id  # below the lobby it is about
        assert f"<@{bob.id}>" in ping.content and f"<@{carol.id}>" in ping.content
        assert f"<@{alice.id}>" not in ping.content  # the opener is not told of their own table
        mentions = sent_body(fake, ping)["allowed_mentions"]
        assert sorted(int(u) for u in mentions["users"]) == sorted([bob.id, carol.id])
        assert mentions["parse"] == [] and not mentions.get("roles")
        assert await bot.store.records.message_id(table_id, "", "ping") is None  # never edited: not remembered
        await bot.settled()
        assert pings(fake, channel) == [ping] and ping.edited_timestamp is None
        off = await slash(fake, carol, channel, "notify")  # toggled off
        assert off.original.content == UK.gettext("🔕 No more pings from this chat.")  # type: ignore[union-attr]
        still_off = await slash(fake, carol, channel, "notify", on=False)
        assert still_off.original.content == off.original.content  # type: ignore[union-attr]
        await open_lobby(fake, bot, general, bob)
        (second,) = pings(fake, general)
        assert re.findall(r"<@(\d+)>", second.content) == [str(alice.id)]
        assert [int(u) for u in sent_body(fake, second)["allowed_mentions"]["users"]] == [alice.id]
        assert len(pings(fake, channel)) == 1


# --- seasons ------------------------------------------------------------------------------------


async def play_a_rated_game(fake: FakeDiscord, bot: Running, channel: Channel, alice: User, bob: User) -> int:
    await slash(fake, alice, channel, "speed", opponent=bob)
    await bot.settled()
    table_id = table_of(fake.last_message(channel))  # type: ignore[arg-type]
    await press(fake, bob, fake.last_message(channel), "✅ Accept")  # type: ignore[arg-type]
    await bot.settled()
    table = await finish(bot, table_id)
    assert table.status is Status.FINISHED
    return table_id


@pytest.mark.async_timeout(90)  # a whole game of Speed first
async def test_a_seasons_end_is_announced_once_with_its_podium_and_the_leaderboard_takes_a_season(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    fake = fake_discord
    season = season_of(clock.now())
    shown = season_name(season, translator("en"))  # "November 2026"
    async with Running(fake, url, clock) as bot:
        await play_a_rated_game(fake, bot, channel, alice, bob)
        top = await slash(fake, bob, channel, "leaderboard")
        assert not top.ephemeral and shown in top.original.content  # type: ignore[union-attr]
        assert alice.global_name in top.original.content  # type: ignore[union-attr]
        assert top.original.content.endswith("All time: /leaderboard season:all")  # type: ignore[union-attr]
        ever = await slash(fake, bob, channel, "leaderboard", game="speed", season="всё")  # all time, in his words
        assert alice.global_name in ever.original.content and shown not in ever.original.content  # type: ignore[union-attr]
        assert ever.original.content.endswith("This season: /leaderboard")  # type: ignore[union-attr]
        that = await slash(fake, bob, channel, "leaderboard", season=season)
        assert alice.global_name in that.original.content  # type: ignore[union-attr]
        bad = fake.slash(bob, channel, "leaderboard", {"season": "someday"})  # refused: in private
        (said,) = await fake.wait_for(lambda: fake.followups(bad), what="the refusal")
        assert said.ephemeral and said.content.startswith("✗ ")
        assert fake.interaction(bad).original.deleted  # type: ignore[union-attr]
        before = len(fake.messages(channel, from_bot=True))
        clock.advance(starts("2026-12") - clock.now() + 60)  # into the next month
        await bot.service.community.announce_seasons()
        await bot.settled()
        (podium,) = fake.messages(channel, from_bot=True)[before:]
        assert podium.content.startswith(f"🏁 Season {shown} is over: Speed")
        assert alice.global_name in podium.content and bob.global_name in podium.content
        assert podium.picture is not None and podium.picture.data.startswith(b"\x89PNG")  # the podium, as an embed
        assert podium.embeds[0]["image"]["url"] == "attachment://table.png"
        assert sent_body(fake, podium)["allowed_mentions"]["parse"] == []  # names, nobody notified
        assert await bot.service.community.announce_seasons() == 0  # once
        await bot.settled()
        assert len(fake.messages(channel, from_bot=True)) == before + 1
