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
from collections.abc import Iterator

import pytest

from tests.adapters.discord.fake_discord import FakeDiscord
from tests.adapters.discord.world import Channel, Guild, User


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
