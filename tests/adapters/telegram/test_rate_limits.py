"""The flood control in front of the Bot API (adapters/telegram/rate_limits.py), on
python-telegram-bot's own AIORateLimiter: a group whose bucket is empty, or a RetryAfter being
waited out, holds the writes, never a press's answer, an inline answer, an admin check or a chat
action."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import pytest
from telegram.error import RetryAfter
from telegram.ext import AIORateLimiter

from adapters.telegram.rate_limits import PASSING, RateLimits

GROUP = -1001
HELD = 0.5  # seconds a held write waits here


class Telegram:
    """Stands in for the request to Telegram: when each method went, and a RetryAfter to raise."""

    def __init__(self) -> None:
        self.went: list[tuple[str, float]] = []
        self.retry_after: dict[str, int] = {}

    async def __call__(self, endpoint: str, data: dict[str, Any]) -> bool:
        if self.retry_after.pop(endpoint, None):
            raise RetryAfter(1)
        self.went.append((endpoint, time.monotonic()))
        return True


def limits(max_retries: int = 0) -> RateLimits:
    return RateLimits(AIORateLimiter(group_max_rate=1, group_time_period=HELD, max_retries=max_retries))


async def request(limiter: RateLimits, telegram: Telegram, endpoint: str, chat_id: int | None = GROUP) -> Any:
    data = {} if chat_id is None else {"chat_id": chat_id}
    return await limiter.process_request(telegram, (endpoint, data), {}, endpoint, data, None)


async def test_a_groups_empty_bucket_holds_its_writes_and_lets_answers_and_checks_pass() -> None:
    limiter, telegram = limits(), Telegram()
    await request(limiter, telegram, "editMessageText")  # the group's bucket is empty now
    started = time.monotonic()
    write = asyncio.create_task(request(limiter, telegram, "sendMessage"))
    for endpoint in sorted(PASSING):
        await request(limiter, telegram, endpoint, None if endpoint.startswith("answer") else GROUP)
    await write
    went = {endpoint: at - started for endpoint, at in telegram.went[1:]}
    assert went.keys() == PASSING | {"sendMessage"}
    assert went["sendMessage"] >= HELD * 0.8
    assert all(went[endpoint] < 0.1 for endpoint in PASSING), went


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")  # RetryAfter's int form
async def test_a_retry_after_being_waited_out_holds_the_writes_not_the_answers() -> None:
    limiter, telegram = limits(max_retries=1), Telegram()
    telegram.retry_after["editMessageMedia"] = 1
    started = time.monotonic()
    write = asyncio.create_task(request(limiter, telegram, "editMessageMedia"))
    await asyncio.sleep(0.05)  # the RetryAfter met: PTB holds every request going through it
    await request(limiter, telegram, "answerCallbackQuery", None)
    answered = time.monotonic() - started
    await write
    assert answered < 0.2
    assert [endpoint for endpoint, _ in telegram.went] == ["answerCallbackQuery", "editMessageMedia"]
    assert telegram.went[1][1] - started >= 1.0  # waited out, then sent again


@pytest.mark.filterwarnings("ignore::telegram.warnings.PTBDeprecationWarning")
async def test_a_retry_after_on_an_answer_is_not_waited_out() -> None:
    limiter, telegram = limits(max_retries=1), Telegram()
    telegram.retry_after["answerCallbackQuery"] = 1
    started = time.monotonic()
    with pytest.raises(RetryAfter):
        await request(limiter, telegram, "answerCallbackQuery", None)
    await request(limiter, telegram, "sendMessage")
    assert [endpoint for endpoint, _ in telegram.went] == ["sendMessage"]
    assert telegram.went[0][1] - started < 0.2  # nothing held
