"""Operating the Discord bot: every interaction is answered whatever goes wrong before a handler
runs (a command whose shape changed since Discord last synced it, an option of another type than
ours), with one log line and no traceback; the invite URL is logged on start, with the
permissions the README states; DISCORD_TEST_GUILD syncs the commands to that server only; with a
listener (CARDBOT_WEB_LISTEN), `cardbot discord` serves /healthz and /metrics."""

from __future__ import annotations

import asyncio
import logging
import re
from pathlib import Path

import aiohttp
import pytest

from adapters.discord import texts
from adapters.discord.app import PERMISSIONS, invite_url
from adapters.health import attach
from adapters.web.settings import WebSettings
from bot.clock import FakeClock
from bot.i18n import translator
from tests.adapters.discord import commands as cmds
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import Running
from tests.adapters.discord.world import Channel, Guild, User
from tests.sql.databases import fresh_sqlite

README = Path(__file__).resolve().parents[3] / "adapters" / "discord" / "README.md"


def synced(fake: FakeDiscord, name: str) -> dict:
    return next(c for c in fake.global_commands if c["name"] == name)


def tracebacks(caplog: pytest.LogCaptureFixture) -> list[logging.LogRecord]:
    return [r for r in caplog.records if r.exc_info or r.exc_text]


def not_run(caplog: pytest.LogCaptureFixture, command: str) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.getMessage().startswith(f"/{command} from ")]


async def test_a_command_with_an_outdated_signature_is_answered(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture, alice: User, channel: Channel
):
    """Discord still has /language without its required option (synced by an older version): the
    tree cannot call the handler (CommandSignatureMismatch), the person is told, in their language."""
    fake = fake_discord
    caplog.set_level(logging.INFO)
    async with Running(fake, fresh_sqlite(tmp_path), FakeClock()):
        synced(fake, "language")["options"] = []
        answered = await fake.wait_response(fake.slash(alice, channel, "language"))
    assert answered.ephemeral and answered.original is not None
    assert answered.original.content == texts.failed(translator("en"))
    assert len(not_run(caplog, "language")) == 1
    assert "options differ" in not_run(caplog, "language")[0]
    assert not tracebacks(caplog)


async def test_an_option_of_the_wrong_type_is_answered(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture, bob: User, channel: Channel
):
    """Discord has /stats's member as text (an older shape): the user option cannot be read (a
    transformer error); bob, whose client is in Russian, is told so in Russian."""
    fake = fake_discord
    caplog.set_level(logging.INFO)
    async with Running(fake, fresh_sqlite(tmp_path), FakeClock()):
        (member,) = synced(fake, "stats")["options"]
        member["type"] = cmds.STRING
        answered = await fake.wait_response(fake.slash(bob, channel, "stats", {"member": "alice"}))
    assert answered.ephemeral and answered.original is not None
    assert answered.original.content == texts.failed(translator("ru"))
    assert answered.original.content != texts.failed(translator("en"))
    (line,) = not_run(caplog, "stats")
    assert "could not be read" in line
    assert not tracebacks(caplog)


async def test_a_command_the_bot_no_longer_has_is_answered(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture, alice: User, channel: Channel
):
    fake = fake_discord
    caplog.set_level(logging.INFO)
    async with Running(fake, fresh_sqlite(tmp_path), FakeClock()):
        synced(fake, "notify")["name"] = "ping"
        answered = await fake.wait_response(fake.slash(alice, channel, "ping"))
    assert answered.original is not None and answered.original.content == texts.failed(translator("en"))
    assert len(not_run(caplog, "ping")) == 1
    assert not tracebacks(caplog)


def test_the_readme_states_the_permissions_the_invite_asks_for():
    readme = README.read_text()
    assert f"`{PERMISSIONS.value}`" in readme
    assert "`bot`" in readme and "`applications.commands`" in readme
    url = invite_url(42)
    assert re.fullmatch(
        rf"https://discord\.com/oauth2/authorize\?client_id=42&scope=bot\+applications\.commands"
        rf"&permissions={PERMISSIONS.value}",
        url,
    )


async def test_the_invite_url_is_logged_on_start(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture
):
    fake = fake_discord
    caplog.set_level(logging.INFO, logger="adapters.discord.app")
    async with Running(fake, fresh_sqlite(tmp_path), FakeClock()):
        pass
    assert any(invite_url(fake.application_id) in r.getMessage() for r in caplog.records)


async def test_a_test_guild_gets_the_commands_at_once(
    fake_discord: FakeDiscord, tmp_path: Path, guild: Guild, alice: User, channel: Channel
):
    """With DISCORD_TEST_GUILD, the commands are synced to that server (where they show at once)
    and work there; the global commands are left alone."""
    fake = fake_discord
    async with Running(fake, fresh_sqlite(tmp_path), FakeClock(), test_guild=guild.id):
        names = {c["name"] for c in fake.guild_commands.get(guild.id, [])}
        assert {"svolota", "demon", "stats", "language"} <= names
        assert fake.global_commands == []
        answered = await fake.wait_response(fake.slash(alice, channel, "rules"))
    assert answered.original is not None and answered.original.content


async def test_with_a_listener_the_bot_serves_its_health_and_metrics(
    fake_discord: FakeDiscord, tmp_path: Path, caplog: pytest.LogCaptureFixture, alice: User, channel: Channel
):
    """What `cardbot discord` (main.py) hooks on the bot: /healthz says it is connected and its
    database answers, /metrics answers in Prometheus's text format."""
    fake = fake_discord
    caplog.set_level(logging.INFO, logger="adapters.health")
    running = Running(fake, fresh_sqlite(tmp_path), FakeClock())
    running.app.web_settings = WebSettings(listen="127.0.0.1:0")
    assert attach(running.app) is not None
    async with running, aiohttp.ClientSession() as http:
        (line,) = [r.getMessage() for r in caplog.records if r.getMessage().startswith("health and metrics on ")]
        base = "http://" + line.removeprefix("health and metrics on ")
        await fake.wait_response(fake.slash(alice, channel, "rules"))
        for _ in range(200):  # discord.py is ready once its servers have come (or a wait for them ran out)
            async with http.get(base + "/healthz") as answer:
                health = await answer.json()
            if running.app.client.is_ready():
                break
            assert answer.status == 503 and not health["platform"]["ok"], health  # not ready: not healthy
            await asyncio.sleep(0.1)
        async with http.get(base + "/healthz") as answer:
            health = await answer.json()
            assert answer.status == 200, health
        assert health["platform"]["ok"] and health["database"]["ok"]
        async with http.get(base + "/metrics") as answer:
            assert answer.status == 200
            assert "# TYPE" in await answer.text()
