"""bench/service.py runs: the cost of a move against its SQL replayed bare, and the throughput run,
on SQLite and PostgreSQL, tiny sizes; no timing asserts."""

from __future__ import annotations

from pathlib import Path

import pytest

from bench import service
from tests.sql.databases import fresh_url

pytestmark = pytest.mark.slow  # the benchmarks run whole, small


def test_a_move_costs_more_than_its_own_sql_replayed(db_kind: str, tmp_path: Path) -> None:
    figures = service.cost_figures(fresh_url(db_kind, tmp_path / "run"), fresh_url(db_kind, tmp_path / "replay"), 3, 20)
    assert figures["moves"] >= 20
    assert figures["floor p50"] > 0 and 0 < figures["service p50"] <= figures["service p99"]
    assert figures["statements per move"] >= 1  # at least the move itself (SQLite plays from its own copy)
    assert figures["ratio"] > 0


def test_the_replay_runs_the_recorded_statements_in_order(tmp_path: Path) -> None:
    """Replayed on a database migrated the same way, every recorded statement succeeds (a replay
    out of order or on the wrong start would break a version check or a key)."""
    import asyncio

    from adapters.sql.startup import open_store

    run = asyncio.run(service.cost(fresh_url("sqlite", tmp_path / "run"), 3, 10))
    again = fresh_url("sqlite", tmp_path / "replay")
    asyncio.run(open_store(again).close())
    took = service.replay(again, run.recorded)
    assert len(took) == len(run.recorded) and all(t >= 0 for t in took)
    updates = [sql for tx in run.recorded for sql, _, _ in tx if sql.startswith("UPDATE tables")]
    assert updates, "moves were recorded"


def test_the_throughput_run_persists_moves_without_errors(db_kind: str, tmp_path: Path) -> None:
    figures = service.throughput_figures(fresh_url(db_kind, tmp_path), 6, 2.0)
    assert figures["errors"] == 0, figures["messages"]
    assert figures["moves/s"] > 0 and figures["press p50"] > 0 and figures["fire p50"] > 0


def test_main_prints_both_parts_for_a_store(capfd: pytest.CaptureFixture[str]) -> None:
    args = ["--store", "sqlite", "--rounds", "1", "--tables", "6", "--seconds", "2", "--cost-tables", "3"]
    assert service.main([*args, "--cost-moves", "10"]) == 0
    out = capfd.readouterr().out
    for line in (
        "sqlite store, 1 round ",
        "through the service: p50",
        "replayed bare (floor)",
        "service / floor",
        "moves persisted:",
        "press to answer:",
        "errors: 0",
    ):
        assert line in out, (line, out)
