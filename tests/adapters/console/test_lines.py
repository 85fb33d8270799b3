"""Sources of typed lines: piped input is echoed; a reader thread serves a terminal whose output
is not one."""

from __future__ import annotations

import asyncio
import io

import pytest

from adapters.console.lines import PipedLines, ThreadLines, printable


def test_piped_lines_are_echoed_after_the_prompt_and_end_with_eof():
    out = io.StringIO()
    lines = PipedLines(io.StringIO("8h 8c\r\n" + "x" * 100 + "\n\x1b[2J"), out)

    async def read_all() -> list[str]:
        got = [await lines.read("> ") for _ in range(3)]
        with pytest.raises(EOFError):
            await lines.read("> ")
        return got

    assert asyncio.run(read_all()) == ["8h 8c", "x" * 100, "\x1b[2J"]
    assert out.getvalue() == "> 8h 8c\n> " + "x" * 60 + "…\n> ?[2J\n> \n"


def test_a_reader_thread_passes_lines_on_until_the_end_of_input():
    out = io.StringIO()
    lines = ThreadLines(io.StringIO("1\nquit\n"), out)

    async def read_all() -> list[str]:
        got = [await lines.read("> "), await lines.read("> ")]
        for _ in range(2):  # the end stays the end
            with pytest.raises(EOFError):
                await lines.read("> ")
        return got

    assert asyncio.run(read_all()) == ["1", "quit"]
    assert out.getvalue() == "> " * 4


def test_what_cannot_be_shown_is_replaced():
    assert printable("a\tb\x00") == "a?b?"
