"""Lines in and out. Piped input is echoed after the prompt, so a transcript reads like a session."""

from __future__ import annotations

import sys
from typing import TextIO

ECHO_LIMIT = 60


class Terminal:
    def __init__(self, inp: TextIO, out: TextIO) -> None:
        self.inp = inp
        self.out = out
        self.interactive = _isatty(inp) and inp is sys.stdin and out is sys.stdout

    def say(self, *lines: str) -> None:
        for line in lines:
            self.out.write(line + "\n")
        self.out.flush()

    def ask(self, prompt: str) -> str:
        """One line of input without its line ending; EOFError at the end of input."""
        if self.interactive:
            return input(prompt)
        self.out.write(prompt)
        self.out.flush()
        line = self.inp.readline()
        if not line:
            self.out.write("\n")
            raise EOFError
        line = line.rstrip("\r\n")
        self.out.write(_printable(line) + "\n")
        return line


def _printable(line: str) -> str:
    shown = "".join(ch if ch.isprintable() else "?" for ch in line[:ECHO_LIMIT])
    return shown + "…" if len(line) > ECHO_LIMIT else shown


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
