"""Pictures are drawn in worker processes (adapters/pictures/workers.py): the same bytes as drawn
here; a stopped worker costs the drawings that wait on it their picture (the text goes out) no
later than the time limit, and is killed and replaced; a killed one is replaced before the next
drawing; a slow start is not taken for a stuck worker; workers leave when the bot's process is
killed."""

from __future__ import annotations

import asyncio
import logging
import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path

import pytest

from adapters.pictures import faces, screens
from adapters.pictures.decks import DECKS
from adapters.pictures.palette import palette
from adapters.pictures.render import CACHE, fresh
from adapters.pictures.samples import HAND, SPEED
from adapters.pictures.settings import PictureSettings
from adapters.pictures.workers import Workers
from bot.ui.screen import Screen

ROOT = Path(__file__).resolve().parents[3]
LIMIT = 0.5  # seconds a drawing may take here
MARGIN = 1.0  # seconds the event loop may be late on a busy machine


@pytest.fixture
def workers() -> Iterator[Callable[[float], Workers]]:
    """Pools of one worker with a given time limit; every one of their processes is continued and
    killed at the end, whatever the test stopped."""
    made: list[Workers] = []
    seen: set[int] = set()

    def make(timeout: float = LIMIT) -> Workers:
        made.append(Workers(1, timeout))
        return made[-1]

    yield make
    for pool in made:
        seen.update(pool.pids())
        pool.close()
    for pid in seen:
        for signal_ in (signal.SIGCONT, signal.SIGKILL):
            try:
                os.kill(pid, signal_)
            except ProcessLookupError:
                break


def stop(pids: list[int]) -> None:
    assert pids, "no worker to stop"
    for pid in pids:
        os.kill(pid, signal.SIGSTOP)


def alive(pid: int) -> bool:
    """Whether the process runs (a zombie waiting for its parent to reap it does not)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return False
    return state != "Z"


async def gone(pids: list[int], within: float = 5.0) -> None:
    deadline = time.monotonic() + within
    while any(alive(pid) for pid in pids):
        assert time.monotonic() < deadline, f"worker {pids} still there"
        await asyncio.sleep(0.02)


def loaded_in_this_process() -> tuple[int, int]:
    """(decks whose palette is made, fonts whose characters are read) here: run in a worker."""
    return palette.cache_info().currsize, faces._cmap.cache_info().currsize


async def test_a_new_worker_starts_with_every_decks_cards_and_the_fonts_loaded(
    workers: Callable[[float], Workers],
) -> None:
    """Forked from the fork server, which loaded them once (preload.py): not loaded in each worker."""
    pool = workers(LIMIT)
    for _ in range(2):  # the first pool, and one started in place of it
        probe = pool._current().executor.submit(loaded_in_this_process)  # before any drawing
        decks, fonts = await asyncio.wrap_future(probe)
        assert decks == len(DECKS) and fonts >= 2
        pool._replace(pool._current(), "the test")


@pytest.mark.parametrize("pidfd", [True, False], ids=["pidfd", "no pidfd"])
def test_a_worker_leaves_as_soon_as_the_bots_process_is_gone(pidfd: bool) -> None:
    bot = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    script = textwrap.dedent(
        f"""
        import os, sys, time
        from adapters.pictures import workers
        def no_pidfds(pid):
            raise OSError(38, "Function not implemented")  # as on a kernel before 5.3

        if not {pidfd}:
            os.pidfd_open = no_pidfds
            workers.PARENT_CHECK = 0.05
        workers._watch({bot.pid})
        print("watching", flush=True)
        time.sleep(30)
        sys.exit(3)  # still here
        """
    )
    worker = subprocess.Popen([sys.executable, "-c", script], cwd=ROOT, stdout=subprocess.PIPE, text=True)
    try:
        assert worker.stdout is not None and worker.stdout.readline() == "watching\n"
        assert worker.poll() is None  # not while the bot runs
        bot.kill()
        bot.wait()
        assert worker.wait(timeout=10) == 0
    finally:
        bot.kill()
        worker.kill()


@pytest.mark.slow  # a fresh process, whose fork server starts
def test_the_event_loop_runs_on_while_the_fork_server_starts() -> None:
    """The first pool of a process waits for the fork server to load the fonts and decks; the
    bot's event loop (its presses, its gateway) must not wait with it."""
    script = textwrap.dedent(
        """
        import asyncio
        from adapters.pictures import screens

        async def main():
            ticks = 0
            warming = asyncio.ensure_future(screens.warm_up())
            while not warming.done():
                await asyncio.sleep(0.01)
                ticks += 1
            print(ticks, screens.workers().replaced, flush=True)
            screens.close()

        if __name__ == "__main__":
            asyncio.run(main())
        """
    )
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True, timeout=60)
    ticks, replaced = (int(x) for x in done.stdout.split())
    assert replaced == 0 and ticks >= 5, done.stderr  # (blocked, the loop ticks once or twice: before and after)


async def test_a_worker_draws_what_the_renderer_draws(workers: Callable[[float], Workers]) -> None:
    pool = workers(LIMIT)
    assert await pool.draw(SPEED, "four_colour") == fresh(SPEED, "four_colour")


@pytest.mark.slow  # drawing processes stopped or killed, and new ones started
async def test_a_stopped_worker_costs_one_picture_within_the_limit_and_is_replaced(
    workers: Callable[[float], Workers], caplog: pytest.LogCaptureFixture
) -> None:
    pool = workers(LIMIT)
    await pool.warm_up()
    old = pool.pids()
    stop(old)
    started = time.monotonic()
    with caplog.at_level(logging.WARNING, "adapters.pictures.workers"):
        assert await pool.draw(SPEED, "classic") is None  # the text goes out instead
    assert time.monotonic() - started < LIMIT + MARGIN
    new = pool.pids()
    assert new and not set(new) & set(old)  # new workers, at once
    await gone(old)  # the stopped one was killed (SIGKILL: it would sit on a SIGTERM)
    [warning] = [r for r in caplog.records if r.name == "adapters.pictures.workers"]
    assert warning.levelno == logging.WARNING and warning.exc_info is None and str(old[0]) in warning.getMessage()
    assert await pool.draw(SPEED, "classic") == fresh(SPEED, "classic")  # pictures are back


@pytest.mark.slow  # drawing processes stopped or killed, and new ones started
async def test_drawings_queued_behind_a_stuck_one_all_come_back_within_the_limit(
    workers: Callable[[float], Workers],
) -> None:
    pool = workers(LIMIT)
    await pool.warm_up()
    stop(pool.pids())
    hands = [HAND, *(replace(HAND, cards=HAND.cards[:n]) for n in range(1, 6))]
    started = time.monotonic()
    assert await asyncio.gather(*(pool.draw(hand, "classic") for hand in hands)) == [None] * len(hands)
    assert time.monotonic() - started < LIMIT + MARGIN
    assert pool.replaced == 1  # one stuck pool, killed once
    assert await pool.draw(HAND, "four_colour") == fresh(HAND, "four_colour")


@pytest.mark.slow  # drawing processes stopped or killed, and new ones started
async def test_after_a_worker_is_killed_the_next_drawing_is_drawn(workers: Callable[[float], Workers]) -> None:
    pool = workers(LIMIT)
    await pool.warm_up()
    old = pool.pids()
    for pid in old:
        os.kill(pid, signal.SIGKILL)
    await gone(old)
    assert await pool.draw(SPEED, "classic") == fresh(SPEED, "classic")  # not BrokenProcessPool
    assert pool.pids() and not set(pool.pids()) & set(old) and pool.replaced == 1


async def test_a_slow_start_is_not_taken_for_a_stuck_worker(workers: Callable[[float], Workers]) -> None:
    pool = workers(0.001)  # far less than a new worker takes to start and load its decks
    assert await pool.draw(HAND, "classic") == fresh(HAND, "classic")
    assert pool.replaced == 0


def test_the_time_limit_is_a_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(screens, "_workers", None)
    monkeypatch.setenv("CARDBOT_PICTURE_TIMEOUT", "0.75")
    assert screens.workers().timeout == 0.75
    monkeypatch.setenv("CARDBOT_PICTURE_TIMEOUT", "0")
    with pytest.raises(ValueError, match="greater than 0"):
        PictureSettings()


@pytest.mark.slow  # a bot process started and killed
async def test_the_shared_workers_draw_a_screens_picture_and_come_back_after_a_kill() -> None:
    CACHE.clear()
    screen = Screen(1, "Speed", picture=SPEED, look="four_colour")
    assert await screens.png_of(screen) == fresh(SPEED, "four_colour")
    old = screens.workers().pids()
    for pid in old:
        os.kill(pid, signal.SIGKILL)
    await gone(old)
    CACHE.clear()
    assert await screens.png_of(screen) == fresh(SPEED, "four_colour")


@pytest.mark.slow  # a bot process started and killed
def test_workers_leave_when_the_bots_process_is_killed() -> None:
    script = textwrap.dedent(
        """
        import asyncio, os, signal
        from adapters.pictures import screens

        async def main():
            await screens.warm_up()
            print(" ".join(str(pid) for pid in screens.workers().pids()), flush=True)
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
