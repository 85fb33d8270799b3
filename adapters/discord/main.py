"""`cardbot discord`: the Discord bot started as every chat bot is (adapters/bot_start.py), with its
settings, its logging and its bot."""

from __future__ import annotations

from adapters.bot_start import run_bot
from adapters.discord import logs
from adapters.discord.app import DiscordBot
from adapters.discord.settings import DiscordSettings


def main(log_level: str = "INFO") -> int:
    return run_bot("discord", DiscordSettings, logs.configure, DiscordBot, log_level)
