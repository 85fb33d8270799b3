"""/stats with the rating chart, end to end against the fake Bot API (as test_scenarios.py): after
two rated games the answer is a photo of the chart (drawn by the drawing processes) replying to the
command, its caption the stats' text; asked again with no game in between, the same picture goes by
the file id Telegram gave it, not uploaded again; in a chat whose look is text, text alone."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest

from adapters.pictures.render import fresh
from adapters.telegram.identities import PLATFORM
from bot.clock import FakeClock
from bot.commands import Stats
from bot.people import Actor, ChatRef, PersonRef
from bot.tables import Status
from bot.ui.picture import RatingChart
from bot.ui.screen import Screen
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_community import said
from tests.adapters.telegram.test_scenarios import Running, answer, finish, table_of
from tests.adapters.telegram.world import Chat, Message, User

DAY = 86_400
NOVEMBER = datetime(2026, 11, 20, 12, 0, tzinfo=UTC).timestamp()


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock(NOVEMBER)


async def speed_game(api: FakeBotApi, bot: Running, group: Chat, alice: User, bob: User) -> None:
    """alice opens Speed, bob joins (two: it starts), and idle stand-ins play it to its end."""
    api.send_text(alice, group, "/speed")
    table_id = table_of(await api.next_message(group))
    await bot.settled()
    await answer(api, api.press(bob, await bot.message_of(group, table_id), text="Join"))
    await bot.settled()
    assert (await finish(bot, table_id)).status is Status.FINISHED


async def expected(bot: Running, group: Chat, user: User) -> Screen:
    """The stats screen the service answers the person with (what the photo must show)."""
    actor = Actor(PersonRef(PLATFORM, str(user.id)), user.first_name, lang="en")
    reply = await bot.service.handle(Stats(ChatRef(PLATFORM, str(group.id)), actor, None))
    (screen,) = reply.screens
    return screen


async def stats(api: FakeBotApi, bot: Running, group: Chat, user: User) -> Message:
    return await said(api, bot, user, group, "/stats")


@pytest.mark.slow  # two whole games
@pytest.mark.async_timeout(120)
async def test_stats_answer_with_the_rating_chart_once_uploaded_then_by_file_id_and_text_in_a_text_chat(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        await speed_game(fake_api, bot, group, alice, bob)
        first = await stats(fake_api, bot, group, alice)
        assert first.photo is None and alice.first_name in first.text  # one rated game: no history yet
        clock.advance(12 * DAY)  # into December: a season begins within the chart ...
        await bot.service.community.announce_seasons()  # (... and November's podium is said first)
        await bot.settled()
        await speed_game(fake_api, bot, group, alice, bob)

        uploads = len(fake_api.uploads())
        shown = await stats(fake_api, bot, group, alice)
        screen = await expected(bot, group, alice)
        assert isinstance(screen.picture, RatingChart) and len(screen.picture.lines[0].points) == 2
        assert [m.name for m in screen.picture.seasons] == ["December 2026"]
        assert shown.photo is not None and shown.text == screen.text  # the caption is the stats' text
        assert shown.reply_to is not None and shown.reply_to.text == "/stats"
        assert fake_api.picture(shown) == fresh(screen.picture, screen.look)  # the chart, drawn by a worker
        assert len(fake_api.uploads()) == uploads + 1

        again = await stats(fake_api, bot, group, alice)
        assert again is not shown and again.photo is not None and again.text == screen.text
        assert len(fake_api.uploads()) == uploads + 1  # not uploaded again ...
        (sent,) = [
            r for r in fake_api.calls("sendPhoto", chat=group, ok=True) if r.result["message_id"] == again.message_id
        ]
        assert sent.params["photo"] == shown.file_id  # ... but named by the file id Telegram gave it

        assert "✗" not in (await said(fake_api, bot, alice, group, "/settings look text")).text
        photos = len(fake_api.calls("sendPhoto", chat=group))
        plain = await stats(fake_api, bot, group, alice)
        assert plain.photo is None and plain.text == screen.text
        assert len(fake_api.calls("sendPhoto", chat=group)) == photos
