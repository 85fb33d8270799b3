"""Quick match's bench (bench/quickmatch.py) runs: tiny, on both stores, facts only, no timing asserts."""

from __future__ import annotations

import pytest

from bench import quickmatch

pytestmark = pytest.mark.slow  # the benchmarks run whole, small


def test_a_small_crowd_is_all_seated_or_let_go_alike_on_both_stores(capsys: pytest.CaptureFixture[str]) -> None:
    memory, sqlite = quickmatch.main(["--people", "60", "--arrivals", "10", "--seed", "4"])
    for f in (memory, sqlite):
        assert f.people == 60 and f.seated + f.expired == 60 and f.seated > 0
        assert f.tables > 0 and len(f.waits) == f.seated and min(f.waits) >= 0
        assert len(f.join_opened) + len(f.join_waiting) == 60 and f.matcher_cpu and f.ticks
        assert f.burst_tables > 0 and f.burst_tick > 0  # a full queue at once is seated by one tick
    # the same arrivals, ratings and seed: the same tables on either store
    assert (memory.tables, memory.seated, memory.with_computers, memory.expired) == (
        sqlite.tables,
        sqlite.seated,
        sqlite.with_computers,
        sqlite.expired,
    )
    out = capsys.readouterr().out
    assert "matches/s" in out and "matcher CPU" in out and "sqlite" in out and "burst" in out
