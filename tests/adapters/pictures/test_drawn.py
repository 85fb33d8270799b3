"""A picture asked for while it is being drawn (adapters/pictures/screens.py `drawn`): the drawing
under way is waited for, not started again, and whoever stops waiting leaves it to the others."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest

from adapters.pictures import screens
from adapters.pictures.render import CACHE
from adapters.pictures.samples import HAND
from bot.ui.picture import Picture


class SlowWorkers:
    """Draws a picture as its description, once let go."""

    def __init__(self) -> None:
        self.asked: list[Picture] = []
        self.go = asyncio.Event()

    async def draw(self, picture: Picture, deck: str) -> bytes:
        self.asked.append(picture)
        await self.go.wait()
        return repr((picture, deck)).encode()


@pytest.fixture
def slow(monkeypatch: pytest.MonkeyPatch) -> Iterator[SlowWorkers]:
    workers = SlowWorkers()
    monkeypatch.setattr(screens, "_workers", workers)
    CACHE.clear()
    yield workers
    CACHE.clear()


async def test_a_picture_asked_for_twice_while_drawn_is_drawn_once(slow: SlowWorkers) -> None:
    first = asyncio.ensure_future(screens.drawn(HAND, "classic"))
    second = asyncio.ensure_future(screens.drawn(HAND, "classic"))
    await asyncio.sleep(0.01)
    first.cancel()  # (one stops waiting: a writer whose screen was replaced)
    slow.go.set()
    assert await second == repr((HAND, "classic")).encode()
    assert slow.asked == [HAND]
    assert await screens.drawn(HAND, "classic") == await second and slow.asked == [HAND]  # then from CACHE
    assert await screens.drawn(HAND, "four_colour") is not None and len(slow.asked) == 2  # another deck
