"""bench/page.py runs at a tiny size in Chromium (the desktop browser, in its new headless mode):
the taps are each timed to the screen, the slowed loads draw the cards, and the weight counts the
page's own files; no timing asserts."""

from __future__ import annotations

import pytest

from bench import page
from tests.browser.live import CHROMIUM, need_chromium

pytestmark = pytest.mark.slow  # Chromium, and pages loaded over an emulated slow network


def test_the_page_bench_times_every_tap_and_loads_the_page_on_each_network(capsys: pytest.CaptureFixture[str]) -> None:
    need_chromium(CHROMIUM)  # (the desktop browser, as people have it)
    assert page.main(["--taps", "4", "--loads", "1"]) == 0
    out = capsys.readouterr().out
    assert "tap to confirmed on screen (4 moves, Racing Demon; " in out
    assert all(f"{name}, phone, CPU 4x slower (1 loads)" in out for name in page.NETWORKS)
    assert "KB gzipped" in out and out.count("target") == 2 + len(page.NETWORKS)
