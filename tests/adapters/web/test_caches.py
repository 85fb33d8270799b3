"""The live table's caches (cachetools): the used link nonces, remembered for a link's life, so a
link opens one session; and the gallery's pictures, the most recently shown kept."""

from __future__ import annotations

import logging

import pytest

from adapters.web import hub as hub_module
from adapters.web.hub import Hub
from adapters.web.views import Gallery
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.ui.picture import Hand, Picture

LINK_SECONDS = 900.0


def _hub(clock: FakeClock) -> Hub:
    store = MemoryStore()
    return Hub(bootstrap(store, RecordingNotifier(), clock), store, None, LINK_SECONDS, now=clock.now)


def test_a_nonce_is_used_once_for_as_long_as_a_link_lives():
    clock = FakeClock(1000.0)
    hub = _hub(clock)
    assert hub.use_nonce("n1")
    assert not hub.use_nonce("n1")
    clock.advance(LINK_SECONDS - 0.001)  # its link may still be good: still used
    assert not hub.use_nonce("n1")
    assert hub.use_nonce("n2")
    clock.advance(0.001)  # its link has expired by now (read_link refuses it): forgotten
    assert hub.use_nonce("n1")
    assert not hub.use_nonce("n2")


def test_when_too_many_links_are_in_use_new_ones_wait_and_none_is_forgotten_early(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
):
    monkeypatch.setattr(hub_module, "NONCES_KEPT", 3)
    clock = FakeClock(1000.0)
    hub = _hub(clock)
    for nonce in ("a", "b", "c"):
        assert hub.use_nonce(nonce)
        clock.advance(100)
    with caplog.at_level(logging.WARNING, logger="adapters.web.hub"):
        assert not hub.use_nonce("d")
    assert "no more until some expire" in caplog.text
    assert not hub.use_nonce("a") and not hub.use_nonce("b") and not hub.use_nonce("c")  # none evicted
    clock.advance(LINK_SECONDS - 300)  # "a" expired
    assert hub.use_nonce("d")
    assert not hub.use_nonce("d")


async def test_the_gallery_keeps_the_pictures_shown_most_recently():
    calls: list[Picture] = []

    async def draw(picture: Picture, deck: str) -> bytes:
        calls.append(picture)
        return f"{deck}:{picture}".encode()

    gallery = Gallery(draw, size=2)
    first, second, third = (Hand((f"{i}H",)) for i in range(2, 5))
    first_url = await gallery.url(first, "classic")
    second_url = await gallery.url(second, "classic")
    assert first_url is not None and second_url is not None
    assert await gallery.url(first, "classic") == first_url  # in a view again: the newest now
    await gallery.url(third, "classic")
    assert gallery.get(first_url[len("/pictures/") : -4]) is not None
    assert gallery.get(second_url[len("/pictures/") : -4]) is None
    assert await gallery.url(first, "classic") == first_url and len(calls) == 3  # not drawn again
    assert await gallery.url(second, "classic") == second_url and len(calls) == 4  # drawn again
