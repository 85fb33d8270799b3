"""bench/discord.py runs: tiny sizes, no timing asserts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench import discord

pytestmark = pytest.mark.slow  # the benchmarks run whole, small


def test_press_latency_times_the_bot_and_the_noop_client(tmp_path: Path) -> None:
    """The fake Discord in a process of its own, the bot and the no-op client in this one."""
    figures = asyncio.run(discord.press_latency(tmp_path, moves=4, tables=2, rounds=2, warmup=1, look="text"))
    assert len(figures.noop_answer) == len(figures.noop_edit) == len(figures.noop_handler) == 4
    assert len(figures.answer) == len(figures.board) == len(figures.panel) == len(figures.handle) == 4
    for press in range(4):
        assert 0 < figures.noop_handler[press] < figures.noop_answer[press] < figures.noop_edit[press]
        assert 0 < figures.answer[press] < figures.handler[press] < figures.panel[press]  # deferred first
    assert figures.refused == 0


def test_main_prints_both_ratios(capsys: pytest.CaptureFixture[str]) -> None:
    discord.main(["--moves", "2", "--tables", "1", "--rounds", "1", "--warmup", "0"])
    out = capsys.readouterr().out
    assert "bot / no-op (acknowledgement)" in out and "bot / no-op (the panel's edit" in out
