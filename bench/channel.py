"""A fake server in a process of its own, and the pipe between it and the bot's process.

The press benchmarks (bench/telegram.py, bench/discord.py) run the fake platform and the people
pressing in a child process, so that the fake's work (parsing requests, multipart picture uploads,
its world) does not load the bot's process and event loop, as Telegram's and Discord's servers do
not. The child drives; the bot's process answers what only it knows (is every redraw done, which
message shows a screen) and switches between the bot and the no-op handler when asked.

Both ends use `time.monotonic()`: on Linux it is the system-wide CLOCK_MONOTONIC, so a time taken
in one process can be subtracted from one taken in the other.
"""

from __future__ import annotations

import asyncio
import multiprocessing
from collections.abc import Awaitable, Callable
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

DONE = "done"  # the child's last message: its figures; the bot's end stops serving


class Channel:
    """One end of a duplex pipe, read without blocking the event loop (the loop watches the pipe)."""

    def __init__(self, connection: Connection) -> None:
        self.connection = connection

    def send(self, message: Any) -> None:
        self.connection.send(message)

    async def receive(self, timeout: float = 120.0) -> Any:
        """The next message; EOFError when the other process has gone."""
        if not self.connection.poll():
            loop = asyncio.get_running_loop()
            readable = loop.create_future()

            def ready() -> None:
                if not readable.done():
                    readable.set_result(None)

            loop.add_reader(self.connection.fileno(), ready)
            try:
                await asyncio.wait_for(readable, timeout)
            finally:
                loop.remove_reader(self.connection.fileno())
        return self.connection.recv()

    async def ask(self, *request: Any) -> Any:
        """Send a request to the other end and wait for its answer."""
        self.send(request)
        return await self.receive()

    async def serve(self, handlers: dict[str, Callable[..., Awaitable[Any]]]) -> Any:
        """Answer the other end's requests (`(name, *args)`) until it sends DONE; returns what came with it."""
        while True:
            name, *args = await self.receive()
            if name == DONE:
                return args[0] if args else None
            self.send(await handlers[name](*args))


def start_child(target: Callable[..., None], *args: Any) -> tuple[BaseProcess, Channel]:
    """`target(connection, *args)` in a new process (spawned: nothing of this process's loop or
    sockets is inherited), and this end of its pipe."""
    mine, theirs = multiprocessing.get_context("spawn").Pipe(duplex=True)
    process = multiprocessing.get_context("spawn").Process(target=target, args=(theirs, *args), daemon=True)
    process.start()
    theirs.close()  # the child's end lives in the child: its exit then reads as EOF here
    return process, Channel(mine)


def stop_child(process: BaseProcess, timeout: float = 10.0) -> None:
    process.join(timeout)
    if process.is_alive():
        process.terminate()
        process.join(timeout)
