"""bench/web.py runs at tiny sizes: every tap is seen, every socket opens and every watcher gets
every update; no timing asserts."""

from __future__ import annotations

import asyncio

import pytest

from bench import web

pytestmark = pytest.mark.slow  # the benchmarks run whole, small


def test_the_live_table_bench_runs_and_every_watcher_gets_every_update() -> None:
    figures = asyncio.run(web.run(sockets=12, tables=4, taps=15, latency_tables=2, crowd_updates=2))
    assert figures["taps"] == 15 and 0 < figures["tap p50"] <= figures["tap p99"]
    assert figures["watchers"] == 12  # every spectator attached, on its table
    assert figures["crowd updates"] == 2
    assert 0 < figures["fan-out p50"] <= figures["fan-out p99"]
    assert 0 <= figures["sent p50"] <= figures["fan-out p99"]


def test_the_report_prints_a_compact_table(capsys) -> None:
    figures = asyncio.run(web.run(sockets=4, tables=2, taps=3, latency_tables=1, crowd_updates=1))
    web.report(figures)
    out = capsys.readouterr().out
    assert "tap to update" in out and "watchers on one table" in out and "KiB a socket" in out
