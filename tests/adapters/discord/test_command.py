"""`cardbot discord` is an operator command: without a token it says which variable is missing, a
settings error never echoes the token; run for real against the fake Discord, it migrates a new
database, syncs its commands, plays, stops on SIGTERM, and logs at DEBUG without its token."""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from pathlib import Path

from adapters.cli import main
from tests.adapters.discord.fake_discord import FakeDiscord
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
        sys.executable,
        "-c",
        "import sys; from adapters.cli import main; sys.exit(main())",
        "discord",
        "--log-level",
        "DEBUG",
        cwd=ROOT,
        env=env,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await fake.wait_ready(timeout=20)
        assert len(fake.command_syncs) == 1
        opened = await fake.wait_response(fake.slash(alice, channel, "svolota"))
        assert opened.ephemeral and "✅" in opened.original.content  # type: ignore[union-attr]
        await fake.wait_for(lambda: fake.last_message(channel), what="the table's message")
    finally:
        process.send_signal(signal.SIGTERM)
        _out, err = await asyncio.wait_for(process.communicate(), 15)
    log = err.decode()
    assert process.returncode == 0, log[-2000:]
    assert "DEBUG" in log and "synced 8 slash commands" in log
    assert fake.token not in log
    assert not [i.token for i in fake.interactions.values() if i.token in log]
    assert (tmp_path / "new.db").exists()
