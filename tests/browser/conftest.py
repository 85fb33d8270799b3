"""The browser suites' tests are `async def` with a time limit (tests/adapters/conftest.py), and need
Debian's Chromium (skipped without it, except in CI).

They share one event loop and one browser per worker: launching Playwright and Chromium costs about
1.5 s of CPU, more than most of these tests. Each page gets a browser context of its own (its own
cookies, storage and viewport), as Playwright advises for isolated tests; `Live` closes the
contexts, and stops its web server, when the test ends."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from typing import Any

import pytest

from tests.adapters.conftest import _close, pytest_configure, pytest_pyfunc_call
from tests.browser.live import BROWSER, launched, need_chromium

__all__ = ["pytest_configure", "pytest_pyfunc_call"]


@pytest.fixture(scope="session")
def aio_loop() -> Iterator[asyncio.AbstractEventLoop]:
    """The browser tests' event loop, one per worker: the shared browser lives in it."""
    loop = asyncio.new_event_loop()
    yield loop
    _close(loop)


@pytest.fixture(scope="session")
def browser(aio_loop: asyncio.AbstractEventLoop) -> Iterator[Any]:
    if not BROWSER.exists():
        yield None  # `_chromium` skips (or fails) every test first
        return
    playwright, launched_browser = aio_loop.run_until_complete(launched())
    yield launched_browser
    aio_loop.run_until_complete(launched_browser.close())
    aio_loop.run_until_complete(playwright.stop())


@pytest.fixture(autouse=True)
def _chromium(aio_loop: asyncio.AbstractEventLoop) -> None:
    need_chromium()
