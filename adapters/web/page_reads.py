"""What a player or group page shows, read for a token (issue #36): the token checked
(page_access.py), then the history asked (bot/history.py `History`). The API and the HTML pages both
read through here, so they answer the same thing, refusals included."""

from __future__ import annotations

import re
import time
from collections.abc import Callable
from dataclasses import dataclass

from adapters.web.page_access import PublicSince, never_public, open_page
from adapters.web.refusals import BAD_SEASON, GONE, NO_GAMES, Refusal
from bot import seasons
from bot.history import ChatHistory, History, PlayerHistory
from bot.pages import ChatPage, PlayerPage

_SEASON = re.compile(r"\d{4}-\d{2}")


@dataclass(frozen=True, slots=True)
class PageReads:
    history: History
    secret: bytes
    public_since: PublicSince = never_public
    clock: Callable[[], float] = time.time
    season_months: int = 1  # ServiceConfig.season_months: where a chart's season lines go

    async def player(self, token: str) -> PlayerHistory | Refusal:
        page = await open_page(self.secret, token, (PlayerPage,), self.clock(), self.public_since)
        if isinstance(page, Refusal):
            return page
        assert isinstance(page, PlayerPage)
        found = await self.history.player(page.person)
        return GONE if found is None else found  # (a signed link names someone the bot knew: forgotten since)

    async def chat(self, token: str, season: str | None) -> tuple[ChatHistory, str | None] | Refusal:
        """The chat's page and the season of its boards (None: all time); `season` as the query
        gives it: a month "2026-11", "all" or None for all time."""
        page = await open_page(self.secret, token, (ChatPage,), self.clock(), self.public_since)
        if isinstance(page, Refusal):
            return page
        assert isinstance(page, ChatPage)
        asked = self.season(season)
        if isinstance(asked, Refusal):
            return asked
        found = await self.history.chat(page.chat, asked)
        return NO_GAMES if found is None else (found, asked)

    def season(self, word: str | None) -> str | Refusal | None:
        """The season a query names (None: all time), or a 400 for anything else: another
        format, a month 13, a year before 2000 (`seasons.named`), a number of a hundred digits."""
        if word is None or word == seasons.ALL_TIME:
            return None
        if not _SEASON.fullmatch(word):
            return BAD_SEASON
        named = seasons.named(word, self.season_months)
        return BAD_SEASON if named is None else named
