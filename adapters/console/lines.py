"""Where typed lines come from. A source reads one line after a prompt (EOFError at the end of
input; Ctrl-C raises KeyboardInterrupt, or Interrupted from prompt_toolkit), and says how output
must be written while it reads.

- `PipedLines`: input that is not a terminal (a pipe, a file, a test). The prompt and the line
  are echoed, so the output reads like a session.
- `PromptLines`: a terminal, through prompt_toolkit: the prompt and what you are typing stay at
  the bottom while screens are printed above them (`patch_stdout`).
- `ThreadLines`: a terminal whose output is not one (`cardbot play | tee log`): a plain reader
  thread, so the game goes on while you type.
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
import threading
from collections.abc import Iterator
from typing import TYPE_CHECKING, Protocol, TextIO

if TYPE_CHECKING:
    from prompt_toolkit.input import Input
    from prompt_toolkit.output import Output

ECHO_LIMIT = 60


class Interrupted(Exception):
    """Ctrl-C at the prompt: an ordinary exception, so that it leaves the reading task like any other."""


class Lines(Protocol):
    async def read(self, prompt: str) -> str: ...

    def printing(self) -> contextlib.AbstractContextManager[object]:
        """Hold this while the game runs: output then goes where it does not garble the input."""
        ...


class PipedLines:
    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None) -> None:
        self._inp = inp
        self._out = out

    async def read(self, prompt: str) -> str:
        out = self._out or sys.stdout
        out.write(prompt)
        out.flush()
        line = (self._inp or sys.stdin).readline()
        if not line:
            out.write("\n")
            raise EOFError
        line = line.rstrip("\r\n")
        out.write(printable(line) + "\n")
        return line

    def printing(self) -> contextlib.AbstractContextManager[object]:
        return contextlib.nullcontext()


class PromptLines:
    def __init__(self, input: Input | None = None, output: Output | None = None) -> None:
        from prompt_toolkit import PromptSession

        self._session: PromptSession[str] = PromptSession(input=input, output=output)

    async def read(self, prompt: str) -> str:
        try:
            return await self._session.prompt_async(prompt)
        except KeyboardInterrupt:
            raise Interrupted from None

    def printing(self) -> contextlib.AbstractContextManager[object]:
        from prompt_toolkit.patch_stdout import patch_stdout

        return patch_stdout()


class ThreadLines:
    def __init__(self, inp: TextIO | None = None, out: TextIO | None = None) -> None:
        self._inp = inp
        self._out = out
        self._queue: asyncio.Queue[str | None] | None = None

    async def read(self, prompt: str) -> str:
        if self._queue is None:
            self._queue = asyncio.Queue()
            reader = threading.Thread(target=self._pump, args=(asyncio.get_running_loop(), self._queue), daemon=True)
            reader.start()
        out = self._out or sys.stdout
        out.write(prompt)
        out.flush()
        line = await self._queue.get()
        if line is None:
            self._queue.put_nowait(None)  # and at every later read
            raise EOFError
        return line

    def _pump(self, loop: asyncio.AbstractEventLoop, queue: asyncio.Queue[str | None]) -> None:
        with contextlib.suppress(RuntimeError, OSError, ValueError):  # the loop or the input closed
            for line in _lines(self._inp or sys.stdin):
                loop.call_soon_threadsafe(queue.put_nowait, line.rstrip("\r\n"))
            loop.call_soon_threadsafe(queue.put_nowait, None)

    def printing(self) -> contextlib.AbstractContextManager[object]:
        return contextlib.nullcontext()


def _lines(stream: TextIO) -> Iterator[str]:
    return iter(stream.readline, "")


def printable(line: str) -> str:
    shown = "".join(ch if ch.isprintable() else "?" for ch in line[:ECHO_LIMIT])
    return shown + "…" if len(line) > ECHO_LIMIT else shown
