"""The pictures benchmark runs: tiny sizes, no timing asserts."""

from __future__ import annotations

import pytest

from bench import pictures


@pytest.mark.slow  # a benchmark's smoke test, which starts pools of drawing processes: 2-3 s of CPU
def test_the_benchmark_reports_every_kind(capsys: pytest.CaptureFixture[str]) -> None:
    pictures.main(["--images", "2", "--moves", "2"])
    out = capsys.readouterr().out
    for kind in pictures.MAKERS:
        assert kind in out
    assert "worst p99" in out
    assert out.count("a Svolota move") == 2 and "a new pool of one drawing process" in out
    assert out.count("ms making its palette") == out.count("ms with it kept") == 2  # (each deck)
