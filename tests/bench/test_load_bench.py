"""bench/load.py runs: a few tables on SQLite and on PostgreSQL, no timing asserts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench import load
from bot.deadlines import Deadline
from bot.service import Service
from tests.sql.databases import fresh_url


def test_every_table_plays_to_the_end_without_errors(db_kind: str, tmp_path: Path) -> None:
    figures = asyncio.run(load.run(fresh_url(db_kind, tmp_path), 6))
    assert figures.errors == 0, figures.messages
    assert figures.finished == 6 and figures.unfinished == 0
    assert figures.moves == figures.moves_by.total() and figures.moves_by["person"] > 0
    assert figures.moves_by["computer"] > 0 and figures.game_seconds > 0
    assert len(figures.move_latency) >= figures.moves_by["person"] and len(figures.other_latency) > 0  # windows


def test_main_prints_the_figures_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert load.main(["--store", "sqlite", "--tables", "3"]) == 0
    out = capsys.readouterr().out
    assert "finished: 3/3" in out and "errors: 0 " in out and "memory per table" in out


def test_an_error_is_counted_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fire = Service.fire
    calls = 0

    async def failing_once(self: Service, deadline: Deadline) -> int:
        nonlocal calls
        calls += 1
        if calls == 5:
            raise RuntimeError("a broken deadline")
        return await fire(self, deadline)

    monkeypatch.setattr(Service, "fire", failing_once)
    assert load.main(["--store", "sqlite", "--tables", "3"]) == 1
    out = capsys.readouterr().out
    assert "exceptions 1" in out and "a broken deadline" in out
