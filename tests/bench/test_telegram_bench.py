"""bench/telegram.py runs: tiny sizes, no timing asserts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from adapters.pictures.render import CACHE
from adapters.pictures.workers import Workers
from bench import press_timeline, telegram
from bot.service import Service

handle, draw = Service.handle, Workers.draw

pytestmark = pytest.mark.slow  # the benchmarks run whole, small


def test_move_latency_times_the_bot_and_the_noop_handler(tmp_path: Path) -> None:
    """The fake in a process of its own, the bot in this one: the times from either side fit (with
    pictures: the text look only leaves them out)."""
    figures = asyncio.run(telegram.move_latency(tmp_path, moves=4, tables=2, rounds=2, warmup=1, poll_timeout=1))
    assert len(figures.noop_answer) == len(figures.noop_handler) == 4
    assert len(figures.answer) == len(figures.board) == len(figures.panel) == len(figures.handle) == 4
    for press in range(4):
        assert 0 < figures.noop_handler[press] < figures.noop_answer[press]
        assert 0 < figures.handler[press] < figures.answer[press] < figures.board[press]
    assert figures.refused == 0
    assert sorted(figures.going_on + figures.last_move) == sorted(figures.answer)


@pytest.mark.parametrize("game, players", [("svolota", 3), ("racing_demon", 2)])
def test_group_pace_counts_the_group_writes(tmp_path: Path, game: str, players: int) -> None:
    pace = asyncio.run(telegram.group_pace(tmp_path, game, players, scale=60, minutes=0.1, max_minutes=0.3))
    assert pace.writes and pace.sent >= 1 and pace.sent + pace.edited == len(pace.writes)
    assert pace.asked > 0 and pace.games + pace.cut >= 1
    assert 0 < pace.busiest <= len(pace.writes) and sum(pace.per_minute) == len(pace.writes)


def test_main_prints_both_parts(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--moves", "2", "--tables", "1", "--rounds", "1", "--warmup", "0", "--poll-timeout", "1"]
    telegram.main([*args, "--scale", "60", "--minutes", "0.05", "--max-minutes", "0.2"])
    out = capsys.readouterr().out
    assert "bot / no-op (answer)" in out
    assert "svolota" in out and "racing_demon" in out


def test_the_press_timeline_times_each_presss_drawings_and_database_calls(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    CACHE.clear()  # (pictures drawn by an earlier test would not be drawn again)
    timeline = press_timeline.Timeline()
    timeline.watch()
    try:
        asyncio.run(telegram.move_latency(tmp_path, moves=4, tables=2, rounds=2, warmup=1, poll_timeout=1))
    finally:
        timeline.restore()
    assert Service.handle is handle and Workers.draw is draw  # put back
    calls = [kind for press in timeline.presses for kind, began, ended in press if 0 <= began <= ended]
    assert any(c.startswith("draw ") for c in calls) and "database: claim" in calls
    timeline.report()
    assert "database: claim #1" in capsys.readouterr().out
