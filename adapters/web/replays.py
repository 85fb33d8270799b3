"""A finished game's replay on the web (issue #36): its page, `GET /replay/{token}`, and its data,
`GET /api/v1/games/{token}` (the token: a signed page link of kind "g", adapters/web/page_links.py).

The replay is computed from the store's table and move log by playing the game again through core
(bot/replay.py), checked against the saved state, and kept in an LRU cache by table, version and
language: a finished game does not change, so its answer is immutable (answered as every API answer
is, api.py, with `Cache-Control: private, max-age=3600, immutable`); the version in the key lets a
rewritten table (a person forgotten) be computed again.

The token is read as every page's (page_access.py) and refused in the same words (refusals.py), as
JSON from the API and as a page from /replay: 404 "not_found" a token tampered with, of another
kind, or naming no table; 410 "expired"; the replay's own, 404 "not_finished" a table that is not a
finished game, "not_replayable" one whose log does not lead to its saved state.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web
from cachetools import LRUCache

from adapters.web.api import Encoded, answered, encoded, reader
from adapters.web.openapi import IMMUTABLE, PREFIX
from adapters.web.page_access import never_public, open_page
from adapters.web.pages import drawn
from adapters.web.refusals import NOT_FINISHED, NOT_FOUND, NOT_REPLAYABLE, Refusal
from adapters.web.replay_json import Steps, replay_json
from adapters.web.replay_page import replay_html
from bot.i18n import direction, translator
from bot.pages import ReplayPage
from bot.replay import NotReplayable, Replay, replay
from bot.store import Store
from bot.tables import LoggedMove, Status, Table

log = logging.getLogger(__name__)

CACHE_SIZE = 64  # replays kept (a long one is a few hundred KB of JSON)


@dataclass(frozen=True, slots=True)
class Computed:
    replay: Replay  # without its steps (the page's HTML names the game, its players and its result)
    answer: Encoded  # the API's JSON, the steps in it


def computed(table: Table, moves: list[LoggedMove], lang: str) -> Computed:
    """The replay and its answer, gzipped too: all of it on a worker thread (a long game's is tens
    of ms of Python), none on the loop. Each step is said as it is made (`Steps`), never all of
    them as objects at once: a long game's are hundreds of thousands, which the collector's full
    passes walked several times a replay (bench.pages: 260 ms of a Speed match's 300)."""
    steps = Steps()
    done = replay(table, moves, translator(lang), steps)
    return Computed(done, Encoded.of(encoded(replay_json(done, lang, direction(lang), steps))))


class Replays:
    """Finds and computes replays, each once while it stays in the cache."""

    def __init__(self, store: Store, secret: bytes, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.secret = secret
        self.now = now
        self.cache: LRUCache[tuple[int, int, str], Computed] = LRUCache(CACHE_SIZE)

    async def find(self, token: str, lang: str) -> Computed | Refusal:
        page = await open_page(self.secret, token, (ReplayPage,), self.now(), never_public)
        if isinstance(page, Refusal):
            return page
        assert isinstance(page, ReplayPage)
        table = await self.store.load(page.table_id)
        if table is None:
            return NOT_FOUND
        key = (table.id, table.version, lang)
        found = self.cache.get(key)
        if found is not None:
            return found
        moves = await self.store.moves(table.id)
        try:
            made = await asyncio.to_thread(computed, table, moves, lang)
        except NotReplayable as e:
            finished = table.status is Status.FINISHED and table.state is not None
            if finished:
                log.warning("a replay refused: %s", e)
            return NOT_REPLAYABLE if finished else NOT_FINISHED
        self.cache[key] = made
        return made


def add_replay_routes(
    app: web.Application,
    store: Store,
    secret: bytes,
    static: Path,
    now: Callable[[], float] = time.time,
) -> Replays:
    """The replay's page and its data on `app`; `secret`: the page links' key."""
    replays = Replays(store, secret, now)

    async def data(request: web.Request) -> web.StreamResponse:
        t = reader(request.headers.get("Accept-Language"))

        async def read() -> Encoded | Refusal:
            found = await replays.find(request.match_info["token"], t.lang)
            return found if isinstance(found, Refusal) else found.answer

        return await answered(request, t, read, IMMUTABLE)

    async def page(request: web.Request) -> web.StreamResponse:
        t = reader(request.headers.get("Accept-Language"))

        async def draw() -> web.StreamResponse | Refusal:
            found = await replays.find(request.match_info["token"], t.lang)
            if isinstance(found, Refusal):
                return found
            shown = await asyncio.to_thread(replay_html, static, t.lang, found.replay)
            headers = {"Cache-Control": "no-cache", "Vary": "Accept-Language", "Content-Security-Policy": shown.policy}
            response = web.Response(text=shown.html, content_type="text/html", headers=headers)
            response.enable_compression()
            return response

        return await drawn(t, draw)

    app.router.add_get(PREFIX + "/games/{token}", data)
    app.router.add_get("/replay/{token}", page)
    return replays
