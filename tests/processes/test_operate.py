"""Operating the bot (issue #19's "done when"): `cardbot telegram` runs as a subprocess against the
fake Bot API with only a `.env` file for configuration (its working directory's; nothing of the
bot's in the environment), serves `/healthz` and `/metrics` at CARDBOT_WEB_LISTEN, and the counters
move as a game is played: commands, refusals, answer times, database calls, open tables."""

from __future__ import annotations

import asyncio
import os
import socket
from pathlib import Path
from typing import Any

import aiohttp
import pytest
from prometheus_client.parser import text_string_to_metric_families

from adapters import launch
from adapters.settings import VARIABLE_PREFIXES
from tests.adapters.telegram.fake_api import FakeBotApi

pytestmark = pytest.mark.slow  # a real bot process

UP_SECONDS = 60.0  # the bot must serve /healthz healthy within this
WAIT_SECONDS = 20.0  # each outcome must show within this
# a bot told to stop, or refused, must end within this: a hang guard (a refused token ends in about 7 s
# on a quiet 2-core machine, and took over 30 s in a whole run beside lint on a busy one)
ENDS_SECONDS = 90.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def samples(text: str) -> dict[tuple[str, frozenset[tuple[str, str]]], float]:
    return {
        (s.name, frozenset(s.labels.items())): float(s.value)
        for family in text_string_to_metric_families(text)
        for s in family.samples
    }


def value(text: str, name: str, **labels: str) -> float:
    return sum(v for (n, ls), v in samples(text).items() if n == name and set(labels.items()) <= ls)


async def start_bot(where: Path, log: Path, *args: str) -> asyncio.subprocess.Process:
    """`cardbot *args` in `where` (its `.env` read from there; nothing of the bot's in the
    environment), its output to `log`."""
    env = {k: v for k, v in os.environ.items() if not k.startswith(VARIABLE_PREFIXES)}
    with log.open("wb") as out:
        return await asyncio.create_subprocess_exec(
            *launch.command(), *args, cwd=where, env=env, stdout=out, stderr=out
        )


async def ended(bot: asyncio.subprocess.Process, log: Path) -> int:
    """The bot's exit code, once it ends; one still running after ENDS_SECONDS is killed, and the
    test fails with its log."""
    try:
        return await asyncio.wait_for(bot.wait(), ENDS_SECONDS)
    except TimeoutError:
        bot.kill()
        await bot.wait()
        pytest.fail(f"the bot did not end within {ENDS_SECONDS} s:\n{log.read_text()}")


async def play(tmp_path: Path) -> None:
    api = FakeBotApi()
    await api.start()
    port = free_port()
    (tmp_path / ".env").write_text(
        f"TELEGRAM_BOT_TOKEN={api.token}\n"
        f"TELEGRAM_API_URL={api.root_url}\n"
        f"DATABASE_URL=sqlite:///{tmp_path / 'cardbot.db'}\n"
        f"CARDBOT_WEB_LISTEN=127.0.0.1:{port}\n"
    )
    log = tmp_path / "bot.log"
    bot = await start_bot(tmp_path, log, "telegram")
    base = f"http://127.0.0.1:{port}"
    alice = api.add_user("Alice", username="alice_w", language_code="en", started=True)
    bob = api.add_user("Bob", username="bob_b", language_code="en", started=True)
    group = api.add_group("Card night", [alice, bob])
    try:
        async with aiohttp.ClientSession() as http:

            async def get(path: str) -> tuple[int, str]:
                async with http.get(base + path) as r:
                    return r.status, await r.text()

            async def healthy() -> bool:
                assert bot.returncode is None, log.read_text()
                try:
                    return (await get("/healthz"))[0] == 200
                except aiohttp.ClientError:
                    return False

            loop = asyncio.get_running_loop()
            until = loop.time() + UP_SECONDS
            while not await healthy():
                assert loop.time() < until, f"not healthy in {UP_SECONDS} s: {log.read_text()}"
                await asyncio.sleep(0.2)
            status, body = await get("/healthz")
            assert status == 200 and '"database": {"ok": true}' in body, body
            before = (await get("/metrics"))[1]
            assert value(before, "cardbot_commands_total") == 0

            api.send_text(alice, group, "/svolota")
            lobby = await api.next_message(group, timeout=WAIT_SECONDS)
            refused = api.press(bob, lobby, text="Start")  # only the table's creator starts it
            await api.wait_for(lambda: api.answers_to(refused), WAIT_SECONDS, "the refusal")
            joined = api.press(bob, lobby, text="Join")
            await api.wait_for(lambda: api.answers_to(joined), WAIT_SECONDS, "the join")

            async def metrics_show(name: str, at_least: float, **labels: str) -> str:
                until = loop.time() + WAIT_SECONDS
                while True:
                    text = (await get("/metrics"))[1]
                    if value(text, name, **labels) >= at_least:
                        return text
                    assert loop.time() < until, f"{name}{labels} < {at_least}:\n{text}"
                    await asyncio.sleep(0.2)

            await metrics_show("cardbot_commands_total", 1, command="open", game="svolota", outcome="ok")
            await metrics_show("cardbot_commands_total", 1, command="press", game="svolota", outcome="refused")
            text = await metrics_show("cardbot_commands_total", 1, command="press", game="svolota", outcome="ok")
            assert value(text, "cardbot_refusals_total", game="svolota") >= 1
            assert value(text, "cardbot_answer_seconds_count", command="press") >= 2
            assert value(text, "cardbot_db_seconds_count", method="transaction") >= 3
            assert value(text, "cardbot_db_seconds_count") > value(before, "cardbot_db_seconds_count")
            await metrics_show("cardbot_open_tables", 1, game="svolota")  # sampled every few seconds
            assert "cardbot_event_loop_lag_seconds" in text
            status, body = await get("/healthz")
            assert status == 200, body
    finally:
        if bot.returncode is None:
            bot.terminate()
            await ended(bot, log)
        await api.stop()
    assert bot.returncode == 0, log.read_text()
    assert "Traceback" not in log.read_text(), log.read_text()


def test_a_bot_configured_by_its_env_file_serves_health_and_metrics_that_move(tmp_path: Path):
    asyncio.run(asyncio.wait_for(play(tmp_path), 150))


async def start_before_its_bot_api(tmp_path: Path) -> None:
    """`cardbot telegram` started while nothing listens at its Bot API URL: /healthz answers 503
    "unreachable since …" at once, the log has one line per attempt and no traceback; the fake Bot
    API starts on that port, and /healthz turns 200; SIGTERM stops it with 0."""
    api_port, port = free_port(), free_port()
    api = FakeBotApi()
    (tmp_path / ".env").write_text(
        f"TELEGRAM_BOT_TOKEN={api.token}\n"
        f"TELEGRAM_API_URL=http://127.0.0.1:{api_port}\n"
        f"DATABASE_URL=sqlite:///{tmp_path / 'cardbot.db'}\n"
        f"CARDBOT_WEB_LISTEN=127.0.0.1:{port}\n"
    )
    log = tmp_path / "bot.log"
    bot = await start_bot(tmp_path, log, "telegram")
    loop = asyncio.get_running_loop()
    try:
        async with aiohttp.ClientSession() as http:

            async def health() -> tuple[int, dict[str, Any]] | None:
                assert bot.returncode is None, log.read_text()
                try:
                    async with http.get(f"http://127.0.0.1:{port}/healthz") as r:
                        return r.status, await r.json()
                except aiohttp.ClientError:
                    return None

            until = loop.time() + UP_SECONDS
            while (answer := await health()) is None:
                assert loop.time() < until, f"no /healthz in {UP_SECONDS} s: {log.read_text()}"
                await asyncio.sleep(0.1)
            status, body = answer
            assert status == 503 and body["platform"]["status"].startswith("unreachable since "), body
            while log.read_text().count("telegram unreachable (attempt ") < 2:  # 1 s, then 1–2 s
                assert loop.time() < until, log.read_text()
                await asyncio.sleep(0.1)
            attempts = log.read_text().count("telegram unreachable (attempt ")
            await api.start(api_port)
            up = loop.time()
            while (answer := await health()) is None or answer[0] != 200:
                assert loop.time() < until, f"not healthy in {UP_SECONDS} s: {answer} {log.read_text()}"
                await asyncio.sleep(0.2)
            await api.wait_for(lambda: api.commands, WAIT_SECONDS, "the command menu, once connected")
            print(
                f"Bot API down at start: /healthz 503 {body['platform']['status']!r}, {attempts} attempts"
                f" logged (no traceback); 200 {loop.time() - up:.1f} s after the Bot API came up"
            )
    finally:
        if bot.returncode is None:
            bot.terminate()
            await ended(bot, log)
        await api.stop()
    text = log.read_text()
    assert bot.returncode == 0, text
    assert "Traceback" not in text and " ERROR " not in text, text
    assert "telegram reached after " in text, text


async def start_with_a_refused_token(tmp_path: Path) -> None:
    api = FakeBotApi()
    await api.start()
    wrong = "777:" + "x" * 35
    (tmp_path / ".env").write_text(
        f"TELEGRAM_BOT_TOKEN={wrong}\nTELEGRAM_API_URL={api.root_url}\n"
        f"DATABASE_URL=sqlite:///{tmp_path / 'cardbot.db'}\n"
    )
    log = tmp_path / "bot.log"
    try:
        bot = await start_bot(tmp_path, log, "telegram")
        await ended(bot, log)
    finally:
        await api.stop()
    text = log.read_text()
    assert bot.returncode == 2, text
    assert "Traceback" not in text and wrong not in text and "x" * 35 not in text, text
    advice = "Telegram refused the bot token: set TELEGRAM_BOT_TOKEN to the token @BotFather gives (/token)"
    assert text.strip().splitlines()[-1] == f"cardbot telegram: {advice}", text


def test_a_bot_started_before_its_bot_api_waits_for_it_and_says_so_on_healthz(tmp_path: Path):
    asyncio.run(asyncio.wait_for(start_before_its_bot_api(tmp_path), 150))


def test_a_refused_token_stops_the_bot_with_one_line_and_exit_code_2(tmp_path: Path):
    asyncio.run(asyncio.wait_for(start_with_a_refused_token(tmp_path), 2 * ENDS_SECONDS))
