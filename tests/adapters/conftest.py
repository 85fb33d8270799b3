"""An event loop per test that also runs `async def` tests (no pytest-asyncio needed): the fake
servers of the Telegram and Discord suites start in the test's `aio_loop`, and so do its async
tests. A test's time limit is 60 s unless marked `@pytest.mark.async_timeout(seconds)`. Beside it,
the `url` of a SQLite file of the test's own and the service's `clock`, which the test moves. At the
end of the session the card pictures' drawing processes are killed: none outlives its tests, not
even one a test stopped."""

from __future__ import annotations

import asyncio
import gc
import inspect
import sys
from collections.abc import Iterator

import pytest

from bot.clock import FakeClock
from tests.sql.databases import fresh_sqlite

# Only a guard against a test that hangs: on a busy 2-core machine (CI runs lint beside five workers)
# a test's wall time can be several times its CPU, and a few take seconds of CPU.
DEFAULT_ASYNC_TIMEOUT = 60.0


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "async_timeout(seconds): time limit of an async test (default 60 s)")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run `async def` tests in the test's `aio_loop` (the one `fake_api` was started in)."""
    function = pyfuncitem.obj
    if not inspect.iscoroutinefunction(function):
        return None
    marker = pyfuncitem.get_closest_marker("async_timeout")
    timeout = marker.args[0] if marker else DEFAULT_ASYNC_TIMEOUT
    arguments = {
        name: pyfuncitem.funcargs[name]
        for name in inspect.signature(function).parameters
        if name in pyfuncitem.funcargs
    }
    loop = pyfuncitem.funcargs.get("aio_loop")
    own_loop = loop is None
    if own_loop:
        loop = asyncio.new_event_loop()
    try:
        loop.run_until_complete(asyncio.wait_for(function(**arguments), timeout))
    finally:
        if own_loop:
            _close(loop)
    return True


def _close(loop: asyncio.AbstractEventLoop) -> None:
    pending = [task for task in asyncio.all_tasks(loop) if not task.done()]
    for task in pending:
        task.cancel()
    if pending:
        loop.run_until_complete(asyncio.gather(*pending, return_exceptions=True))
    loop.run_until_complete(loop.shutdown_asyncgens())
    # Finalise leftover coroutines now, not later inside some compile() (CPython 3.11 bug); then
    # freeze what is left, so that the next test's collection walks only what that test made
    # (a full one over the worker's whole heap costs ~80 ms a test).
    gc.collect()
    gc.freeze()
    loop.close()


@pytest.fixture(scope="session", autouse=True)
def no_drawing_processes_left() -> Iterator[None]:
    yield
    screens = sys.modules.get("adapters.pictures.screens")  # (not imported: nothing was drawn)
    if screens is not None:
        screens.close()


@pytest.fixture
def aio_loop() -> Iterator[asyncio.AbstractEventLoop]:
    """The event loop of this test: fixtures start servers in it, async tests run in it."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield loop
    _close(loop)
    asyncio.set_event_loop(None)


@pytest.fixture
def url(tmp_path) -> str:
    """A migrated SQLite file of the test's own."""
    return fresh_sqlite(tmp_path)


@pytest.fixture
def clock() -> FakeClock:
    """The service's clock, moved by the test (a file may start it elsewhere: its own `clock`)."""
    return FakeClock()
