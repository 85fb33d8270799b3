"""The picture cache's evening (bench/evening.py) runs: a tiny one, facts only, no timing asserts."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from adapters.pictures.render import CACHE
from bench import evening

pytestmark = pytest.mark.slow  # the benchmarks run whole, small


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    yield
    CACHE.clear()  # the bench fills the shared cache: leave it as other tests expect it


def test_one_chat_plays_one_game_of_each_and_its_pictures_add_up(capsys: pytest.CaptureFixture[str]) -> None:
    f = evening.main(["--chats", "1", "--games", "1", "--seed", "3"])
    assert dict(f.games) == {"svolota": 1, "speed": 1, "racing_demon": 1} and f.unfinished == 0
    assert f.refused["svolota"] == 0  # only real-time races are lost
    assert f.requests > 0 and f.text_look == 0  # the first chat's look is classic
    assert f.hits + f.misses == f.requests == len(f.keys) == sum(f.requests_by.values())
    assert (f.hits, f.misses) == (CACHE.hits, CACHE.misses)
    assert 0 <= f.hit_rate <= f.unbounded_rate <= 1
    assert 0 < f.distinct <= f.misses <= f.requests
    assert f.distinct_pngs <= f.distinct and f.distinct_pngs <= f.changed <= f.requests
    assert {kind for kind in f.requests_by} <= set(evening.MISS_KINDS)
    assert f.requests_by["podium"] > 0 and f.peak_bytes > 0
    assert all(evening.lru_hits(f.keys, size) <= f.requests - f.distinct for size in evening.CACHE_SIZES)
    out = capsys.readouterr().out
    assert "hit rate" in out and "Telegram uploads" in out and "podium" in out


def test_a_text_chat_draws_nothing() -> None:
    f = evening.evening(seed=2, chats=1, games=1, looks=["text"])
    assert f.games.total() == 3
    assert f.with_picture == f.text_look > 0  # its screens describe pictures ...
    assert f.requests == f.hits == f.misses == f.peak_bytes == 0  # ... that are not drawn


def test_lru_replay() -> None:
    assert evening.lru_hits([1, 2, 1, 3, 1, 2], 2) == 2  # the second 1 and the third; 2 was pushed out by 3
    assert evening.lru_hits([1, 2, 1], 1) == 0
    assert evening.lru_hits([1, 1, 1], 1) == 2
