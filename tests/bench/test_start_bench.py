"""bench.start runs the real `cardbot telegram` and a no-op PTB application on a fake Bot API, and
prints each one's start with the ratio, then the imports with the collector on and held."""

from __future__ import annotations

import re

import pytest

from bench import start

pytestmark = pytest.mark.slow  # bot processes started, each ~1.5 s of CPU


def test_the_bench_starts_both_and_prints_each_figure(capsys: pytest.CaptureFixture[str]) -> None:
    assert start.main(["--starts", "1"]) == 0
    out = capsys.readouterr().out
    for row in (start.NOOP, start.BOT):
        assert re.search(rf"^  {re.escape(row)} +\d+\.\d\d s \(.*\) +\d+\.\d\d s \(", out, re.M), out
    assert re.search(r"cardbot ÷ no-op \(medians\) +\d+\.\d\d× +\d+\.\d\d×", out), out
    collections = dict(re.findall(r"^  collector (on|held) .* (\d+) collections$", out, re.M))
    assert int(collections["held"]) < 50 < int(collections["on"]), out  # (Python's own start runs ~16)
    assert re.search(r"held ÷ on \(medians\): \d\.\d\d×", out), out
