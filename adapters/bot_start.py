"""`cardbot telegram` and `cardbot discord` start alike; each platform's main.py names only what is
its own (its settings, its logging, its bot). Read the settings: one that is missing or wrong is
named by its variable on stderr, never shown (the token stays secret), exit code 2. Then logging
with every secret masked, the database migrated and opened (its calls timed for /metrics from the
start), /healthz and /metrics attached when there is a listener (adapters/health.py), what start-up
loaded frozen (bot/heap.py), and the bot run until it is stopped; a platform that refuses the bot
for good (adapters/chat/connection.py `Unfixable`) is said on stderr, exit code 2."""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping
from typing import Protocol, TypeVar

from pydantic import ValidationError

from adapters.chat.connection import Unfixable
from adapters.chat.records import Records
from adapters.health import Attachable, attach
from adapters.metrics import Metrics, TimedStore
from adapters.process_secrets import bot_secrets
from adapters.settings import PlatformSettings
from adapters.sql.startup import open_store
from bot import heap
from bot.store import Store

S = TypeVar("S", bound=PlatformSettings)


class Runnable(Attachable, Protocol):
    def run(self) -> None: ...


def run_bot(
    platform: str,
    settings_class: type[S],
    configure_logs: Callable[[str, Mapping[str, str]], None],
    make: Callable[[S, Store, Records], Runnable],
    log_level: str,
) -> int:
    """Start `platform`'s bot (`settings_class`: its settings, read from the environment; `make`: the
    bot, from them, the service's store and the platform's records) and run it until it stops; the
    exit code."""
    try:
        settings = settings_class()  # type: ignore[call-arg]  # the token comes from the environment
    except ValidationError as e:
        for error in e.errors(include_input=False, include_url=False):
            name = f"{platform.upper()}_" + "_".join(str(part) for part in error["loc"]).upper()
            sys.stderr.write(f"cardbot {platform}: {name}: {error['msg']}\n")
        return 2
    configure_logs(log_level, bot_secrets(settings))
    metrics = Metrics()  # the store's calls are timed from the start (/metrics, when served)
    store = open_store(bot_token=settings.bot_token.get_secret_value())
    bot = make(settings, TimedStore(store, metrics), TimedStore(store.records, metrics))
    attach(bot, metrics)
    heap.freeze()  # what start-up loaded stays for good: full collections skip it (bot/heap.py)
    try:
        bot.run()
    except Unfixable as e:
        sys.stderr.write(f"cardbot {platform}: {e}\n")
        return 2
    return 0
