"""A screen's picture for an adapter: whether it is shown at all, and its PNG bytes, drawn in a
worker process.

A screen is shown as a picture when its audience's look is a deck (not "text") and it describes
one; anything else, and a picture that could not be drawn (logged), goes out as text: a
renderer failure never costs a board.

Why a process: drawing takes a few milliseconds of CPU (a board about 10 ms, bench/pictures.py),
most of it holding Python's GIL, so in a thread of the bot's own process it would hold up the event
loop (each press's answer waited for the drawing of the last move's pictures: the answer took 3x as
long in bench/telegram.py). The workers (`WORKERS`, one on a two-core machine) are started on the
first picture and draw one picture per call; the PNGs are kept here, in CACHE (each distinct
picture drawn once). A worker that dies is replaced on the next picture; one whose bot process
died (killed) leaves within a second. The first picture of
each deck loads fonts and cards for about half a second: `warm_up` does that when an adapter starts.
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from adapters.pictures.decks import DECKS
from adapters.pictures.render import CACHE, fresh
from adapters.pictures.samples import HAND
from bot.ui.picture import Picture
from bot.ui.screen import TEXT, Screen

log = logging.getLogger(__name__)

WORKERS = max(1, min(2, (os.cpu_count() or 2) - 1))  # leave a core to the event loop and the database
PARENT_CHECK = 1.0  # seconds between a worker's looks at whether the bot's process is still there
_pool: ProcessPoolExecutor | None = None


def wanted(screen: Screen) -> bool:
    """Whether the screen's audience wants it as a picture (and it has one)."""
    return screen.picture is not None and screen.look != TEXT


async def png_of(screen: Screen) -> bytes | None:
    """The screen's picture as PNG bytes (None: show the text)."""
    if screen.picture is None or screen.look not in DECKS:
        return None
    try:
        return await drawn(screen.picture, screen.look)
    except Exception:  # a picture the renderer cannot draw: the text still goes out
        log.exception("could not draw the picture of table %s", screen.table_id)
        return None


async def drawn(picture: Picture, deck: str) -> bytes:
    """The picture as PNG bytes: from CACHE, else drawn by a worker process."""
    key = (picture, deck)
    png = CACHE.get(key)
    if png is None:
        png = await _in_worker(picture, deck)
        CACHE.put(key, png)
    return png


def digest(png: bytes) -> str:
    """A picture's content hash: the key under which a platform's file id for it is kept."""
    return hashlib.sha256(png).hexdigest()[:32]


async def warm_up() -> None:
    """Start the workers and load each deck's fonts and cards in them (the first picture would
    otherwise take half a second of a person's press)."""
    try:
        await asyncio.gather(*(_in_worker(HAND, deck) for deck in DECKS for _ in range(WORKERS)))
    except Exception as e:  # the first real picture tries again
        log.warning("could not start drawing pictures: %r", e)


async def _in_worker(picture: Picture, deck: str) -> bytes:
    global _pool
    if _pool is None:
        # "spawn": a fresh interpreter, not a fork of one running an event loop and threads
        spawn = multiprocessing.get_context("spawn")
        _pool = ProcessPoolExecutor(WORKERS, mp_context=spawn, initializer=_watch_parent, initargs=(os.getpid(),))
    pool = _pool
    try:
        return await asyncio.get_running_loop().run_in_executor(pool, fresh, picture, deck)
    except BrokenProcessPool:
        if _pool is pool:
            _pool = None  # a worker died (killed, out of memory): new ones for the next picture
        raise


def _watch_parent(parent: int) -> None:
    """In a worker: leave when the bot's process is gone. A process killed outright closes nothing
    a worker waits on (it holds its own end of the queue), so the worker would live on, orphaned."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()
