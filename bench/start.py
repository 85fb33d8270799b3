"""How long a bot takes to start: `cardbot telegram`, from its exec to its first getUpdates at a fake
Bot API (tests/adapters/telegram/fake_api.py, in this process), and the CPU its process (with its
children) had spent by then; beside a no-op python-telegram-bot application started the same way
(the framework's floor: Python, PTB's imports, getMe, the first poll). The two start in turns,
`--starts` times each, the bot on a SQLite file migrated beforehand (as a restart finds it).
Medians, with the range, and the bot's over the no-op's. Then what the bot imports before it
starts, in a new process, with the garbage collector on and held off until the heap is frozen
(what `cardbot` does: adapters/launch.py), in turns: CPU and collections.

A start is what a restart costs: how long a crashed bot's tables wait (issue #9), and, in the suite,
what every test that runs the bot as a process pays (the kill -9 test starts it after each kill).

    python -m bench.start [--starts 5]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import os
import signal
import statistics
import sys
import tempfile
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from adapters import launch
from adapters.settings import ENV_FILE_VARIABLE, VARIABLE_PREFIXES
from adapters.sql.migrate import upgrade
from bench.process_cpu import tree_seconds
from bench.scale import machine

fake_api: Any = importlib.import_module("tests.adapters.telegram.fake_api")

NOOP = "no-op PTB application"
BOT = "cardbot telegram"
# The no-op: PTB's own polling loop with one handler that only answers a press.
NOOP_SCRIPT = """
import sys
from telegram.ext import ApplicationBuilder, CallbackQueryHandler

async def answer(update, context):
    await update.callback_query.answer()

app = ApplicationBuilder().token(sys.argv[1]).base_url(sys.argv[2]).base_file_url(sys.argv[3]).build()
app.add_handler(CallbackQueryHandler(answer))
app.run_polling()
"""
# What `cardbot telegram` imports before it starts, with the collector on (a plain Python start) or
# held until the heap is frozen (adapters/launch.py, bot/heap.py): CPU seconds and collections run.
IMPORTS = """
import gc, resource, sys
from bot import heap
if sys.argv[1] == "held":
    heap.hold()
import adapters.cli, adapters.telegram.main
heap.freeze()
usage = resource.getrusage(resource.RUSAGE_SELF)
print(usage.ru_utime + usage.ru_stime, sum(generation["collections"] for generation in gc.get_stats()))
"""
IMPORT_MODES = ("on", "held")
UP_SECONDS = 60.0  # a start that has not polled by then has failed
STOP_SECONDS = 20.0


def command(kind: str, api: Any) -> list[str]:
    if kind == NOOP:
        return [sys.executable, "-c", NOOP_SCRIPT, api.token, api.base_url, api.base_file_url]
    return [*launch.command(), "telegram"]  # the installed command, as operators run it


async def start_once(kind: str, api: Any, env: dict[str, str], log: Path) -> tuple[float, float]:
    """Start `kind`, wait for its first getUpdates; (seconds from exec, CPU seconds by then). Then
    stop it with SIGTERM, as an operator would."""
    polled = asyncio.get_running_loop().create_future()
    process: asyncio.subprocess.Process | None = None

    def watch(method: str, params: Any) -> None:
        if method == "getUpdates" and process is not None and not polled.done():
            polled.set_result((time.monotonic(), tree_seconds(process.pid)))

    api.on_request = watch
    with log.open("ab") as out:
        began = time.monotonic()
        process = await asyncio.create_subprocess_exec(*command(kind, api), env=env, stdout=out, stderr=out)
    try:
        ended = asyncio.ensure_future(process.wait())
        done, _ = await asyncio.wait({polled, ended}, timeout=UP_SECONDS, return_when=asyncio.FIRST_COMPLETED)
        if polled not in done:
            raise RuntimeError(f"{kind} did not poll within {UP_SECONDS:.0f} s (exit {process.returncode}); see {log}")
        at, cpu = polled.result()
        if cpu is None:
            raise RuntimeError(f"{kind}'s CPU could not be read; see {log}")
        return at - began, cpu
    finally:
        api.on_request = None
        if process.returncode is None:
            process.send_signal(signal.SIGTERM)
            try:
                await asyncio.wait_for(process.wait(), STOP_SECONDS)
            except TimeoutError:
                process.kill()
                await process.wait()


async def run(starts: int, folder: Path) -> dict[str, list[tuple[float, float]]]:
    env = {k: v for k, v in os.environ.items() if not k.startswith(VARIABLE_PREFIXES)}  # (a developer's own)
    api = fake_api.FakeBotApi()
    await api.start()
    database = f"sqlite:///{folder / 'cardbot.db'}"
    upgrade(database)  # here: every start finds the database migrated
    env |= {
        ENV_FILE_VARIABLE: os.devnull,
        "TELEGRAM_BOT_TOKEN": api.token,
        "TELEGRAM_API_URL": api.root_url,
        "DATABASE_URL": database,
    }
    log = folder / "starts.log"
    figures: dict[str, list[tuple[float, float]]] = {NOOP: [], BOT: []}
    try:
        for _ in range(starts):
            for kind in (NOOP, BOT):
                figures[kind].append(await start_once(kind, api, env, log))
    finally:
        await api.stop()
    return figures


async def imports(mode: str) -> tuple[float, int]:
    """CPU seconds and collections of `IMPORTS` in a new process, the collector `mode`."""
    process = await asyncio.create_subprocess_exec(sys.executable, "-c", IMPORTS, mode, stdout=asyncio.subprocess.PIPE)
    out, _ = await process.communicate()
    if process.returncode:
        raise RuntimeError(f"the imports failed (exit {process.returncode})")
    cpu, collections = out.split()
    return float(cpu), int(collections)


async def import_figures(starts: int) -> dict[str, list[tuple[float, int]]]:
    figures: dict[str, list[tuple[float, int]]] = {mode: [] for mode in IMPORT_MODES}
    for _ in range(starts):
        for mode in IMPORT_MODES:
            figures[mode].append(await imports(mode))
    return figures


def spread(values: Sequence[float]) -> str:
    return f"{statistics.median(values):.2f} s ({min(values):.2f}-{max(values):.2f})"


def report(figures: dict[str, list[tuple[float, float]]], starts: int) -> None:
    print(
        f"{BOT} beside a {NOOP}, each started {starts} times in turns on a"
        f" fake Bot API in this process, the bot on a SQLite file migrated before; {machine()}"
    )
    print(f"  {'':26} {'exec to first getUpdates':>28} {'CPU by then (with children)':>30}")
    for kind, rows in figures.items():
        print(f"  {kind:26} {spread([w for w, _ in rows]):>28} {spread([c for _, c in rows]):>30}")
    wall = {kind: statistics.median(w for w, _ in rows) for kind, rows in figures.items()}
    cpu = {kind: statistics.median(c for _, c in rows) for kind, rows in figures.items()}
    print(f"  {'cardbot ÷ no-op (medians)':26} {wall[BOT] / wall[NOOP]:>27.2f}× {cpu[BOT] / cpu[NOOP]:>29.2f}×")


def report_imports(figures: dict[str, list[tuple[float, int]]], starts: int) -> None:
    print(
        f"what cardbot telegram imports before it starts, then its heap frozen (bot/heap.py), in a new process,"
        f" {starts} times each in turns: the collector on, and held until the freeze (as adapters/launch.py does)"
    )
    for mode, rows in figures.items():
        cpu = spread([c for c, _ in rows]).replace(" s (", " s CPU (")
        print(f"  collector {mode:5} {cpu:>28}   {statistics.median(n for _, n in rows):>6.0f} collections")
    on, held = (statistics.median(c for c, _ in figures[mode]) for mode in IMPORT_MODES)
    print(f"  held ÷ on (medians): {held / on:.2f}×")


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--starts", type=int, default=5, help="counted starts of each (default 5)")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory(prefix="cardbot-start-") as folder:
        figures = asyncio.run(run(args.starts, Path(folder)))
    report(figures, args.starts)
    report_imports(asyncio.run(import_figures(args.starts)), args.starts)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
