"""Flood control in front of the Bot API: python-telegram-bot's AIORateLimiter for whatever writes
into a chat, and a way past it for what answers a person or only asks.

AIORateLimiter holds a request to a group while that group's bucket (20 a minute) is empty, and
every request of the bot while it waits out a RetryAfter. A press's toast (answerCallbackQuery),
an inline query's results (answerInlineQuery), the admin check of a press (getChatMember) and the
chat action that asks whether a person can be reached (sendChatAction) are not messages in the
chat; held there, a press's spinner turned for seconds whenever the chat's board had used up the
minute (a refused edit and the board sent anew are two writes). They go straight to Telegram, as
PTB already sends an answer (it names no chat) past the buckets; a RetryAfter on one of them is
not waited out either: an answer that late is no use to the person who pressed.
"""

from __future__ import annotations

from collections.abc import Callable, Coroutine
from typing import Any, Final

from telegram.ext import AIORateLimiter, BaseRateLimiter

PASSING: Final = frozenset({"answerCallbackQuery", "answerInlineQuery", "getChatMember", "sendChatAction"})

Result = bool | dict[str, Any] | list[dict[str, Any]]  # what a Bot API method answers


class RateLimits(BaseRateLimiter[int]):
    def __init__(self, writes: AIORateLimiter, passing: frozenset[str] = PASSING) -> None:
        """`writes`: the limiter of everything but the `passing` Bot API methods."""
        self.writes = writes
        self.passing = passing

    async def initialize(self) -> None:
        await self.writes.initialize()

    async def shutdown(self) -> None:
        await self.writes.shutdown()

    async def process_request(
        self,
        callback: Callable[..., Coroutine[Any, Any, Result]],
        args: Any,
        kwargs: dict[str, Any],
        endpoint: str,
        data: dict[str, Any],
        rate_limit_args: int | None,
    ) -> Result:
        if endpoint in self.passing:
            return await callback(*args, **kwargs)
        return await self.writes.process_request(callback, args, kwargs, endpoint, data, rate_limit_args)
