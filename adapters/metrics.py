"""Prometheus metrics of one bot process (`/metrics`, served by adapters/health.py), in a
CollectorRegistry of its own (never the global one: tests make many in one process).

Nothing in bot/ knows of them; they are hooked on from outside:
- the service's observers are told (`instrument`, bot/observers.py): each command's time from
  arrival to answer, and its outcome (accepted or refused, and why: the refusal's English template);
- the store is wrapped (`TimedStore`, where the bot is built: adapters/*/main.py): every call's
  time, transactions' calls included;
- `Sampler`, a task beside the bot: the event loop's lag, and every SAMPLE_SECONDS the open tables
  by game and the deadlines overdue, read from the store;
- `PlatformLog`, a logging handler on the platform's loggers: its API errors and flood waits (the
  warnings the adapters and the rate limiter log for them);
- the live table's socket tells `message_refused` of each message it refused (adapters/health.py
  hooks it on when /metrics is served on the live table's app).

Labels are bounded: a game the bot does not know is "other" (a command carries whatever name it
was given), a refused socket message's reason one of adapters/web/messages.py's REASONS.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import inspect
import logging
import time
from collections import Counter as Tally
from collections.abc import AsyncIterator, Callable
from typing import Any

from cachetools import LRUCache
from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest

from adapters.web.messages import REASONS, STAGES
from bot.commands import Command, Open, Play, Press
from bot.games import known_game
from bot.observers import Observer
from bot.service import Service
from bot.tables import Table
from bot.tokens import decode
from bot.ui.screen import Reply

CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8"
SAMPLE_SECONDS = 5.0  # open tables and overdue deadlines are counted this often
LAG_SECONDS = 0.5  # the loop-lag sampler wakes this often
OVERDUE_GRACE = 1.0  # s past due before a deadline counts as overdue (the scheduler polls every 0.2 s)
GAMES_KEPT = 10_000  # table id -> game, for the labels of presses (which name only the table)
ANSWER_BUCKETS = (0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0)
DB_BUCKETS = (0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 5.0)
UNKNOWN = "unknown"  # a command naming no table (or one not seen)
OTHER = "other"  # a game the bot does not know

# what the platforms' loggers say when the API refused or failed (the chat layer's writers, which a
# process runs for its one platform; adapters/telegram/app.py, menu.py; python-telegram-bot's rate
# limiter; discord.py's HTTP client)
FLOOD_WORDS = ("flood control", "rate limit", "ratelimit", "retry after", "retrying after", "429")
PLATFORM_LOGGERS = ("adapters.chat", "adapters.telegram", "adapters.discord", "telegram", "discord")


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        r = self.registry
        self.commands = Counter(
            "cardbot_commands", "Commands answered, by kind, game and outcome (ok or refused)",
            ["command", "game", "outcome"], registry=r,
        )  # fmt: skip
        self.refusals = Counter(
            "cardbot_refusals", "Commands refused, by game and reason (the refusal's English template)",
            ["game", "reason"], registry=r,
        )  # fmt: skip
        self.answer = Histogram(
            "cardbot_answer_seconds", "Time from a command's arrival (a press, a play) to its answer",
            ["command"], buckets=ANSWER_BUCKETS, registry=r,
        )  # fmt: skip
        self.loop_lag = Gauge(
            "cardbot_event_loop_lag_seconds", "How late the event loop last woke a sleeper", registry=r
        )
        self.loop_lag_max = Gauge(
            "cardbot_event_loop_lag_max_seconds", "The event loop's worst lag since the process started", registry=r
        )
        self.overdue = Gauge(
            "cardbot_deadlines_overdue", "Deadlines of open tables past due (by a second or more)", registry=r
        )
        self.behind = Gauge(
            "cardbot_deadlines_behind_seconds", "How long the oldest due deadline is overdue", registry=r
        )
        self.open_tables = Gauge("cardbot_open_tables", "Open tables (lobby, playing) by game", ["game"], registry=r)
        self.platform_errors = Counter(
            "cardbot_platform_errors", "The platform's API refused or failed a request", ["platform"], registry=r
        )
        self.flood_waits = Counter(
            "cardbot_platform_flood_waits", "The platform asked the bot to slow down", ["platform"], registry=r
        )
        self.db = Histogram(
            "cardbot_db_seconds", "Database calls' time, by store method", ["method"], buckets=DB_BUCKETS, registry=r
        )
        self.db_errors = Counter(
            "cardbot_db_errors", "Database calls that failed, by store method", ["method"], registry=r
        )
        self.web_refused = Counter(
            "cardbot_web_messages_refused", "Live-table socket messages refused, by stage (welcome, press) and reason",
            ["stage", "reason"], registry=r,
        )  # fmt: skip
        for stage in STAGES:  # every series from the start: a first refusal shows as a rise from 0
            for reason in REASONS:
                self.web_refused.labels(stage, reason)
        self.games: LRUCache[int, str] = LRUCache(GAMES_KEPT)  # table id -> game (the labels of presses)
        self.known_games: set[str] = set()  # every game whose open tables were counted (a gauge at 0 stays)

    def text(self) -> bytes:
        return generate_latest(self.registry)

    def seen(self, table: Any) -> None:
        """A table the store returned: its game labels the presses on it."""
        if isinstance(table, Table):
            self.games[table.id] = table.game

    def message_refused(self, stage: str, reason: str) -> None:
        """A live-table socket refused a message (adapters/web/app.py)."""
        self.web_refused.labels(stage, reason if reason in REASONS else OTHER).inc()

    def game_of(self, command: Command, table_id: int | None) -> str:
        """The game label of a command: its table's game, OTHER for a game the bot does not know."""
        if isinstance(command, Open):
            return command.game if known_game(command.game) else OTHER
        if table_id is None and isinstance(command, Play):
            table_id = command.table_id
        if table_id is None and isinstance(command, Press):
            token = decode(command.token)
            table_id = token.table_id if token else None
        game = self.games.get(table_id, UNKNOWN) if table_id is not None else UNKNOWN
        return game if game == UNKNOWN or known_game(game) else OTHER


def instrument(service: Service, metrics: Metrics) -> None:
    """Time and count every command the service answers (its observers are told), and label
    presses with their table's game."""
    service.observers.add(CommandMetrics(metrics))


class CommandMetrics(Observer):
    """Each command's time from arrival to answer, and its outcome: accepted, or refused and why
    (the refusal's English template)."""

    def __init__(self, metrics: Metrics) -> None:
        self.metrics = metrics

    def committed(self, table: Table) -> None:
        self.metrics.seen(table)

    def answered(self, command: Command, reply: Reply, seconds: float, refusal: str | None) -> None:
        metrics = self.metrics
        kind = type(command).__name__.lower()
        metrics.answer.labels(kind).observe(seconds)
        game = metrics.game_of(command, reply.table_id)
        metrics.commands.labels(kind, game, "ok" if reply.ok else "refused").inc()
        if not reply.ok:
            metrics.refusals.labels(game, refusal or UNKNOWN).inc()


class TimedStore:
    """A store (or a transaction) whose every coroutine method is timed by name, and whose
    transactions hand out timed transactions; anything else passes through."""

    def __init__(self, inner: Any, metrics: Metrics) -> None:
        self._inner = inner
        self._metrics = metrics

    def __getattr__(self, name: str) -> Any:
        value = getattr(self._inner, name)
        if name == "transaction":
            return functools.partial(self._transaction, value)
        if not inspect.iscoroutinefunction(value):
            return value
        metrics = self._metrics

        async def timed(*args: Any, **kwargs: Any) -> Any:
            started = time.perf_counter()
            try:
                result = await value(*args, **kwargs)
            except Exception:
                metrics.db_errors.labels(name).inc()
                raise
            finally:
                metrics.db.labels(name).observe(time.perf_counter() - started)
            if name == "load":
                metrics.seen(result)
            elif isinstance(result, list):
                for each in result:
                    metrics.seen(each)
            return result

        return timed

    @contextlib.asynccontextmanager
    async def _transaction(self, open_: Callable[[], Any]) -> AsyncIterator[Any]:
        started = time.perf_counter()
        try:
            async with open_() as tx:
                yield TimedStore(tx, self._metrics)
        finally:
            self._metrics.db.labels("transaction").observe(time.perf_counter() - started)


class Sampler:
    """A task beside the bot: the loop's lag every LAG_SECONDS; the open tables by game and the
    overdue deadlines every SAMPLE_SECONDS (read from the store, this process's platform only)."""

    def __init__(self, service: Service, metrics: Metrics, sample_seconds: float = SAMPLE_SECONDS) -> None:
        self.service = service
        self.metrics = metrics
        self.sample_seconds = sample_seconds
        self.behind: float = 0.0  # s the oldest due deadline is overdue, at the latest sample
        self.sampled = False  # whether the store was read at least once
        self.worst_lag = 0.0
        self._task: asyncio.Task[None] | None = None

    def start(self) -> None:
        if self._task is None:
            self._task = asyncio.create_task(self.run())

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None

    async def run(self) -> None:
        loop = asyncio.get_running_loop()
        next_sample = loop.time()
        while True:
            before = loop.time()
            await asyncio.sleep(LAG_SECONDS)
            lag = max(0.0, loop.time() - before - LAG_SECONDS)
            self.metrics.loop_lag.set(lag)
            if lag > self.worst_lag:
                self.worst_lag = lag
                self.metrics.loop_lag_max.set(lag)
            if loop.time() >= next_sample:
                next_sample = loop.time() + self.sample_seconds
                with contextlib.suppress(Exception):  # the store down: /healthz says so, not this
                    await self.sample()

    async def sample(self) -> None:
        tables = await self.service.store.all_open(self.service.platform)
        now = self.service.clock.now()
        games = Tally(t.game for t in tables)
        self.metrics.known_games |= set(games)
        for game in self.metrics.known_games:
            self.metrics.open_tables.labels(game).set(games[game])
        due = [d.due for t in tables for d in t.deadlines if d.due < now - OVERDUE_GRACE]
        self.metrics.overdue.set(len(due))
        self.behind = now - min(due) if due else 0.0
        self.metrics.behind.set(self.behind)
        self.sampled = True


class PlatformLog(logging.Handler):
    """Counts the platform's API errors and flood waits from what its loggers say: a warning or
    worse from the adapter or its library is an API error, unless it is a flood wait (counted as
    such, whatever its level: the rate limiter says it at INFO)."""

    def __init__(self, metrics: Metrics, platform: str) -> None:
        super().__init__(logging.INFO)
        self.metrics = metrics
        self.platform = platform

    def emit(self, record: logging.LogRecord) -> None:
        try:
            text = record.getMessage().lower()
        except Exception:
            text = str(record.msg).lower()
        if any(word in text for word in FLOOD_WORDS):
            self.metrics.flood_waits.labels(self.platform).inc()
        elif record.levelno >= logging.WARNING:
            self.metrics.platform_errors.labels(self.platform).inc()

    def attach(self, names: tuple[str, ...] = PLATFORM_LOGGERS) -> Callable[[], None]:
        """Listen to these loggers; returns what detaches it again."""
        loggers = [logging.getLogger(name) for name in names]
        for each in loggers:
            each.addHandler(self)

        def detach() -> None:
            for each in loggers:
                each.removeHandler(self)

        return detach
