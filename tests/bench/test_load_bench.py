"""bench/load.py runs: a few tables on SQLite and on PostgreSQL under the real scheduler and clock,
and its command line with a restart; no timing asserts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench import load
from bot.deadlines import Deadline
from bot.firing import Firing
from tests.sql.databases import fresh_url

pytestmark = pytest.mark.slow  # the benchmarks run whole, small


def test_every_table_moves_on_without_errors(db_kind: str, tmp_path: Path) -> None:
    figures = asyncio.run(load.run(fresh_url(db_kind, tmp_path), 6, 3.0))
    assert figures.errors == 0, figures.messages
    assert figures.progressed + figures.finished_before == 6 and figures.stalled == 0
    assert figures.moves_by["person"] > 0 and figures.moves_by["computer"] > 0
    assert len(figures.presses) > 0 and figures.fired["window"] > 0 and len(figures.lateness) > 0
    assert len(figures.lag) > 100 and figures.max_lag_all < 1.0
    assert figures.restart_press is not None


def test_main_prints_the_figures_and_exits_0(capfd: pytest.CaptureFixture[str]) -> None:
    """One run in this process, the restart in a process of its own (its lines through the same stdout)."""
    assert load.main(["--store", "sqlite", "--tables", "6", "--seconds", "2", "--restart-tables", "6"]) == 0
    out = capfd.readouterr().out
    for line in (
        "sqlite store: 6 tables",
        "  moves: ",
        "/s of wall time",
        "  presses: ",
        "  deadlines fired: ",
        "; firing lanes 4",
        "  CPU: ",
        "  event-loop lag ",
        "  progress: ",
        "  errors: 0 ",
        "  memory per table: ",
        "sqlite restart: 6 open tables",
        "  ready (first press answered): ",
        "  restore finished: ",
        "first tick batch ran: ",
    ):
        assert line in out, (line, out)
    assert "stalled 0" in out and out.count("errors: 0") == 2


def test_an_error_is_counted_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    fire = Firing.fire
    calls = 0

    async def failing_once(self: Firing, deadline: Deadline) -> int | None:
        nonlocal calls
        calls += 1
        if calls == 5:
            raise RuntimeError("a broken deadline")
        return await fire(self, deadline)

    monkeypatch.setattr(Firing, "fire", failing_once)
    assert load.main(["--store", "sqlite", "--tables", "3", "--seconds", "2", "--restart-tables", "0"]) == 1
    out = capsys.readouterr().out
    assert "exceptions 1" in out and "a broken deadline" in out
