"""The drawing processes: a picture is drawn in a worker process, within a time limit, and workers
that are stuck or dead are replaced at once.

A drawing that takes longer than its limit (CARDBOT_PICTURE_TIMEOUT, 2 s; a board takes about
10 ms) finds a worker stuck: stopped (SIGSTOP, a debugger), starved or looping. It comes back as
None (its screen goes out as text), and the workers are killed (SIGKILL: a stopped process acts
on no other signal until it is continued) and new ones started at once, so that no later picture
waits behind it. The drawings that were queued behind it come back as None too. A worker that dies
(killed, out of memory) breaks its pool: the first drawing that meets the broken pool starts a new
one and is drawn there (the crash came from outside, most likely; a second one in a row, and it
comes back as None). Each replacement is one warning line in the log, without a traceback.

Workers are forked from a fork server (multiprocessing's "forkserver"): a fresh interpreter, started
once per bot process, that never runs an event loop or a thread, and that has read which characters
each font has (faces.py) and drawn each deck's cards and palette before it forks anyone
(preload.py). A worker forked from it starts with all that in memory: a pool that replaces a stuck
one draws at once (`python -m bench.pictures`: 0.08 s to its first picture, where spawned workers,
which each loaded all that and imported the bot's main module again, took 0.72 s). Until a pool has
drawn with a deck, a drawing with it may still take START_LIMIT, not the drawing limit: the first
pool waits for the fork server's start. A slow start is not a stuck worker (else a busy machine
would kill each new pool before it drew anything). A pool started in place of another draws with
every deck at once (its warm-up; `warm_up` asks the same of the first one), so that the next board
does not wait for that.

A worker leaves as soon as the bot's process is gone, however it ended (`_watch`), and the fork
server leaves when the bot's process and every worker are gone.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import select
import threading
import time
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Final

from adapters.pictures import faces
from adapters.pictures.decks import DECKS
from adapters.pictures.render import fresh
from adapters.pictures.samples import HAND
from bot.ui.picture import Picture

log = logging.getLogger(__name__)

START_LIMIT: Final = 30.0  # seconds a new pool may take to start: under 1 s idle, 15 s seen on a crowded machine
PRELOAD: Final = "adapters.pictures.preload"  # what the fork server imports before it forks a worker
PARENT_CHECK: Final = 1.0  # seconds between a worker's looks at whether the bot's process is still there (no pidfd)


@dataclass(eq=False)
class Pool:
    """One generation of workers: their executor, the decks they have drawn with (loaded), their
    warm-up, and whether they were killed."""

    executor: ProcessPoolExecutor
    ready: set[str] = field(default_factory=set)
    warming: list[Future[bytes]] = field(default_factory=list)
    killed: bool = False
    started: bool = False

    def start(self, limit: float) -> None:
        """Fork a first worker and wait for it, at most `limit` seconds (in a thread: the first of a
        process waits for the fork server to load the fonts and decks, which must not stop the event
        loop). A pool that broke or is stuck meanwhile is met by the drawing that finds it."""
        with contextlib.suppress(BrokenProcessPool, RuntimeError, TimeoutError):
            self.executor.submit(os.getpid).result(timeout=limit)
        self.started = True

    def submit(self, picture: Picture, deck: str) -> Future[bytes]:
        future = self.executor.submit(fresh, picture, deck)
        future.add_done_callback(lambda drawn: self._drew(deck, drawn))
        return future

    def warm(self, count: int) -> None:
        """Have each worker load every deck, unless that is under way."""
        if not self.warming:
            self.warming = [self.submit(HAND, deck) for deck in DECKS for _ in range(count)]

    def _drew(self, deck: str, drawn: Future[bytes]) -> None:
        if not drawn.cancelled() and drawn.exception() is None:
            self.ready.add(deck)

    def processes(self) -> list[multiprocessing.process.BaseProcess]:
        # ProcessPoolExecutor names its processes only privately (3.14 adds kill_workers()).
        return list((getattr(self.executor, "_processes", None) or {}).values())

    def pids(self) -> list[int]:
        return [p.pid for p in self.processes() if p.pid is not None]

    def kill(self) -> None:
        """SIGKILL every worker; the executor's own thread then fails what they held
        (BrokenProcessPool) and reaps them."""
        self.killed = True
        for process in self.processes():
            with contextlib.suppress(OSError, ValueError):  # gone already, or closed
                process.kill()
        self.executor.shutdown(wait=False)  # no new work; what is pending fails as the pool breaks


class Workers:
    """`count` drawing processes; `timeout` seconds a drawing may take (its wait in the queue
    included) once they have drawn with its deck."""

    def __init__(self, count: int, timeout: float, start_limit: float = START_LIMIT) -> None:
        self.count = count
        self.timeout = timeout
        self.start_limit = start_limit
        self.replaced = 0  # pools killed or found broken, and started anew
        self._pool: Pool | None = None
        self._lock = threading.Lock()  # drawings may come from more than one event loop's thread

    def pids(self) -> list[int]:
        """The current workers' process ids (none before the first picture)."""
        return [] if self._pool is None else self._pool.pids()

    async def draw(self, picture: Picture, deck: str) -> bytes | None:
        """The picture as PNG bytes; None when no worker drew it in time (the text goes out)."""
        for _ in range(2):
            pool = await self._ready()
            limit = self.timeout if deck in pool.ready else self.start_limit
            try:
                drawing = _waited(pool.submit(picture, deck))
                if not (await asyncio.wait((drawing,), timeout=limit))[0]:
                    self._replace(pool, f"a picture took over {limit:g} s to draw")
                    return None
                return drawing.result()
            except BrokenProcessPool:
                if pool.killed:  # it waited behind the stuck drawing: no later than that one
                    return None
                self._replace(pool, "a drawing process died")
        return None

    async def warm_up(self) -> None:
        """Start the workers and wait until they have loaded every deck."""
        pool = await self._ready()
        pool.warm(self.count)
        warming = [_waited(f) for f in pool.warming]
        _, waiting = await asyncio.wait(warming, timeout=self.start_limit)
        if waiting:
            self._replace(pool, f"the drawing processes took over {self.start_limit:g} s to start")
        elif any(isinstance(f.exception(), BrokenProcessPool) for f in warming) and not pool.killed:
            self._replace(pool, "a drawing process died while starting")

    def close(self) -> None:
        """Kill the workers (they hold nothing worth waiting for) and reap them."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.kill()
            pool.executor.shutdown(wait=True)

    async def _ready(self) -> Pool:
        """The current pool, its first worker started off the event loop (`Pool.start`). A pool
        started in place of a stuck one (`_replace`) forks from the running fork server at once."""
        pool = self._current()
        if not pool.started:
            await asyncio.to_thread(pool.start, self.start_limit)
        return pool

    def _current(self) -> Pool:
        with self._lock:
            if self._pool is None:
                self._pool = self._started()
            return self._pool

    def _replace(self, pool: Pool, why: str) -> None:
        """Kill `pool` and start its successor, once however many drawings found it wanting."""
        with self._lock:
            if self._pool is not pool:
                return
            pids = pool.pids()
            pool.kill()
            self._pool = self._started()
            self._pool.warm(self.count)  # now, not in the next board's time
            self.replaced += 1
        log.warning("%s: drawing processes %s killed and replaced", why, pids or "(none)")

    def _started(self) -> Pool:
        # forked from the fork server (the module's docstring), not from this process, which runs
        # an event loop and threads
        server = multiprocessing.get_context("forkserver")
        server.set_forkserver_preload([PRELOAD])
        executor = ProcessPoolExecutor(self.count, mp_context=server, initializer=_start, initargs=(os.getpid(),))
        return Pool(executor)


def _waited(future: Future[bytes]) -> asyncio.Future[bytes]:
    """The drawing as an asyncio future that is never cancelled: cancelling a drawing still queued
    would make the executor's thread fail on it (and stop) when the pool breaks (CPython 3.11), and
    whatever it ends in counts as read: nobody may be waiting for it any more."""
    waited = asyncio.wrap_future(future)
    waited.add_done_callback(lambda f: f.cancelled() or f.exception())
    return waited


def _start(bot: int) -> None:
    """In a new worker, before its first drawing (within the start's limit, not a drawing's);
    `faces.load` has nothing left to do unless the fork server's preload failed."""
    _watch(bot)
    faces.load()


def _watch(bot: int) -> None:
    """In a worker: leave as soon as the bot's process `bot` is gone. A process killed outright
    closes nothing a worker waits on (it holds its own end of the queue, and the fork server's
    "alive" pipe, which keeps the server up while a worker lives), so the worker and the server
    would live on, orphaned. A pidfd becomes readable when its process ends, and names that process
    only, whatever pid is given out next; a kernel without pidfds (before 5.3) is asked each second."""
    try:
        pidfd = os.pidfd_open(bot)
    except ProcessLookupError:  # gone already
        os._exit(0)
    except OSError:
        pidfd = -1

    def watch() -> None:
        if pidfd >= 0:
            select.select([pidfd], [], [])
        else:
            while _alive(bot):
                time.sleep(PARENT_CHECK)
        os._exit(0)

    threading.Thread(target=watch, name="bot-watch", daemon=True).start()


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    return True
