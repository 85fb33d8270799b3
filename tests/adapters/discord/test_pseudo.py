"""The Discord bot in the pseudo-locale (tests/pseudo.py): the scenarios' drivers (test_scenarios.py)
run with every person's client and the server on English, which then reads the pseudo catalog;
afterwards every text the bot sent the fake Discord (messages, edits, ephemeral answers and
follow-ups, button and menu labels, embeds) is checked for words that never went through a catalog
and for brackets a length limit cut off. The commands' own names and descriptions are left out:
English is Discord's base locale, synced as the source (tests/adapters/discord/test_menu.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.clock import FakeClock
from bot.i18n import Translator
from bot.lobby import COMPUTER_NAMES
from bot.tables import Status
from core import load_game
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import (
    CONFIG,
    Running,
    finish,
    followup,
    moves_on,
    open_panel,
    play,
    press,
    slash,
    table_of,
    tokens_of,
)
from tests.adapters.discord.world import Channel, User
from tests.pseudo import problems, pseudo_english, read_in


@pytest.fixture
def t() -> Iterator[Translator]:
    with pseudo_english() as t:
        yield t


@pytest.fixture
def people(fake_discord: FakeDiscord) -> list[User]:
    return [
        fake_discord.add_user("alice", global_name="Alice", locale="en-US"),
        fake_discord.add_user("erin", global_name="Erin", locale="en-GB"),
        fake_discord.add_user("finn", locale="en-US"),
    ]


@pytest.fixture
def channel(fake_discord: FakeDiscord, people: list[User]) -> Channel:
    guild = fake_discord.add_guild("Card night", people[0], people[1:], channels=("general", "cards"))
    return next(c for c in guild.channels.values() if c.name == "cards")


def check(fake: FakeDiscord, people: list[User]) -> None:
    texts = [
        (f"{r.method} {r.route}{where}", text)
        for r in fake.calls()
        if not (r.route or "").endswith("/commands")
        for where, text in read_in(r.body)
    ]
    assert len(texts) > 20, "the bot sent almost nothing: the run did not happen"
    names = [n for p in people for n in (p.username, p.global_name or "")]
    found = problems(texts, [*names, *COMPUTER_NAMES, "Card night"])
    assert not found, "\n".join(found)


async def test_commands_refusals_and_a_svolota_game_read_in_the_pseudo_locale(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, t: Translator, people: list[User], channel: Channel
):
    fake = fake_discord
    alice, erin, finn = people
    async with Running(fake, url, clock) as bot:
        for who, name, options in (
            (alice, "rules", {}),
            (alice, "rules", {"game": "racing_demon"}),
            (alice, "settings", {}),
            (finn, "settings", {"timer": 30}),  # not an admin: refused
            (alice, "settings", {"timer": 45}),
            (erin, "look", {}),
            (erin, "notify", {}),
            (erin, "language", {"language": "en"}),
            (alice, "leaderboard", {}),
            (finn, "stats", {}),
        ):
            await slash(fake, who, channel, name, **options)
            await bot.settled()
        await slash(fake, alice, channel, "svolota")
        await bot.settled()
        table_id = table_of(next(m for m in reversed(fake.messages(channel, from_bot=True)) if tokens_of(m)))
        for person in (erin, finn):
            await press(fake, person, await bot.board(table_id), t.gettext("Join"))
            await bot.settled()
        await followup(fake, await press(fake, erin, await bot.board(table_id), t.gettext("▶ Start")))
        await press(fake, alice, await bot.board(table_id), t.gettext("▶ Start"))
        await bot.settled()
        assert (await bot.table(table_id)).status is Status.PLAYING
        board = await bot.board(table_id)
        seats = [alice, erin, finn]
        panels = {u.id: await open_panel(fake, u, board, t.gettext("My cards")) for u in seats}
        await bot.settled()
        mover = seats[load_game((await bot.table(table_id)).state).turn]
        await play(fake, mover, panels[mover.id], *moves_on(panels[mover.id])[0])
        await bot.settled()
        await bot.advance(61)  # the turn timer plays for the next
        await bot.settled()
        await slash(fake, alice, channel, "votekick", member=finn)
        await bot.settled()
        await slash(fake, alice, channel, "kick", member=erin)
        await bot.settled()
    check(fake, people)


async def test_a_speed_challenge_played_out_reads_in_the_pseudo_locale(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, t: Translator, people: list[User], channel: Channel
):
    fake = fake_discord
    alice, erin, _finn = people
    async with Running(fake, url, clock) as bot:
        await slash(fake, alice, channel, "speed", opponent=erin)
        await bot.settled()
        challenge = fake.last_message(channel)
        assert challenge is not None
        table_id = table_of(challenge)
        await press(fake, erin, challenge, t.gettext("✅ Accept"))
        await bot.settled()
        board = await bot.board(table_id)
        panels = {u.id: await open_panel(fake, u, board, t.gettext("🎮 My panel")) for u in (alice, erin)}
        for _ in range(3):
            for person in (alice, erin):
                if offered := moves_on(panels[person.id]):
                    await play(fake, person, panels[person.id], *offered[0])
            await bot.settled()
            await bot.advance(CONFIG.window_seconds)
            await bot.settled()
        assert (await finish(bot, table_id)).status is Status.FINISHED
        await slash(fake, erin, channel, "leaderboard", game="speed")
        await slash(fake, erin, channel, "stats")
        await bot.settled()
    check(fake, people)
