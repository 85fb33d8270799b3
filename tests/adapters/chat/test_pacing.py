"""A chat's pace: a few writes at once, the rest spread, never more than the limit in any period."""

from __future__ import annotations

import asyncio

import pytest

from adapters.chat.pacing import Pacer


class Time:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def test_a_burst_goes_at_once_then_writes_are_spread_over_the_period():
    time = Time()
    pacer = Pacer(20, 60, burst=5, now=time)
    for _ in range(5):
        assert pacer.delay("-1") == 0
        asyncio.run(pacer.take("-1"))
    assert pacer.delay("-1") == pytest.approx(4.0)  # 15 more a minute: one every 4 s
    assert pacer.delay("-2") == 0  # another chat has its own bucket
    time.now += 4
    assert pacer.delay("-1") == 0


def test_no_period_ever_holds_more_than_the_limit():
    time = Time()
    pacer = Pacer(20, 60, burst=5, now=time)
    writes: list[float] = []
    for _ in range(200):  # a writer that always wants to write, as soon as it may
        time.now += pacer.delay("-1")
        asyncio.run(pacer.take("-1"))
        writes.append(time.now)
    for i, start in enumerate(writes):
        assert sum(1 for w in writes[i:] if w < start + 60) <= 20


def test_a_burst_larger_than_the_limit_is_refused():
    with pytest.raises(ValueError):
        Pacer(20, 60, burst=21)
