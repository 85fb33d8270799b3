"""Whether a page token opens the page a path asks for (issue #36): the player and group pages, the
replays and their API read the token the same way, and refuse the same way (refusals.py).

- not a token we signed (tampered, malformed, unknown), or a token of another kind than the path's
  (a replay's token on /api/v1/players/…): 404 "not_found";
- past its expiry: 410 "expired";
- a chat's public link (it never expires) while the chat's page is not public, or was made public
  again since the link was made (`PublicSince` answers another moment): 403 "not_public".

A chat's page is public since a moment the chat's settings keep; this module is handed a callable
that reads it (`PublicSince`), and without one no chat page is public.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable

from adapters.web.page_links import read_page
from adapters.web.refusals import EXPIRED, NOT_FOUND, NOT_PUBLIC, Refusal
from bot.pages import ChatPage, PlayerPage, ReplayPage
from bot.people import ChatRef

# Since when a chat's page is public (UNIX time, the value its public links carry); None: not public.
PublicSince = Callable[[ChatRef], Awaitable[float | None]]


async def never_public(chat: ChatRef) -> float | None:
    return None


Opened = PlayerPage | ChatPage | ReplayPage


async def open_page(
    secret: bytes, token: str, kinds: tuple[type[Opened], ...], now: float, public_since: PublicSince
) -> Opened | Refusal:
    """The page `token` names if it is of one of `kinds` and may be read now, else why not."""
    reading = read_page(secret, token)
    if reading is None or not isinstance(reading.page, kinds):
        return NOT_FOUND  # (a wrong kind says no more than a forged token)
    if reading.expired(now):
        return EXPIRED
    if reading.expires == 0 and isinstance(reading.page, ChatPage):
        since = await public_since(reading.page.chat)
        if since is None or since != reading.since:
            return NOT_PUBLIC
    return reading.page
