"""The browser suites' tests are `async def`, run in their own event loop with a time limit
(tests/adapters/conftest.py), and need Debian's Chromium (skipped without it, except in CI)."""

from __future__ import annotations

import pytest

from tests.adapters.conftest import aio_loop, pytest_configure, pytest_pyfunc_call
from tests.browser.live import need_chromium

__all__ = ["aio_loop", "pytest_configure", "pytest_pyfunc_call"]


@pytest.fixture(autouse=True)
def _chromium() -> None:
    need_chromium()
