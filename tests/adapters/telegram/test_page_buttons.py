"""Buttons to the pages (issue #36) on Telegram, end to end against the fake Bot API: with the web
server served, a group's /leaderboard carries a link to the group's page, signed for that chat; a
person's own /stats carries "My page", which in a group is only a deep link to the bot's private
chat (their page is theirs: nobody else in the group gets it), and `/start me` there hands whoever
sent it a link to their own page. A finished game's board links to its replay. Without the web
server no such button appears anywhere."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlsplit

import pytest

from adapters.web.page_links import read_page
from adapters.web.settings import WebSettings
from bot.clock import FakeClock
from bot.pages import ChatPage, PlayerPage, ReplayPage
from bot.people import ChatRef, PersonRef
from bot.tables import Status
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_live_links import WEB, not_served, served, speed_game  # noqa: F401 (fixtures)
from tests.adapters.telegram.test_scenarios import Running, finish
from tests.adapters.telegram.world import Chat, Message, User


def links(message: Message) -> list[dict[str, Any]]:
    return [b for row in message.buttons for b in row if "url" in b]


def page_of(api: FakeBotApi, url: str) -> Any:
    """What a page link names, read with the bot's link key (None: it does not check out)."""
    parts = urlsplit(url)
    kind, token = parts.path.strip("/").split("/")
    assert f"{parts.scheme}://{parts.netloc}" == WEB and kind in ("page", "replay")
    reading = read_page(WebSettings().link_key(api.token), token)
    assert reading is not None and (kind == "replay") == isinstance(reading.page, ReplayPage)
    return reading.page


@pytest.mark.usefixtures("served")
async def test_the_leaderboard_links_to_the_groups_page_and_stats_keep_a_persons_page_private(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        fake_api.send_text(alice, group, "/leaderboard")
        (button,) = links(await fake_api.next_message(group))
        assert button["text"] == "🏆 The group's page"
        assert page_of(fake_api, button["url"]) == ChatPage(ChatRef("telegram", str(group.id)))

        fake_api.send_text(alice, group, "/stats")
        (mine,) = links(await fake_api.next_message(group))
        assert mine == {"text": "📈 My page", "url": f"https://t.me/{fake_api.bot.username}?start=me"}

        private = fake_api.private_chat(bob)  # Bob follows Alice's button: he gets his own page, not hers
        fake_api.send_text(bob, private, "/start me")
        (his,) = links(await fake_api.next_message(private))
        assert page_of(fake_api, his["url"]) == PlayerPage(PersonRef("telegram", str(bob.id)))
        assert bot.tg.web is not None


@pytest.mark.usefixtures("not_served")
async def test_without_the_web_server_no_page_button_appears(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat
):
    async with Running(fake_api, url, clock):
        fake_api.send_text(alice, group, "/leaderboard")
        assert links(await fake_api.next_message(group)) == []
        fake_api.send_text(alice, group, "/stats")
        assert links(await fake_api.next_message(group)) == []


@pytest.mark.usefixtures("served")
async def test_a_finished_games_board_links_to_its_replay(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock) as bot:
        table_id = await speed_game(fake_api, bot, group, alice, bob)
        assert (await finish(bot, table_id)).status is Status.FINISHED
        replay = [b for b in links(await bot.message_of(group, table_id)) if b["text"] == "▶ Watch the replay"]
        assert [page_of(fake_api, b["url"]) for b in replay] == [ReplayPage(table_id)]
