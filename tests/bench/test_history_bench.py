"""bench/history.py runs: a tiny seeded history on SQLite and PostgreSQL, every read timed and
explained; no timing asserts."""

from __future__ import annotations

import pytest

from bench import history
from tests.sql.databases import need

pytestmark = pytest.mark.slow  # the benchmarks run whole, small


def test_the_bench_seeds_times_and_explains_each_read(db_kind: str, capsys: pytest.CaptureFixture[str]) -> None:
    need(db_kind)
    args = ["--store", db_kind, "--games", "60", "--players", "20", "--groups", "3", "--calls", "5", "--explain"]
    assert history.main(args) == 0
    out = capsys.readouterr().out
    name = "sqlite" if db_kind == "sqlite" else "postgresql"
    assert f"{name}: seeded 60 games" in out
    for read in ("player", "chat, all time", "chat, season"):
        assert read in out
    assert "ix_results_person" in out  # the plans are printed, with the indexes they use
