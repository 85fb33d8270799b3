"""The live table's link on Discord, end to end against the fake Discord: with CARDBOT_WEB_URL set
(the live table served on 127.0.0.1), a person's ephemeral panel carries a link button to
`<url>/?t=<table>&link=<token>`, the token signed for them and taken by the live table's socket
(once); the channel's board, which anyone may press, has none. Without the URL, no link at all."""

from __future__ import annotations

import json
import time
from typing import Any
from urllib.parse import parse_qs, urlsplit

import aiohttp
import pytest

from adapters.web.auth import link_secret, read_link
from bot.clock import FakeClock
from bot.people import PersonRef
from tests.adapters.discord.components import Button
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import Running, open_panel, press, slash, table_of
from tests.adapters.discord.world import Channel, Message, User

WEB = "https://cards.example.org"
LINK = 5  # a link button's style


def links(message: Message) -> list[Button]:
    return [b for row in message.buttons for b in row if b.style == LINK]


async def speed_game(fake: FakeDiscord, bot: Running, channel: Channel, alice: User, bob: User) -> int:
    """Alice challenges Bob to Speed, he accepts: the game is on."""
    await slash(fake, alice, channel, "speed", opponent=bob)
    await bot.settled()
    challenge = fake.last_message(channel)
    assert challenge is not None
    table_id = table_of(challenge)
    await press(fake, bob, challenge, "✅ Accept")
    await bot.settled()
    return table_id


async def hello(port: int, table_id: int, token: str) -> list[dict[str, Any]]:
    """What the live table's socket answers a hello with this link token (until the view, or the refusal)."""
    got: list[dict[str, Any]] = []
    async with aiohttp.ClientSession() as session, session.ws_connect(f"http://127.0.0.1:{port}/ws") as ws:
        await ws.send_json({"type": "hello", "table": table_id, "auth": {"kind": "link", "token": token}})
        while not got or got[-1]["type"] not in ("view", "refused"):
            message = await ws.receive(timeout=10)
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            got.append(json.loads(message.data))
    return got


async def test_the_ephemeral_panel_links_to_the_live_table_and_the_board_does_not(
    fake_discord: FakeDiscord,
    url: str,
    clock: FakeClock,
    alice: User,
    bob: User,
    channel: Channel,
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.setenv("CARDBOT_WEB_URL", WEB)
    monkeypatch.setenv("CARDBOT_WEB_LISTEN", "127.0.0.1:0")
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        server = bot.app.web
        assert server is not None and bot.service.config.live_table
        table_id = await speed_game(fake, bot, channel, alice, bob)
        board = await bot.board(table_id)
        panel = await open_panel(fake, alice, board, "🎮 My panel")
        await bot.settled()
        (link,) = links(panel)
        assert link.label == "🃏 Live table" and link.custom_id is None
        assert [b.label for b in panel.buttons[-1]] == ["🃏 Live table"]  # a row of its own, below the controls
        assert any(b.label == "🔄" for row in panel.buttons for b in row)
        assert link.url is not None and link.url.startswith(f"{WEB}/?")
        query = parse_qs(urlsplit(link.url).query)
        assert query["t"] == [str(table_id)]
        (token,) = query["link"]
        read = read_link(link_secret(fake.token), token, time.time())
        assert read is not None
        viewer, _nonce = read
        assert (viewer.person, viewer.table_id) == (PersonRef("discord", str(alice.id)), table_id)
        # the live table takes it: alice sees the board and her own panel; the same link twice is refused
        answers = await hello(server.port, table_id, token)
        assert answers[-1]["type"] == "view" and answers[-1]["panel"] is not None, answers
        assert (await hello(server.port, table_id, token))[-1]["type"] == "refused"
        # the channel's board never links (anyone could press it); nor does anything else in the channel
        assert links(await bot.board(table_id)) == []
        assert not [m for m in fake.messages(channel, from_bot=True) if links(m)]
        # bob's panel, in Russian, has a link of his own
        theirs = await open_panel(fake, bob, board, "🎮 My panel")
        await bot.settled()
        (other,) = links(theirs)
        assert other.url is not None
        read = read_link(link_secret(fake.token), parse_qs(urlsplit(other.url).query)["link"][0], time.time())
        assert read is not None and read[0].person == PersonRef("discord", str(bob.id))


async def test_without_the_url_no_panel_links(
    fake_discord: FakeDiscord,
    url: str,
    clock: FakeClock,
    alice: User,
    bob: User,
    channel: Channel,
    monkeypatch: pytest.MonkeyPatch,
):
    monkeypatch.delenv("CARDBOT_WEB_URL", raising=False)
    fake = fake_discord
    async with Running(fake, url, clock) as bot:
        assert bot.app.web is None and not bot.service.config.live_table
        table_id = await speed_game(fake, bot, channel, alice, bob)
        panel = await open_panel(fake, alice, await bot.board(table_id), "🎮 My panel")
        await bot.settled()
        assert links(panel) == [] and links(await bot.board(table_id)) == []
        assert not [b for row in panel.buttons for b in row if (b.label or "").startswith("🃏")]
