"""Each distinct picture is drawn once: the cache key is (description, deck), and the cache stays
within its bound, dropping the least recently used first."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator

import pytest

from adapters.pictures import render as rendering
from adapters.pictures import samples
from adapters.pictures.render import CACHE, PictureCache, render
from bot.ui.picture import Hand


@pytest.fixture(autouse=True)
def _empty_cache() -> Iterator[None]:
    CACHE.clear()
    yield
    CACHE.clear()


def test_the_same_description_is_drawn_once(monkeypatch: pytest.MonkeyPatch) -> None:
    drawn = []
    real = rendering.draw
    monkeypatch.setattr(rendering, "draw", lambda picture, deck="classic": drawn.append(picture) or real(picture, deck))
    first = render(samples.SPEED)
    again = render(dataclasses.replace(samples.SPEED))  # equal, not the same object
    assert again is first
    assert len(drawn) == 1
    assert (CACHE.hits, CACHE.misses) == (1, 1)


def test_the_deck_is_part_of_the_key() -> None:
    classic = render(samples.HAND, "classic")
    four = render(samples.HAND, "four_colour")
    assert classic != four
    assert (CACHE.hits, CACHE.misses) == (0, 2)


def test_a_different_description_is_a_miss() -> None:
    render(Hand(("2S", "3S")))
    render(Hand(("2S", "4S")))
    assert (CACHE.hits, CACHE.misses) == (0, 2)


def test_the_cache_stays_bounded() -> None:
    cache = PictureCache(maxsize=3)
    hands = [Hand((f"{rank}H",)) for rank in range(2, 8)]
    for hand in hands:
        cache.put((hand, "classic"), b"png")
    assert len(cache) == 3
    assert cache.get((hands[0], "classic")) is None  # the oldest went first
    assert cache.get((hands[-1], "classic")) == b"png"


def test_a_hit_keeps_a_picture_longest() -> None:
    cache = PictureCache(maxsize=2)
    a, b, c = (Hand((text,)) for text in ("2H", "3H", "4H"))
    cache.put((a, "classic"), b"a")
    cache.put((b, "classic"), b"b")
    assert cache.get((a, "classic")) == b"a"  # a is now the most recently used
    cache.put((c, "classic"), b"c")
    assert cache.get((b, "classic")) is None
    assert cache.get((a, "classic")) == b"a"
    assert (cache.hits, cache.misses) == (2, 1)


def test_the_shared_cache_is_bounded() -> None:
    assert 0 < CACHE.maxsize <= 1024
    for rank in range(2, 11):
        for suit in "SHDC":
            render(Hand((f"{rank}{suit}",)))
    assert len(CACHE) == min(CACHE.maxsize, 36)
