"""`cardbot telegram`: read the settings (the token stays secret, even in a settings error),
migrate and open the database, and run the bot until it is stopped."""

from __future__ import annotations

import sys

from pydantic import ValidationError

from adapters.chat.connection import Unfixable
from adapters.health import attach
from adapters.metrics import Metrics, TimedStore
from adapters.process_secrets import bot_secrets
from adapters.sql.startup import open_store
from adapters.telegram import logs
from adapters.telegram.app import TelegramBot
from adapters.telegram.settings import TelegramSettings
from bot import heap


def main(log_level: str = "INFO") -> int:
    try:
        settings = TelegramSettings()  # type: ignore[call-arg]  # the token comes from the environment
    except ValidationError as e:
        for error in e.errors(include_input=False, include_url=False):
            name = "TELEGRAM_" + "_".join(str(part) for part in error["loc"]).upper()
            sys.stderr.write(f"cardbot telegram: {name}: {error['msg']}\n")
        return 2
    logs.configure(log_level, bot_secrets(settings))
    metrics = Metrics()  # the store's calls are timed from the start (/metrics, when served)
    store = open_store(bot_token=settings.bot_token.get_secret_value())
    bot = TelegramBot(settings, TimedStore(store, metrics), TimedStore(store.records, metrics))
    attach(bot, metrics)  # /healthz and /metrics, when there is a listener (adapters/health.py)
    heap.freeze()  # what start-up loaded stays for good: full collections skip it (bot/heap.py)
    try:
        bot.run()
    except Unfixable as e:
        sys.stderr.write(f"cardbot telegram: {e}\n")
        return 2
    return 0
