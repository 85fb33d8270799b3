"""Pictures are drawn in a worker process (adapters/pictures/screens.py): the same bytes as drawn
here, a worker that dies is replaced, and workers leave when the bot's process is killed."""

from __future__ import annotations

import asyncio
import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

from adapters.pictures import screens
from adapters.pictures.render import CACHE, fresh
from adapters.pictures.samples import SPEED
from bot.ui.screen import Screen

pytestmark = pytest.mark.slow  # worker processes started, killed and replaced

ROOT = Path(__file__).resolve().parents[3]


def test_a_worker_draws_what_the_renderer_draws_and_a_dead_one_is_replaced() -> None:
    async def go() -> None:
        CACHE.clear()
        screen = Screen(1, "Speed", picture=SPEED, look="four_colour")
        assert await screens.png_of(screen) == fresh(SPEED, "four_colour")
        assert screens._pool is not None
        for process in list(screens._pool._processes.values()):  # type: ignore[attr-defined]
            os.kill(process.pid, signal.SIGKILL)
        CACHE.clear()
        lost = await screens.png_of(screen)  # drawn by a worker that died: the text goes out instead
        assert lost is None or lost == fresh(SPEED, "four_colour")
        assert await screens.png_of(screen) == fresh(SPEED, "four_colour")  # a new worker draws it

    asyncio.run(go())


def test_workers_leave_when_the_bots_process_is_killed() -> None:
    script = textwrap.dedent(
        """
        import asyncio, os, signal
        from adapters.pictures import screens
        from adapters.pictures.samples import HAND

        async def main():
            await screens.warm_up()
            print(" ".join(str(p.pid) for p in screens._pool._processes.values()), flush=True)
            os.kill(os.getpid(), signal.SIGKILL)

        if __name__ == "__main__":
            asyncio.run(main())
        """
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    workers = [int(pid) for pid in done.stdout.split()]
    assert workers, done.stderr
    deadline = time.monotonic() + 10
    while any(alive(pid) for pid in workers):
        assert time.monotonic() < deadline, "a picture worker outlived its killed bot"
        time.sleep(0.1)


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting for its parent to reap it does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"
