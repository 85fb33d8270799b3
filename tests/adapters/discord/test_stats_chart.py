"""/stats with the rating chart, end to end against the fake Discord (as test_scenarios.py): after
two rated games the ephemeral answer shows the chart as its embed (drawn by the drawing processes),
its content the stats' text; in a server whose look is text, the text alone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adapters.discord.identities import PLATFORM
from adapters.pictures.render import fresh
from bot.clock import FakeClock
from bot.commands import Stats
from bot.people import Actor, ChatRef, PersonRef
from bot.ui.picture import RatingChart
from bot.ui.screen import Screen
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_community import play_a_rated_game
from tests.adapters.discord.test_scenarios import Running, slash
from tests.adapters.discord.world import Channel, Message, User

DAY = 86_400


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(datetime(2026, 11, 20, 12, tzinfo=UTC).timestamp())


async def expected(bot: Running, channel: Channel, user: User) -> Screen:
    """The stats screen the service answers the person with (what the answer must show)."""
    assert channel.guild is not None
    chat = ChatRef(PLATFORM, str(channel.guild.id), str(channel.id))
    actor = Actor(PersonRef(PLATFORM, str(user.id)), user.display_name, lang="en")
    (screen,) = (await bot.service.handle(Stats(chat, actor, None))).screens
    return screen


async def stats(fake: FakeDiscord, channel: Channel, user: User) -> Message:
    answered = await slash(fake, user, channel, "stats")
    assert answered.ephemeral and answered.original is not None
    return answered.original


@pytest.mark.slow  # two whole games
@pytest.mark.async_timeout(120)
async def test_stats_answer_with_the_rating_chart_as_an_embed_and_text_in_a_text_server(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        await play_a_rated_game(fake, bot, channel, alice, bob)
        first = await stats(fake, channel, alice)
        assert first.picture is None and alice.global_name in first.content  # one rated game: no history
        clock.advance(2 * DAY)
        await play_a_rated_game(fake, bot, channel, alice, bob)

        shown = await stats(fake, channel, alice)
        screen = await expected(bot, channel, alice)
        assert isinstance(screen.picture, RatingChart) and len(screen.picture.lines[0].points) == 2
        assert shown.content == screen.text  # the content is the stats' text ...
        assert shown.picture is not None and shown.embeds[0]["image"]["url"] == "attachment://table.png"
        assert shown.picture.data == fresh(screen.picture, screen.look)  # ... the embed its chart

        changed = await slash(fake, alice, channel, "settings", look="text")
        assert "✗" not in changed.original.content  # type: ignore[union-attr]
        plain = await stats(fake, channel, alice)
        assert plain.content == screen.text and plain.picture is None and plain.embeds == [] and plain.uploads == 0
