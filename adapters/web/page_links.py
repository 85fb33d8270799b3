"""Signed addresses of the pages (bot/pages.py): a page is reached by a token the bot handed out in a
chat, never by a guessable id. `/page/<token>` is the page; `/api/v1/...` the same token names its
data.

A token is `URLSafeSerializer` JSON signed with HMAC-SHA256 under the links' key (the live table's,
another salt): `{"k": kind, "a": platform, "i": id, "e": expires}` — kind "p" a person, "c" a chat,
"g" a finished game; `e` 0 for a chat's public link, which never expires but holds `"s"`, the moment
the chat's admins made the page public: turning it private (or public again) refuses every public
link made before. A person who asked to be forgotten has no page: their links answer 410.

Nothing here trusts its input: a token that does not check out reads as None, never an exception.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from itsdangerous import BadData, URLSafeSerializer

from adapters.web.auth import SIGNER
from bot.pages import ChatPage, PageRef, PlayerPage, ReplayPage
from bot.people import ChatRef, PersonRef

PAGE_SALT = "cardbot page link"
MAX_ID = 64  # characters of an id (a platform's ids are far shorter)


@dataclass(frozen=True, slots=True)
class Reading:
    """What a checked token names: the page, until when (0: a chat's public link, valid while the
    chat's page stays public since `since`)."""

    page: PageRef
    expires: float
    since: float | None = None

    def expired(self, now: float) -> bool:
        return self.expires != 0 and now >= self.expires


def _serializer(secret: bytes) -> URLSafeSerializer:
    return URLSafeSerializer(secret, salt=PAGE_SALT, signer_kwargs=SIGNER)


def sign_page(secret: bytes, page: PageRef, expires: float, since: float | None = None) -> str:
    """A token for this page, good until `expires` (UNIX time); a chat's public link: `expires` 0
    and `since` the moment its page was made public."""
    payload: dict[str, Any] = {"e": expires}
    match page:
        case PlayerPage(person):
            payload |= {"k": "p", "a": person.platform, "i": person.user_id}
        case ChatPage(chat):
            payload |= {"k": "c", "a": chat.platform, "i": chat.chat_id}
        case ReplayPage(table_id):
            payload |= {"k": "g", "i": table_id}
    if since is not None:
        payload["s"] = since
    return _serializer(secret).dumps(payload)


def read_page(secret: bytes, token: str) -> Reading | None:
    """The page a token names (expired or not: the caller says 410 for one that is); None if the
    token is tampered, malformed or names nothing."""
    if len(token) > 512:
        return None
    try:
        data = _serializer(secret).loads(token)
        kind, expires = data["k"], float(data["e"])
        since = float(data["s"]) if "s" in data else None
        page: PageRef
        if kind == "g":
            page = ReplayPage(int(data["i"]))
        else:
            platform, ident = str(data["a"]), str(data["i"])
            if not platform or not ident or len(ident) > MAX_ID:
                return None
            if kind == "p":
                page = PlayerPage(PersonRef(platform, ident))
            elif kind == "c":
                page = ChatPage(ChatRef(platform, ident))
            else:
                return None
    except (BadData, ValueError, TypeError, KeyError):
        return None
    if expires == 0 and (since is None or not isinstance(page, ChatPage)):
        return None  # only a chat's public link lives for ever
    return Reading(page, expires, since)


class PageLinks:
    """Addresses of the pages under the public base URL, each signed for `seconds` from `clock()`:
    `/page/<token>` for a person's or a chat's, `/replay/<token>` for a game's. A link the bot hands
    out in a chat (a button) lives `seconds`; the chat's own public link (its admins' choice) is
    `public`."""

    def __init__(self, secret: bytes, base: str, seconds: float, clock: Callable[[], float] = time.time) -> None:
        self._secret, self._base, self._seconds, self._clock = secret, base.rstrip("/"), seconds, clock

    def __call__(self, page: PageRef) -> str:
        if isinstance(page, ChatPage) and page.since is not None:  # the chat's public link
            return self._url(page, sign_page(self._secret, ChatPage(page.chat), 0, page.since))
        return self._url(page, sign_page(self._secret, page, self._clock() + self._seconds))

    def _url(self, page: PageRef, token: str) -> str:
        where = "replay" if isinstance(page, ReplayPage) else "page"
        return f"{self._base}/{where}/{token}"
