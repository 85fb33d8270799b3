"""A finished game's replay on the web (issue #36): its page, `GET /replay/{token}`, and its data,
`GET /api/v1/games/{token}` (the token: a signed page link of kind "g", adapters/web/page_links.py).

The replay is computed from the store's table and move log by playing the game again through core
(bot/replay.py), checked against the saved state, and kept in an LRU cache by table, version and
language: a finished game does not change, so its answer is immutable (an ETag, and
`Cache-Control: private, max-age=3600, immutable`); the version in the key lets a rewritten table
(a person forgotten) be computed again.

Refusals, in the reader's language (Accept-Language), as `{"error", "message"}` from the API and as
a page from /replay: 404 a token tampered with, of another kind, or naming no table; 410 an expired
one; 404 a table that is not a finished game, or whose log does not lead to its saved state.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from aiohttp import web
from cachetools import LRUCache

from adapters.web.page_links import read_page
from adapters.web.replay_json import replay_json
from adapters.web.replay_page import error_html, replay_html
from adapters.web.replay_words import refusal
from bot.i18n import direction, pick_language, translator
from bot.pages import ReplayPage
from bot.replay import NotReplayable, Replay, replay
from bot.store import Store
from bot.tables import Status

log = logging.getLogger(__name__)

CACHE_SIZE = 64  # replays kept (a long one is a few hundred KB of JSON)
MAX_AGE = 3600  # s a browser may keep an answer without asking again


@dataclass(frozen=True, slots=True)
class Computed:
    replay: Replay
    body: bytes  # the API's JSON
    etag: str


@dataclass(frozen=True, slots=True)
class Refusal:
    status: int
    error: str  # "unknown", "expired", "not_finished", "not_replayable"


class Replays:
    """Finds and computes replays, each once while it stays in the cache."""

    def __init__(self, store: Store, secret: bytes, now: Callable[[], float] = time.time) -> None:
        self.store = store
        self.secret = secret
        self.now = now
        self.cache: LRUCache[tuple[int, int, str], Computed] = LRUCache(CACHE_SIZE)

    async def find(self, token: str, lang: str) -> Computed | Refusal:
        reading = read_page(self.secret, token)
        if reading is None or not isinstance(reading.page, ReplayPage):
            return Refusal(404, "unknown")
        if reading.expired(self.now()):
            return Refusal(410, "expired")
        table = await self.store.load(reading.page.table_id)
        if table is None:
            return Refusal(404, "unknown")
        key = (table.id, table.version, lang)
        found = self.cache.get(key)
        if found is not None:
            return found
        moves = await self.store.moves(table.id)
        try:  # (a long game takes a tenth of a second: not on the loop)
            done = await asyncio.to_thread(replay, table, moves, translator(lang))
        except NotReplayable as e:
            finished = table.status is Status.FINISHED and table.state is not None
            if finished:
                log.warning("a replay refused: %s", e)
            return Refusal(404, "not_replayable" if finished else "not_finished")
        body = json.dumps(replay_json(done, lang, direction(lang)), ensure_ascii=False, separators=(",", ":"))
        data = body.encode()
        computed = Computed(done, data, '"' + hashlib.sha256(data).hexdigest()[:32] + '"')
        self.cache[key] = computed
        return computed


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
        lang = pick_language(request.headers.get("Accept-Language"))
        found = await replays.find(request.match_info["token"], lang)
        if isinstance(found, Refusal):
            message = {"error": found.error, "message": refusal(found.error, lang)}
            return web.json_response(message, status=found.status, headers={"Cache-Control": "no-store"})
        headers = {
            "ETag": found.etag,
            "Cache-Control": f"private, max-age={MAX_AGE}, immutable",
            "Vary": "Accept-Language",
        }
        if found.etag in request.headers.get("If-None-Match", ""):
            return web.Response(status=304, headers=headers)
        response = web.Response(body=found.body, content_type="application/json", headers=headers)
        response.enable_compression()
        return response

    async def page(request: web.Request) -> web.StreamResponse:
        lang = pick_language(request.headers.get("Accept-Language"))
        found = await replays.find(request.match_info["token"], lang)
        headers = {"Cache-Control": "no-cache", "Vary": "Accept-Language"}
        if isinstance(found, Refusal):
            text = error_html(lang, refusal(found.error, lang))
            return web.Response(text=text, status=found.status, content_type="text/html", headers=headers)
        shown = await asyncio.to_thread(replay_html, static, lang, found.replay)
        headers["Content-Security-Policy"] = shown.policy
        response = web.Response(text=shown.html, content_type="text/html", headers=headers)
        response.enable_compression()
        return response

    app.router.add_get("/api/v1/games/{token}", data)
    app.router.add_get("/replay/{token}", page)
    return replays
