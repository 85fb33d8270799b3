"""Fixtures for tests against the fake Bot API: an event loop per test that also runs `async def`
tests (no pytest-asyncio needed), the started `fake_api`, and a few people and chats.

    async def test_x(fake_api, alice, group): ...

`fake_api` fails the test at teardown when a request did not match the Bot API spec
(`spec_errors`), when the bot called a method the fake does not implement (`unsupported`) or when
the fake itself answered something off-spec (`fake_errors`). A test that provokes spec errors on
purpose clears `fake_api.spec_errors` itself.
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from telegram import Bot

from tests.adapters.telegram.fake_api import FakeBotApi
from tests.adapters.telegram.world import Chat, User


@pytest.fixture
def fake_api(aio_loop: asyncio.AbstractEventLoop) -> Iterator[FakeBotApi]:
    """A started fake Bot API on 127.0.0.1 (spec checks on when ../shared/specs has the spec)."""
    api = FakeBotApi()
    aio_loop.run_until_complete(api.start())
    yield api
    aio_loop.run_until_complete(api.stop())
    problems = [
        *(f"request off the Bot API spec: {e}" for e in api.spec_errors),
        *(f"method not implemented by the fake: {m}" for m in dict.fromkeys(api.unsupported)),
        *(f"the fake answered off-spec: {e}" for e in api.fake_errors),
    ]
    if problems:
        pytest.fail("\n".join(problems), pytrace=False)


@pytest.fixture
def ptb_bot(fake_api: FakeBotApi, aio_loop: asyncio.AbstractEventLoop) -> Iterator[Bot]:
    """An initialised python-telegram-bot `Bot` talking to `fake_api` (for direct API calls)."""
    bot = Bot(fake_api.token, base_url=fake_api.base_url, base_file_url=fake_api.base_file_url)
    aio_loop.run_until_complete(bot.initialize())
    yield bot
    aio_loop.run_until_complete(bot.shutdown())


@pytest.fixture
def alice(fake_api: FakeBotApi) -> User:
    """English; has started the bot; creator of `group` and `forum`."""
    return fake_api.add_user("Alice", username="alice_w", last_name="Walker", language_code="en", started=True)


@pytest.fixture
def bob(fake_api: FakeBotApi) -> User:
    """Russian; has started the bot."""
    return fake_api.add_user("Боря", username="borya_k", language_code="ru", started=True)


@pytest.fixture
def carol(fake_api: FakeBotApi) -> User:
    """Ukrainian; no username (mention her with `mentions=[carol]`); has NOT started the bot."""
    return fake_api.add_user("Оля", language_code="uk")


@pytest.fixture
def dave(fake_api: FakeBotApi) -> User:
    """English; has started the bot; in no group."""
    return fake_api.add_user("Dave", username="dave_d", language_code="en", started=True)


@pytest.fixture
def group(fake_api: FakeBotApi, alice: User, bob: User, carol: User) -> Chat:
    """A supergroup: alice (creator), bob, carol and the bot (a plain member, privacy mode on)."""
    return fake_api.add_group("Card night", [alice, bob, carol])


@pytest.fixture
def basic_group(fake_api: FakeBotApi, alice: User, bob: User) -> Chat:
    """An old-style basic group: alice (creator), bob and the bot."""
    return fake_api.add_group("Old friends", [alice, bob], supergroup=False)


@pytest.fixture
def forum(fake_api: FakeBotApi, alice: User, bob: User, carol: User) -> Chat:
    """A forum supergroup with alice (creator), bob, carol and the bot; see `topic`."""
    return fake_api.add_group("Game club", [alice, bob, carol], forum=True)


@pytest.fixture
def topic(fake_api: FakeBotApi, forum: Chat) -> int:
    """The message_thread_id of the "Cards" topic in `forum`."""
    return fake_api.add_topic(forum, "Cards")
