"""The pages' read-only JSON API, version 1 (issue #36; described by openapi.py):

    GET /api/v1/players/{token}                          a person's page (page_json.player_json)
    GET /api/v1/chats/{token}/leaderboard?season=YYYY-MM a group's page (chat_json); no season: all time
    GET /api/v1/games/{token}                            a finished game's replay (replays.py)
    GET /api/v1/openapi.json                             the OpenAPI 3.1 document

and how every answer of theirs is made (`answered`, `cached`, `refused`). An answer carries a strong
ETag, the hash of the bytes sent (gzip's bytes have their own tag: the two are different
representations), and a request whose If-None-Match names it gets 304 without a body.
`Cache-Control: private, max-age=60` unless said otherwise (a finished game's replay does not
change: it says so): the link is someone's, no shared cache keeps it; a minute is as stale as a
page may be. `Vary: Accept-Language`: names and messages are in the reader's language.

A refusal is `{"error": code, "message": sentence}` in the reader's language (page_access.py,
page_reads.py and replays.py say which, refusals.py in what words), never cached; anything
unforeseen is a 500 of the same shape, logged here, never a traceback in the answer.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from aiohttp import web
from aiohttp.web_response import ContentCoding

from adapters.web.openapi import CACHE, PREFIX, document
from adapters.web.page_json import chat_json, player_json
from adapters.web.page_reads import PageReads
from adapters.web.refusals import BAD_SEASON, INTERNAL, NOT_ALLOWED, NOT_FOUND, UNAVAILABLE, Refusal, refusal
from bot.i18n import Translator, pick_language, translator
from bot.store import StoreUnavailable

log = logging.getLogger(__name__)

VARY = "Accept-Language, Accept-Encoding"
READS = ("GET", "HEAD")
GZIP_LEVEL = 6  # (zlib's default, what aiohttp compresses with)


@dataclass(frozen=True, slots=True)
class Encoded:
    """A body that is sent many times, with its ETag and its gzip made once (a replay's answer:
    up to a few hundred KB, each gzip of it 10–20 ms)."""

    body: bytes
    tag: str
    gzipped: bytes

    @classmethod
    def of(cls, body: bytes) -> Encoded:
        return cls(body, etag(body), gzip.compress(body, GZIP_LEVEL, mtime=0))


class Api:
    def __init__(self, reads: PageReads) -> None:
        self.reads = reads
        self.document = json.dumps(document(), ensure_ascii=False, separators=(",", ":")).encode()

    async def player(self, request: web.Request) -> web.Response:
        t = reader(request.headers.get("Accept-Language"))

        async def read() -> bytes | Refusal:
            found = await self.reads.player(request.match_info["token"])
            return found if isinstance(found, Refusal) else encoded(player_json(found, t, self.reads.season_months))

        return await answered(request, t, read)

    async def chat(self, request: web.Request) -> web.Response:
        t = reader(request.headers.get("Accept-Language"))

        async def read() -> bytes | Refusal:
            asked = request.query.getall("season", [])
            if len(asked) > 1:
                return BAD_SEASON
            found = await self.reads.chat(request.match_info["token"], asked[0] if asked else None)
            return found if isinstance(found, Refusal) else encoded(chat_json(found[0], found[1], t))

        return await answered(request, t, read)

    async def openapi(self, request: web.Request) -> web.Response:
        return cached(request, self.document, "en")

    async def elsewhere(self, request: web.Request) -> web.Response:
        """Any other address under the API's prefix, or another method than a read."""
        t = reader(request.headers.get("Accept-Language"))
        if request.method not in READS:
            response = refused(t, NOT_ALLOWED)
            response.headers["Allow"] = ", ".join(READS)
            return response
        return refused(t, NOT_FOUND)


def add_api_routes(app: web.Application, reads: PageReads) -> None:
    api = Api(reads)
    app.router.add_get(PREFIX + "/players/{token}", api.player)
    app.router.add_get(PREFIX + "/chats/{token}/leaderboard", api.chat)
    app.router.add_get(PREFIX + "/openapi.json", api.openapi)
    app.router.add_route("*", PREFIX + "/{rest:.*}", api.elsewhere)


def reader(header: str | None) -> Translator:
    """The reader's translator, by the request's Accept-Language (bot.i18n.pick_language)."""
    return translator(pick_language(header))


def encoded(data: Any) -> bytes:
    """An answer's body: compact UTF-8 JSON."""
    return json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()


async def answered(
    request: web.Request, t: Translator, read: Callable[[], Awaitable[bytes | Encoded | Refusal]], cache: str = CACHE
) -> web.Response:
    """The body `read` gives, cached (`cache`: its Cache-Control), or its refusal; a store that
    cannot be read is a 503, anything else unforeseen a 500."""
    try:
        got = await read()
    except StoreUnavailable:
        got = UNAVAILABLE
    except Exception:  # (said as a 500 of our own shape: no traceback leaves the server)
        log.exception("the pages' API could not answer %s", request.path[:40])
        got = INTERNAL
    if isinstance(got, Refusal):
        return refused(t, got)
    return cached(request, got, t.lang, cache)


def refused(t: Translator, why: Refusal) -> web.Response:
    body: dict[str, Any] = {"error": why.code, "message": refusal(why.code, t)}
    headers = {"Cache-Control": "no-store", "Vary": VARY, "Content-Language": language_tag(t.lang)}
    return web.json_response(body, status=why.status, headers=headers, dumps=_dumps)


def cached(request: web.Request, body: bytes | Encoded, lang: str, cache: str = CACHE) -> web.Response:
    """200 with the body and its ETag, or 304 if the request's If-None-Match names that tag;
    `cache`: the Cache-Control of both."""
    gzipped = accepts_gzip(request.headers.get("Accept-Encoding", ""))
    made = body if isinstance(body, Encoded) else None
    raw = made.body if made is not None else body
    assert isinstance(raw, bytes)
    tag = (made.tag if made is not None else etag(raw)) + ("-gzip" if gzipped else "")
    headers = {"Cache-Control": cache, "Vary": VARY, "Content-Language": language_tag(lang)}
    known = request.if_none_match or ()
    if any(e.value in (tag, "*") for e in known):  # (weak comparison, as RFC 9110 asks of If-None-Match)
        response = web.Response(status=304, headers=headers)
    elif gzipped and made is not None:
        headers["Content-Encoding"] = "gzip"
        response = web.Response(body=made.gzipped, content_type="application/json", charset="utf-8", headers=headers)
    else:
        response = web.Response(body=raw, content_type="application/json", charset="utf-8", headers=headers)
        if gzipped:
            response.enable_compression(ContentCoding.gzip)
    response.etag = tag
    return response


def etag(body: bytes) -> str:
    """A strong ETag of the body's bytes (of the identity representation)."""
    return hashlib.sha256(body).hexdigest()[:32]


def accepts_gzip(header: str) -> bool:
    """Whether Accept-Encoding allows gzip ("gzip;q=0" refuses it)."""
    for entry in header.lower().split(","):
        coding, _, params = entry.strip().partition(";")
        if coding.strip() == "gzip":
            return params.replace(" ", "") not in ("q=0", "q=0.0", "q=0.00", "q=0.000")
    return False


def language_tag(lang: str) -> str:
    """Ours as HTTP and HTML name it: "pt_BR" -> "pt-BR", "zh_Hans" -> "zh-Hans"."""
    return lang.replace("_", "-")


def _dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False)
