"""The pauses between attempts (adapters/chat/backoff.py) and the first connection, with what
/healthz is told (adapters/chat/connection.py)."""

from __future__ import annotations

import asyncio
import random

import pytest

from adapters.chat.backoff import Pauses
from adapters.chat.connection import Connection, Unfixable


def test_pauses_double_from_a_second_up_to_a_minute_each_between_half_and_all_of_that():
    backoff = Pauses(cap=60, rng=random.Random(3))
    for failures, ceiling in [(1, 1), (2, 2), (3, 4), (6, 32), (7, 60), (30, 60)]:
        pauses = [backoff.after(failures) for _ in range(200)]
        assert ceiling / 2 <= min(pauses) and max(pauses) <= ceiling
        assert max(pauses) - min(pauses) > ceiling / 4  # jittered: bots restarted together spread out


def test_it_is_unreachable_from_the_start_until_a_connect_succeeds():
    slept: list[float] = []

    async def sleep(seconds: float) -> None:
        slept.append(seconds)

    connection = Connection("telegram", Pauses(rng=random.Random(1)), sleep, now=lambda: 1_780_000_000.0)
    assert connection.status() == {
        "ok": False,
        "status": "unreachable since 2026-05-28T20:26:40+00:00",
        "attempts": 0,
        "error": "not connected yet",
    }
    answers: list[object] = [OSError("no route to host"), TimeoutError(), "me"]

    async def connect() -> object:
        answer = answers.pop(0)
        if isinstance(answer, BaseException):
            raise answer
        return answer

    assert asyncio.run(connection.establish(connect, lambda error: None)) == "me"
    assert connection.up and connection.status() == {"ok": True} and connection.attempts == 3
    assert len(slept) == 2 and 0.5 <= slept[0] <= 1 and 1 <= slept[1] <= 2


def test_an_error_retrying_cannot_fix_ends_it_with_what_to_do():
    async def connect() -> None:
        raise PermissionError("401")

    connection = Connection("discord")
    with pytest.raises(Unfixable, match="set THE_TOKEN"):
        asyncio.run(connection.establish(connect, lambda error: "set THE_TOKEN"))
    assert connection.attempts == 1 and not connection.up
