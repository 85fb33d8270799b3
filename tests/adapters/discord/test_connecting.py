"""Start-up without Discord (issue #39, 1): a login Discord does not answer is tried again with
backoff, one log line per attempt and no traceback, /healthz saying since when Discord is
unreachable; a token Discord refuses (401 on login, 4004 on the gateway) ends the bot at once with
one line saying what to do."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path

import pytest

from adapters.chat.backoff import Pauses
from adapters.chat.connection import Unfixable
from adapters.chat.lifetime import live_until_stopped
from adapters.health import attach
from adapters.web.settings import WebSettings
from bot.clock import FakeClock
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import Running
from tests.sql.databases import fresh_sqlite

QUICK = Pauses(first=0.05, cap=0.2)  # the real one waits 1 s, 2 s, 4 s … up to a minute


def logins(fake: FakeDiscord) -> int:
    return sum(1 for r in fake.requests if r.method == "GET" and r.path == "/users/@me")


async def test_a_login_discord_does_not_answer_is_tried_again_until_it_does(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    fake = fake_discord
    caplog.set_level(logging.INFO)
    fake.fail_next("GET /users/@me", 503, count=4)  # (discord.py itself does not retry a 503)
    running = Running(fake, fresh_sqlite(tmp_path), FakeClock())
    bot = running.app
    bot.web_settings = WebSettings(listen="127.0.0.1:0")
    ops = attach(bot)
    assert ops is not None
    bot.connection.pauses = QUICK
    health = ops.platform()
    assert not health["ok"] and health["status"].startswith("unreachable since "), health
    try:
        await asyncio.wait_for(bot.start(), 10)
        assert logins(fake) == 5 and bot.connection.up
        await fake.wait_ready()
        await bot.ready()
        assert ops.platform() == {"ok": True}
    finally:
        await bot.stop()
        await running.store.close()
    tries = [r for r in caplog.records if r.getMessage().startswith("discord unreachable (attempt ")]
    assert len(tries) == 4 and all(r.levelno == logging.WARNING and r.exc_info is None for r in tries)
    assert "503" in tries[0].getMessage()


async def test_a_token_discord_refuses_on_login_ends_the_start_at_once(fake_discord: FakeDiscord, tmp_path: Path):
    fake = fake_discord
    running = Running(fake, fresh_sqlite(tmp_path), FakeClock(), bot_token="not-" + fake.token)
    try:
        with pytest.raises(Unfixable) as refused:
            await asyncio.wait_for(running.app.start(), 10)
    finally:
        await running.app.stop()
        await running.store.close()
    assert "DISCORD_BOT_TOKEN" in str(refused.value) and fake.token not in str(refused.value)
    assert logins(fake) == 1  # not tried again


async def test_a_token_the_gateway_refuses_ends_the_bot_saying_what_to_do(fake_discord: FakeDiscord, tmp_path: Path):
    fake = fake_discord
    fake.gateway_refuses_token = True  # 4004 on IDENTIFY: discord.py does not reconnect
    running = Running(fake, fresh_sqlite(tmp_path), FakeClock())
    try:
        with pytest.raises(Unfixable) as refused:
            await asyncio.wait_for(live_until_stopped(running.app), 10)
    finally:
        await running.store.close()
    assert fake.gateway.errors == ["gateway closed with 4004: Authentication failed."]
    fake.gateway.errors.clear()  # (provoked)
    assert "DISCORD_BOT_TOKEN" in str(refused.value)
    assert running.app.client.is_closed()  # stopped before the error was raised
