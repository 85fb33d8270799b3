"""`cardbot telegram`: the Telegram bot started as every chat bot is (adapters/bot_start.py), with
its settings, its logging and its bot."""

from __future__ import annotations

from adapters.bot_start import run_bot
from adapters.telegram import logs
from adapters.telegram.app import TelegramBot
from adapters.telegram.settings import TelegramSettings


def main(log_level: str = "INFO") -> int:
    return run_bot("telegram", TelegramSettings, logs.configure, TelegramBot, log_level)
