"""Buttons to the pages (issue #36) on Discord, end to end against the fake Discord: with the web
server served, /leaderboard's public answer links to the server's page (signed for its chat), and
/stats, answered to the person alone, links to their own page; someone else's stats carry none (a
person's page is theirs to hand out). A finished game's board in the channel links to its replay.
Without the web server no link appears."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest

from adapters.web.auth import link_secret
from adapters.web.page_links import read_page
from bot.clock import FakeClock
from bot.pages import ChatPage, PageRef, PlayerPage, ReplayPage
from bot.people import ChatRef, PersonRef
from bot.tables import Status
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_live_links import LINK, WEB, speed_game
from tests.adapters.discord.test_scenarios import Running, finish, slash
from tests.adapters.discord.world import Channel, Message, User


def pages(fake: FakeDiscord, message: Message | None) -> list[tuple[str, PageRef | None]]:
    """The message's link buttons: (label, the page its signed URL names)."""
    assert message is not None
    found: list[tuple[str, PageRef | None]] = []
    for button in (b for row in message.buttons for b in row if b.style == LINK):
        assert button.url is not None and button.url.startswith(WEB)
        kind, token = urlsplit(button.url).path.strip("/").split("/")
        reading = read_page(link_secret(fake.token), token)
        assert reading is not None and kind == ("replay" if isinstance(reading.page, ReplayPage) else "page")
        found.append((button.label, reading.page))
    return found


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> None:
    """The web server is served (on any free port of 127.0.0.1)."""
    monkeypatch.setenv("CARDBOT_WEB_URL", WEB)
    monkeypatch.setenv("CARDBOT_WEB_LISTEN", "127.0.0.1:0")


@pytest.mark.usefixtures("served")
async def test_the_leaderboard_links_to_the_servers_page_and_stats_to_ones_own(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    fake = fake_discord
    async with Running(fake, url, clock):
        board = await slash(fake, alice, channel, "leaderboard")
        assert not board.ephemeral
        chat = ChatRef("discord", str(channel.guild.id) if channel.guild else str(channel.id))
        assert pages(fake, board.original) == [("🏆 The group's page", ChatPage(chat))]
        own = await slash(fake, alice, channel, "stats")
        assert own.ephemeral
        assert pages(fake, own.original) == [("📈 My page", PlayerPage(PersonRef("discord", str(alice.id))))]
        other = await slash(fake, alice, channel, "stats", member=bob)
        assert pages(fake, other.original) == []


@pytest.mark.usefixtures("served")
async def test_a_finished_games_board_links_to_its_replay(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    async with Running(fake_discord, url, clock) as bot:
        table_id = await speed_game(fake_discord, bot, channel, alice, bob)
        assert (await finish(bot, table_id)).status is Status.FINISHED
        assert pages(fake_discord, await bot.board(table_id)) == [("▶ Watch the replay", ReplayPage(table_id))]


async def test_without_the_web_server_no_link_appears(
    fake_discord: FakeDiscord,
    url: str,
    clock: FakeClock,
    alice: User,
    channel: Channel,
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.delenv("CARDBOT_WEB_URL", raising=False)
    async with Running(fake_discord, url, clock):
        assert pages(fake_discord, (await slash(fake_discord, alice, channel, "leaderboard")).original) == []
        assert pages(fake_discord, (await slash(fake_discord, alice, channel, "stats")).original) == []
