"""Health and metrics (adapters/metrics.py, adapters/health.py) on a service over the memory store:
every metric moves when what it counts happens, and /healthz tells each failing check."""

from __future__ import annotations

import asyncio
import logging
import random
import string
import time
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from adapters import metrics as metrics_module
from adapters.chat.memory_records import MemoryRecords
from adapters.health import BEHIND_SECONDS, Operations, OpsServer
from adapters.metrics import Metrics, PlatformLog, Sampler, TimedStore, instrument
from adapters.web.settings import WebSettings
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open, Play, Press
from bot.games import games
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.service import Service
from bot.tables import Table
from bot.tokens import Token

CHAT = ChatRef("test", "chat")
ANN = Actor(PersonRef("test", "ann"), "Ann")
BOB = Actor(PersonRef("test", "bob"), "Bob")


def sample(metrics: Metrics, name: str, **labels: str) -> float:
    """The value of one sample (0 if absent)."""
    for family in text_string_to_metric_families(metrics.text().decode()):
        for s in family.samples:
            if s.name == name and all(s.labels.get(k) == v for k, v in labels.items()):
                return float(s.value)
    return 0.0


def service(clock: FakeClock | None = None, metrics: Metrics | None = None) -> Service:
    """A service whose store's calls are timed into `metrics`, as adapters/*/main.py builds it."""
    store = MemoryStore() if metrics is None else TimedStore(MemoryStore(), metrics)
    return bootstrap(store, RecordingNotifier(), clock or FakeClock(1000.0), seed=1)


async def press(s: Service, actor: Actor, table_id: int, action: str) -> Any:
    table = await s.store.load(table_id)
    assert table is not None
    return await s.handle(Press(actor, Token(table_id, table.version, action).encode(), where=CHAT))


def test_commands_refusals_latency_and_database_calls_are_counted():
    async def run() -> None:
        metrics = Metrics()
        s = service(metrics=metrics)
        instrument(s, metrics)
        table_id = (await s.handle(Open(CHAT, ANN, "svolota"))).table_id
        assert table_id is not None
        assert (await press(s, BOB, table_id, "join")).ok
        refused = await press(s, BOB, table_id, "start")  # only the table's creator starts it
        assert not refused.ok
        await s.handle(Press(ANN, "not a token"))

        assert sample(metrics, "cardbot_commands_total", command="open", game="svolota", outcome="ok") == 1
        assert sample(metrics, "cardbot_commands_total", command="press", game="svolota", outcome="ok") == 1
        assert sample(metrics, "cardbot_commands_total", command="press", game="svolota", outcome="refused") == 1
        assert sample(metrics, "cardbot_commands_total", command="press", game="unknown", outcome="refused") == 1
        reasons = {
            s.labels["reason"]
            for f in text_string_to_metric_families(metrics.text().decode())
            for s in f.samples
            if s.name == "cardbot_refusals_total" and s.labels["game"] == "svolota"
        }
        assert len(reasons) == 1 and "unknown" not in reasons  # the refusal's English template
        assert sample(metrics, "cardbot_refusals_total", game="unknown", reason="that button is not one of ours") == 1
        assert sample(metrics, "cardbot_answer_seconds_count", command="press") == 3
        assert sample(metrics, "cardbot_answer_seconds_count", command="open") == 1
        assert sample(metrics, "cardbot_db_seconds_count", method="transaction") >= 3
        assert sample(metrics, "cardbot_db_seconds_count", method="load") >= 1  # in a transaction too
        assert sample(metrics, "cardbot_db_seconds_count", method="chat_settings") >= 1

    asyncio.run(run())


def test_the_sampler_counts_open_tables_overdue_deadlines_and_the_loops_lag():
    async def run() -> None:
        clock = FakeClock(1000.0)
        s, metrics = service(clock), Metrics()
        instrument(s, metrics)
        await s.handle(Open(CHAT, ANN, "svolota"))
        await s.handle(Open(ChatRef("test", "other"), BOB, "speed"))
        sampler = Sampler(s, metrics)
        await sampler.sample()
        assert sample(metrics, "cardbot_open_tables", game="svolota") == 1
        assert sample(metrics, "cardbot_open_tables", game="speed") == 1
        assert sample(metrics, "cardbot_deadlines_overdue") == 0
        clock.advance(3600.0)  # the lobbies' deadlines are long past: nobody fired them
        await sampler.sample()
        assert sample(metrics, "cardbot_deadlines_overdue") == 2
        assert sample(metrics, "cardbot_deadlines_behind_seconds") > BEHIND_SECONDS

        sampler.start()
        while sampler.worst_lag == 0.0:
            await asyncio.sleep(0.1)
            time.sleep(0.05)  # the loop blocked: a sleeper wakes late
        await sampler.stop()
        assert sample(metrics, "cardbot_event_loop_lag_max_seconds") > 0

    asyncio.run(run())


def test_platform_errors_and_flood_waits_are_counted_from_the_log():
    metrics = Metrics()
    handler = PlatformLog(metrics, "telegram")
    detach = handler.attach(("tests.platform",))
    logger = logging.getLogger("tests.platform")
    logger.setLevel(logging.INFO)
    try:
        logger.warning("flood control in chat %s: waiting %.0f s", 5, 3.0)
        logger.info("Rate limit hit. Retrying after %f seconds", 1.0)
        logger.warning("could not draw table %s in chat %s: %s", 1, 5, "Bad Request")
        logger.info("all is well")
    finally:
        detach()
    logger.warning("not heard: detached")
    assert sample(metrics, "cardbot_platform_flood_waits_total", platform="telegram") == 2
    assert sample(metrics, "cardbot_platform_errors_total", platform="telegram") == 1


def test_healthz_and_metrics_are_served_and_healthz_tells_what_fails():
    async def run() -> None:
        clock = FakeClock(1000.0)
        s = service(clock)
        up = [True]
        ops = Operations(s, "test", lambda: up[0])
        server = OpsServer(ops, WebSettings(listen="127.0.0.1:0"))
        await ops.start()
        await server.start()
        base = f"http://127.0.0.1:{server.port}"
        try:
            async with aiohttp.ClientSession() as http:
                await s.handle(Open(CHAT, ANN, "svolota"))
                async with http.get(f"{base}/healthz") as r:
                    assert r.status == 200, await r.text()
                    body = await r.json()
                assert body["ok"] and body["database"]["ok"] and body["platform"]["ok"] and body["scheduler"]["ok"]
                async with http.get(f"{base}/metrics") as r:
                    assert r.status == 200
                    assert r.headers["Content-Type"].startswith("text/plain")
                    text = await r.text()
                assert 'cardbot_commands_total{command="open",game="svolota",outcome="ok"} 1.0' in text

                up[0] = False
                clock.advance(BEHIND_SECONDS + 3600)  # the lobby's deadline long overdue
                async with http.get(f"{base}/healthz") as r:
                    assert r.status == 503
                    body = await r.json()
                assert not body["ok"] and not body["platform"]["ok"] and not body["scheduler"]["ok"]
                assert body["database"]["ok"]

                async def broken(*args: Any) -> None:
                    raise ConnectionError("the database is gone")

                s.store.next_due = broken  # type: ignore[method-assign]
                async with http.get(f"{base}/healthz") as r:
                    assert r.status == 503
                    body = await r.json()
                assert body["database"] == {"ok": False, "error": "ConnectionError"}
        finally:
            await server.stop()
            await ops.stop()

    asyncio.run(run())


def test_attached_to_a_bot_only_where_there_is_a_listener():
    async def run() -> None:
        from adapters.discord.app import DiscordBot
        from adapters.discord.settings import DiscordSettings
        from adapters.health import attach
        from adapters.telegram.app import TelegramBot
        from adapters.telegram.settings import TelegramSettings

        telegram = TelegramSettings(bot_token="1:" + "t" * 40)  # type: ignore[call-arg]
        discord = DiscordSettings(bot_token="d" * 40)  # type: ignore[call-arg]
        nowhere = WebSettings()
        assert attach(TelegramBot(telegram, MemoryStore(), MemoryRecords(), web=nowhere)) is None
        assert attach(DiscordBot(discord, MemoryStore(), MemoryRecords(), web=nowhere)) is None

        own = WebSettings(listen="127.0.0.1:0")  # a listener of their own
        bot = TelegramBot(telegram, MemoryStore(), MemoryRecords(), web=own)
        ops = attach(bot)
        assert ops is not None and bot.web is None
        await bot.service.handle(Open(CHAT, ANN, "svolota"))
        assert sample(ops.metrics, "cardbot_commands_total", command="open", game="svolota") == 1

        live = WebSettings(url="https://cards.example.org", listen="127.0.0.1:0")  # on the live table's server
        made_on_live = (
            TelegramBot(telegram, MemoryStore(), MemoryRecords(), web=live),
            DiscordBot(discord, MemoryStore(), MemoryRecords(), web=live),
        )
        for made in made_on_live:
            assert attach(made) is not None and made.web is not None
            paths = {r.resource.canonical for r in made.web.app.router.routes() if r.resource is not None}
            assert {"/healthz", "/metrics", "/ws"} <= paths

    asyncio.run(run())


def test_the_games_of_the_tables_seen_most_recently_label_their_presses(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr(metrics_module, "GAMES_KEPT", 2)
    metrics = Metrics()
    for table_id, game in ((1, "svolota"), (2, "speed")):
        metrics.seen(Table(table_id, CHAT, game, ANN.person))
    assert metrics.game_of(Play(ANN, 1, "move"), None) == "svolota"  # looked up: the newest now
    metrics.seen(Table(3, CHAT, "racing_demon", ANN.person))
    assert [metrics.game_of(Play(ANN, t, "move"), None) for t in (1, 2, 3)] == ["svolota", "unknown", "racing_demon"]


def test_a_game_the_bot_does_not_know_is_labelled_other():
    """Whatever name a command carries, the game label is one of the bot's games or "other"."""

    async def run() -> Metrics:
        metrics = Metrics()
        s = service(metrics=metrics)
        instrument(s, metrics)
        rng = random.Random(39)
        for _ in range(1000):
            name = "".join(rng.choices(string.ascii_letters + string.digits + "_-", k=rng.randint(1, 40)))
            assert not (await s.handle(Open(CHAT, ANN, name))).ok
        assert (await s.handle(Open(CHAT, ANN, "speed"))).ok
        return metrics

    metrics = asyncio.run(run())
    labels = {
        s.labels["game"]
        for family in text_string_to_metric_families(metrics.text().decode())
        for s in family.samples
        if "game" in s.labels
    }
    assert labels == {"other", "speed"} and len(labels) <= len(games()) + 1
    assert sample(metrics, "cardbot_commands_total", command="open", game="other", outcome="refused") == 1000
