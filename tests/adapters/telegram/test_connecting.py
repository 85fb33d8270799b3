"""Start-up without the Bot API (issue #39, 1): the bot stays up, tries again with backoff, one log
line per attempt and no traceback, /healthz answers 503 "unreachable since …" from the start,
deadlines fire meanwhile; it turns 200 once Telegram answers. A refused token ends it at once, in
one line that says what to do."""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import aiohttp
import pytest

from adapters.chat.backoff import Pauses
from adapters.chat.connection import Unfixable
from adapters.health import attach
from adapters.sql.store import SqlStore
from adapters.telegram.app import TelegramBot
from adapters.telegram.identities import PLATFORM
from adapters.telegram.settings import TelegramSettings
from adapters.web.settings import WebSettings
from bot.clock import FakeClock
from bot.commands import Open
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import ServiceConfig
from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.world import Chat, User

QUICK = Pauses(first=0.05, cap=0.2)  # the real one waits 1 s, 2 s, 4 s … up to a minute
CONFIG = ServiceConfig(window_seconds=1.5)


def bot_on(api: FakeBotApi, url: str, clock: FakeClock, token: str | None = None) -> TelegramBot:
    settings = TelegramSettings(  # type: ignore[call-arg]
        bot_token=token or api.token, api_url=api.base_url.removesuffix("/bot")
    )
    store = SqlStore(url)
    listen = WebSettings(listen="127.0.0.1:0")  # health and metrics on a listener of their own
    bot = TelegramBot(settings, store, store.records, clock, CONFIG, poll_timeout=1, web=listen)
    bot.connection.pauses = QUICK
    return bot


async def health(http: aiohttp.ClientSession, port: int) -> tuple[int, dict[str, Any]]:
    async with http.get(f"http://127.0.0.1:{port}/healthz") as r:
        return r.status, await r.json()


async def eventually(check: Any, what: str, timeout: float = 10.0) -> None:
    until = asyncio.get_running_loop().time() + timeout
    while not await check():
        assert asyncio.get_running_loop().time() < until, f"not within {timeout} s: {what}"
        await asyncio.sleep(0.02)


async def test_a_bot_started_while_the_bot_api_is_down_waits_for_it_and_fires_deadlines_meanwhile(
    fake_api: FakeBotApi, url: str, clock: FakeClock, alice: User, group: Chat, caplog: pytest.LogCaptureFixture
):
    caplog.set_level(logging.INFO)
    down = [True]
    fake_api.on_request = lambda method, params: down[0]  # every request answered 502, getMe too
    bot = bot_on(fake_api, url, clock)
    ops = attach(bot)
    assert ops is not None
    starting = asyncio.create_task(bot.start())
    try:
        async with aiohttp.ClientSession() as http:
            port = await listening_port(caplog)
            status, body = await health(http, port)
            assert status == 503 and body["platform"]["status"].startswith("unreachable since "), body
            assert body["database"]["ok"], body

            chat = ChatRef(PLATFORM, str(group.id))
            await bot.service.handle(Open(chat, Actor(PersonRef(PLATFORM, str(alice.id)), "Alice"), "svolota"))
            assert len(await bot.store.open_tables(chat)) == 1
            clock.advance(CONFIG.lobby_seconds + 1)  # the lobby's deadline: fired with Telegram away

            async def closed() -> bool:
                return not await bot.store.open_tables(chat)

            await eventually(closed, "the idle lobby closed by its deadline")

            async def tried_thrice() -> bool:
                return bot.connection.attempts >= 3

            await eventually(tried_thrice, "three attempts")
            assert not starting.done() and not bot.connection.up
            status, body = await health(http, port)
            assert status == 503 and body["platform"]["attempts"] >= 3, body
            assert "502" in body["platform"]["error"] or "Bad Gateway" in body["platform"]["error"], body

            down[0] = False
            await asyncio.wait_for(starting, 10)

            async def healthy() -> bool:
                return (await health(http, port))[0] == 200

            await eventually(healthy, "/healthz 200 once Telegram answers")
    finally:
        starting.cancel()
        await bot.stop()
        await bot.store.close()
    tries = [r for r in caplog.records if r.getMessage().startswith("telegram unreachable (attempt ")]
    assert len(tries) >= 3 and all(r.levelno == logging.WARNING and r.exc_info is None for r in tries)
    assert not [r for r in caplog.records if r.exc_info is not None or r.levelno >= logging.ERROR]


async def listening_port(caplog: pytest.LogCaptureFixture) -> int:
    async def logged() -> bool:
        return any(r.getMessage().startswith("health and metrics on ") for r in caplog.records)

    await eventually(logged, "health served", 5)
    (line,) = [r.getMessage() for r in caplog.records if r.getMessage().startswith("health and metrics on ")]
    return int(line.rsplit(":", 1)[1])


async def test_a_refused_token_ends_the_start_at_once_saying_what_to_do(
    fake_api: FakeBotApi, url: str, clock: FakeClock, caplog: pytest.LogCaptureFixture
):
    wrong = "12345:" + "w" * 35
    bot = bot_on(fake_api, url, clock, token=wrong)
    try:
        with pytest.raises(Unfixable) as refused:
            await asyncio.wait_for(bot.start(), 10)
    finally:
        await bot.stop()
        await bot.store.close()
    assert "TELEGRAM_BOT_TOKEN" in str(refused.value) and wrong not in str(refused.value)
    assert [r.method for r in fake_api.requests].count("getMe") == 1  # not tried again
    assert bot.connection.attempts == 1
