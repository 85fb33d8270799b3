"""`cardbot discord` is an operator command: without a token it says which variable is missing, a
settings error never echoes the token; run for real against the fake Discord, it migrates a new
database, syncs its commands, plays, stops on SIGTERM, and logs at DEBUG without its token. The
slash command /look sets a person's own look, anywhere; /settings look the server's."""

from __future__ import annotations

import asyncio
import os
import signal
from pathlib import Path

import pytest

from adapters import launch
from adapters.cli import main
from adapters.discord import texts
from adapters.discord.identities import PLATFORM, person_of
from bot.clock import FakeClock
from bot.i18n import translator
from bot.people import ChatRef
from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.test_scenarios import Running, slash
from tests.adapters.discord.world import Channel, User

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.do-not.print-me"
ROOT = Path(__file__).resolve().parents[3]


def test_without_a_token_it_names_the_variable_and_exits_2(monkeypatch, capsys):
    monkeypatch.delenv("DISCORD_BOT_TOKEN", raising=False)
    assert main(["discord"]) == 2
    assert "DISCORD_BOT_TOKEN" in capsys.readouterr().err


def test_a_settings_error_does_not_echo_the_token(monkeypatch, capsys):
    monkeypatch.setenv("DISCORD_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("DISCORD_SHARD_COUNT", "many")
    assert main(["discord"]) == 2
    err = capsys.readouterr().err
    assert "DISCORD_SHARD_COUNT" in err and TOKEN not in err


def test_it_is_listed_among_the_operator_commands(capsys):
    try:
        main(["discord", "--help"])
    except SystemExit as done:
        assert done.code == 0
    assert "--log-level" in capsys.readouterr().out


@pytest.mark.slow  # a bot process of its own
async def test_the_command_runs_the_bot_until_sigterm(
    fake_discord: FakeDiscord, tmp_path: Path, alice: User, channel: Channel
):
    fake = fake_discord
    env = {
        **os.environ,
        "DISCORD_BOT_TOKEN": fake.token,
        "DISCORD_API_URL": fake.api_url,
        "DISCORD_GATEWAY_URL": fake.gateway_url,
        "DISCORD_GUILD_READY_TIMEOUT": "0.05",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'new.db'}",  # not there yet: migrated on start
    }
    process = await asyncio.create_subprocess_exec(
        *launch.command(),  # `cardbot` as installed
        "discord",
        "--log-level",
        "DEBUG",
        cwd=ROOT,
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    # read as it is written: the DEBUG log of the commands' sync (every command in 15 languages) is
    # more than a pipe holds, and a bot whose stderr is full stops at its next log line
    assert process.stderr is not None
    err = asyncio.create_task(process.stderr.read())
    try:
        await fake.wait_ready(timeout=20)
        assert len(fake.command_syncs) == 1
        opened = await fake.wait_response(fake.slash(alice, channel, "svolota"))
        assert opened.ephemeral and "✅" in opened.original.content  # type: ignore[union-attr]
        await fake.wait_for(lambda: fake.last_message(channel), what="the table's message")
    finally:
        process.send_signal(signal.SIGTERM)
        await asyncio.wait_for(process.wait(), 15)
    log = (await err).decode()
    assert process.returncode == 0, log[-2000:]
    assert "DEBUG" in log and "synced 17 slash commands" in log  # (13, and /tournament, /quickmatch, /link, /unlink)
    assert fake.token not in log
    assert not [i.token for i in fake.interactions.values() if i.token in log]
    assert (tmp_path / "new.db").exists()


# --- /look and /settings look, the real bot against the fake Discord ------------------------------


async def test_look_sets_a_persons_own_look_and_settings_the_servers(
    fake_discord: FakeDiscord, url: str, clock: FakeClock, alice: User, bob: User, channel: Channel
):
    fake = fake_discord
    en, ru = translator("en"), translator("ru")
    async with Running(fake, url, clock) as bot:
        assert "вид" in {c["name"] for c in fake.visible_commands(bob, channel)}
        now = await slash(fake, alice, channel, "look")  # no choice: how her panels look
        assert now.ephemeral and now.original.content == texts.look_text(None, "classic", en)  # type: ignore[union-attr]
        saved = await slash(fake, bob, channel, "look", look="text")
        assert saved.ephemeral and saved.original.content == "Вид карт сохранён: только текст."  # type: ignore[union-attr]
        refused = await slash(fake, bob, channel, "settings", look="text")  # not an admin
        assert refused.original.content.startswith("✗ ")  # type: ignore[union-attr]
        server = await slash(fake, alice, channel, "settings", look="four_colour")
        assert server.ephemeral and server.original.content == "Settings saved."  # type: ignore[union-attr]
        settings = await slash(fake, alice, channel, "settings")
        assert "🃏 Cards: four-colour deck" in settings.original.content  # type: ignore[union-attr]
        mine = await slash(fake, bob, channel, "look")
        assert mine.original.content == texts.look_text("text", "four_colour", ru)  # type: ignore[union-attr]
        dm = fake.dm_channel(alice)
        in_private = await slash(fake, alice, dm, "look", look="four_colour")
        assert in_private.original.content == "Look saved: four-colour deck."  # type: ignore[union-attr]
        again = await slash(fake, alice, dm, "look")
        assert again.original.content == texts.look_text("four_colour", None, en)  # type: ignore[union-attr]
        await bot.settled()
        assert await bot.store.person_look(person_of(alice)) == "four_colour"
        assert await bot.store.person_look(person_of(bob)) == "text"
        assert (await bot.store.chat_settings(ChatRef(PLATFORM, str(channel.guild.id)))).look == "four_colour"
