"""Fixtures for tests against the fake Discord: an event loop per test that also runs `async def`
tests (no pytest-asyncio needed), the started `fake_discord` with discord.py pointed at it, and a
guild of people with different locales.

    async def test_x(fake_discord, alice, bob, table_channel): ...

`fake_discord` fails the test at teardown on `fake_discord.problems()`: requests off the Discord
API spec (when ../shared/specs has it), bodies Discord would reject, routes the fake lacks, bugs of
the fake, gateway protocol errors, and interactions answered late or never. A test that provokes
some on purpose clears them (`fake_discord.spec_errors.clear()`, `.rejected.clear()`, `.late.clear()`,
or `check_acknowledgements = False`).
"""

from __future__ import annotations

import asyncio
import gc
import inspect
from collections.abc import Iterator

import pytest

from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.world import Channel, Guild, User

DEFAULT_ASYNC_TIMEOUT = 30.0


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "async_timeout(seconds): time limit of an async test (default 30 s)")


@pytest.hookimpl(tryfirst=True)
def pytest_pyfunc_call(pyfuncitem: pytest.Function) -> bool | None:
    """Run `async def` tests in the test's `aio_loop` (the one `fake_discord` was started in)."""
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
    gc.collect()  # finalise leftover coroutines now, not later inside some compile() (CPython 3.11 bug)
    loop.close()


@pytest.fixture
def aio_loop() -> Iterator[asyncio.AbstractEventLoop]:
    """The event loop of this test: fixtures start servers in it, async tests run in it."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield loop
    _close(loop)
    asyncio.set_event_loop(None)


@pytest.fixture
def fake_discord(aio_loop: asyncio.AbstractEventLoop) -> Iterator[FakeDiscord]:
    """A started fake Discord on 127.0.0.1, with discord.py's `Route.BASE` and
    `DiscordWebSocket.DEFAULT_GATEWAY` pointed at it for the test (restored after)."""
    fake = FakeDiscord()
    aio_loop.run_until_complete(fake.start())
    with fake.patch_discord():
        yield fake
    aio_loop.run_until_complete(fake.stop())
    problems = fake.problems()
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def alice(fake_discord: FakeDiscord) -> User:
    """English (en-US); owner of `guild`."""
    return fake_discord.add_user("alice", global_name="Alice", locale="en-US")


@pytest.fixture
def bob(fake_discord: FakeDiscord) -> User:
    """Russian client (ru)."""
    return fake_discord.add_user("borya", global_name="Боря", locale="ru")


@pytest.fixture
def carol(fake_discord: FakeDiscord) -> User:
    """Ukrainian client (uk)."""
    return fake_discord.add_user("olya", global_name="Оля", locale="uk")


@pytest.fixture
def dave(fake_discord: FakeDiscord) -> User:
    """English; in no guild."""
    return fake_discord.add_user("dave", locale="en-US")


@pytest.fixture
def guild(fake_discord: FakeDiscord, alice: User, bob: User, carol: User) -> Guild:
    """ "Card night": alice (owner), bob, carol and the bot; channels #general and #cards."""
    return fake_discord.add_guild("Card night", alice, [bob, carol], channels=("general", "cards"))


@pytest.fixture
def channel(guild: Guild) -> Channel:
    """#cards of `guild`."""
    return next(c for c in guild.channels.values() if c.name == "cards")
