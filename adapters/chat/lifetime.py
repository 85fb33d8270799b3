"""A chat bot's process from start to stop, the same on every platform (`cardbot telegram`,
`cardbot discord`): start it, run until SIGINT or SIGTERM, or until its connection ends for good,
then stop it.

A signal while it is still trying to reach the platform (adapters/chat/connection.py) stops it
as cleanly as one an hour later: the start is cancelled, and whatever had started is stopped.
"""

from __future__ import annotations

import asyncio
import contextlib
import signal
from typing import Protocol


class Living(Protocol):
    async def start(self) -> None: ...

    async def ended(self) -> None:
        """Returns (or raises) when the bot's connection ends for good; else runs forever."""

    async def stop(self) -> None: ...


async def live_until_stopped(bot: Living) -> None:
    """Raises what the start or the connection's end raised (an `Unfixable`), after the stop."""
    stopping = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError):
            loop.add_signal_handler(sig, stopping.set)
    stopped = asyncio.create_task(stopping.wait())
    life = asyncio.create_task(_start_and_last(bot))
    try:
        await asyncio.wait({life, stopped}, return_when=asyncio.FIRST_COMPLETED)
    finally:
        stopped.cancel()
        life.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):  # its failure is raised below
            await life
        await bot.stop()
        for sig in (signal.SIGINT, signal.SIGTERM):
            with contextlib.suppress(NotImplementedError):
                loop.remove_signal_handler(sig)
    failure = None if life.cancelled() else life.exception()
    if failure is not None:
        raise failure


async def _start_and_last(bot: Living) -> None:
    await bot.start()
    await bot.ended()
