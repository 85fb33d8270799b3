"""The live table's buttons on Telegram, end to end against the fake Bot API: with CARDBOT_WEB_URL set
(the live table served on 127.0.0.1), a person's panel in their private chat opens it as a Mini App
(`web_app`, allowed in private chats only), and the group's board links to the Mini App by its short
name (`t.me/<bot>/<name>?startapp=t<table>`) when it has one, else offers nothing; without the URL
neither appears. The fake checks every keyboard against the Bot API's spec."""

from __future__ import annotations

from typing import Any

import aiohttp
import pytest

from adapters.telegram.members import KEPT_SECONDS, ChatMembers
from bot.clock import FakeClock
from bot.people import ChatRef, PersonRef
from bot.tables import Status
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.test_scenarios import Running, answer, table_of
from tests.adapters.telegram.world import Chat, Message, User

WEB = "https://cards.example.org"


@pytest.fixture
def served(monkeypatch: pytest.MonkeyPatch) -> None:
    """The live table is served (on any free port of 127.0.0.1)."""
    monkeypatch.setenv("CARDBOT_WEB_URL", WEB)
    monkeypatch.setenv("CARDBOT_WEB_LISTEN", "127.0.0.1:0")


@pytest.fixture
def not_served(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("CARDBOT_WEB_URL", raising=False)


def live_buttons(message: Message) -> list[dict[str, Any]]:
    """The buttons of a message that lead out of Telegram's chat: Mini Apps and links."""
    return [b for row in message.buttons for b in row if "web_app" in b or "url" in b]


async def speed_game(api: FakeBotApi, bot: Running, group: Chat, alice: User, bob: User) -> int:
    """A game of Speed between alice and bob in `group`, started (each has their panel in private)."""
    api.send_text(alice, group, "/speed")
    table_id = table_of(await api.next_message(group))
    await bot.settled()
    await answer(api, api.press(bob, await bot.message_of(group, table_id), text="Join"))
    await bot.settled()
    assert (await bot.table(table_id)).status is Status.PLAYING
    return table_id


def never_a_mini_app_in(api: FakeBotApi, group: Chat) -> None:
    """No message the bot ever drew in a group carries a web_app button (Telegram refuses them there)."""
    assert not [b for m in api.messages(group, from_bot=True) for row in m.buttons for b in row if "web_app" in b]


@pytest.mark.usefixtures("served")
async def test_the_panel_opens_the_mini_app_and_the_board_links_to_it_by_name(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock, webapp_name="table") as bot:
        assert bot.tg.web is not None and bot.service.config.live_table
        table_id = await speed_game(fake_api, bot, group, alice, bob)
        for person in (alice, bob):
            panel = await bot.message_of(fake_api.private_chat(person), table_id, str(person.id), "panel")
            (button,) = live_buttons(panel)
            assert button["web_app"] == {"url": f"{WEB}/?t={table_id}"}
            assert button["text"].startswith("🃏")
            assert panel.buttons[-1] == [button]  # a row of its own, below the moves and "Leave"
        board = await bot.message_of(group, table_id)
        (link,) = live_buttons(board)
        username = fake_api.bot.username
        assert link == {"text": "🃏 Live table", "url": f"https://t.me/{username}/table?startapp=t{table_id}"}
        never_a_mini_app_in(fake_api, group)


@pytest.mark.usefixtures("served")
async def test_without_the_apps_name_the_board_offers_no_link(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock, webapp_url="https://tg.example.org/live/") as bot:
        table_id = await speed_game(fake_api, bot, group, alice, bob)
        panel = await bot.message_of(fake_api.private_chat(alice), table_id, str(alice.id), "panel")
        (button,) = live_buttons(panel)
        assert button["web_app"] == {"url": f"https://tg.example.org/live/?t={table_id}"}  # Telegram's own URL
        assert live_buttons(await bot.message_of(group, table_id)) == []
        never_a_mini_app_in(fake_api, group)
        assert bot.tg.web is not None  # the Mini App's pages may open the socket, as CARDBOT_WEB_URL's may
        pages = ("https://tg.example.org", WEB, "https://evil.example")
        assert [await upgrade(bot.tg.web.port, origin) for origin in pages] == [101, 101, 403]


async def upgrade(port: int, origin: str) -> int:
    """The status of a WebSocket upgrade to the live table from a page of `origin` (101: opened)."""
    async with aiohttp.ClientSession() as session:
        try:
            socket = await session.ws_connect(f"http://127.0.0.1:{port}/ws", origin=origin)
        except aiohttp.WSServerHandshakeError as refused:
            return refused.status
        await socket.close()
        return 101


@pytest.mark.usefixtures("not_served")
async def test_without_the_url_there_is_no_live_table_anywhere(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, bob: User, group: Chat
):
    async with Running(fake_api, url, clock, webapp_name="table") as bot:
        assert bot.tg.web is None and not bot.service.config.live_table
        table_id = await speed_game(fake_api, bot, group, alice, bob)
        panel = await bot.message_of(fake_api.private_chat(alice), table_id, str(alice.id), "panel")
        assert live_buttons(panel) == []
        assert live_buttons(await bot.message_of(group, table_id)) == []
        assert not [b for row in panel.buttons for b in row if b["text"].startswith("🃏")]


async def test_who_is_in_the_chat_is_asked_of_telegram_once_a_while(fake_api: FakeBotApi, ptb_bot: Any, group: Chat):
    """Spectators of the live table are the people of its chat (adapters/telegram/members.py)."""
    stranger = fake_api.add_user("Mallory", username="mallory_x", started=True)
    now = [0.0]
    members = ChatMembers(ptb_bot, now=lambda: now[0])
    chat = ChatRef("telegram", str(group.id))
    alice = next(u for u in fake_api.users.values() if u.first_name == "Alice")
    assert await members(chat, PersonRef("telegram", str(alice.id))) is True
    assert await members(chat, PersonRef("telegram", str(stranger.id))) is False
    assert await members(chat, PersonRef("telegram", "999999")) is False  # nobody Telegram knows
    asked = len(fake_api.calls("getChatMember"))
    assert await members(chat, PersonRef("telegram", str(alice.id))) is True
    assert len(fake_api.calls("getChatMember")) == asked  # kept a while ...
    now[0] += KEPT_SECONDS
    assert await members(chat, PersonRef("telegram", str(alice.id))) is True
    assert len(fake_api.calls("getChatMember")) == asked + 1  # ... then asked again
    fake_api.spec_errors.clear()  # (user 999999 is refused by the fake, as Telegram would)
