"""The player and group pages (issue #36): `GET /page/{token}`, and their API (api.py).

A page is whole in its HTML: the server writes the summary, the tables and each chart's points as
a table (the chart's text alternative) in the reader's language (page_views.py, templates/), so
it reads with scripts off and paints on the first response. static/pages.js then fetches the
same token's API answer and draws each game's rating chart as SVG, and lets a group page's
season picker change the season without a reload (the picker is a plain GET form without it).

The charts are SVG the page's own script draws, no chart library: a line of at most a few hundred
points, its axes and its season lines are about a hundred lines of script, while uPlot or Chart.js
would add 50–200 KB to every page and their own styles (which the CSP would have to allow).

A replay's token here is sent on to `/replay/{token}` (served elsewhere). The style sheet
(static/pages.css) is inline, allowed by its hash in the Content-Security-Policy, as the live
table's page does (page.py); nothing is loaded from elsewhere.

No page links to another person's page: a link is a signed token, and signing one for each name on
a group page would hand anyone with the group's link every member's page. A player page names its
opponents, a group page its players, as text.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable
from functools import cache
from pathlib import Path

from aiohttp import web
from jinja2 import Environment, FileSystemLoader, select_autoescape

from adapters.web.api import add_api_routes, language_tag, reader
from adapters.web.history_words import page_words
from adapters.web.openapi import CACHE, PREFIX
from adapters.web.page import style_source
from adapters.web.page_access import PublicSince, never_public
from adapters.web.page_links import read_page
from adapters.web.page_reads import PageReads
from adapters.web.page_views import ChatPages, chat_view, player_view
from adapters.web.refusals import BAD_SEASON, INTERNAL, NOT_FOUND, UNAVAILABLE, Refusal, refusal
from bot.history import History
from bot.i18n import Translator, direction
from bot.pages import ChatPage, PlayerPage, ReplayPage
from bot.store import StoreUnavailable

log = logging.getLogger(__name__)

HERE = Path(__file__).parent
STYLE = HERE / "static" / "pages.css"
TEMPLATES = Environment(
    loader=FileSystemLoader(HERE / "templates"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


@cache
def style() -> tuple[str, str]:
    """pages.css and its hash for the CSP ("'sha256-…'")."""
    css = STYLE.read_text(encoding="utf-8")
    return css, style_source(css)


def policy(style_hash: str) -> str:
    """Nothing from elsewhere, no inline script, the one inline style sheet; not framed."""
    return (
        f"default-src 'none'; img-src 'self' data:; connect-src 'self'; style-src {style_hash}; "
        "script-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
    )


class Pages:
    def __init__(self, reads: PageReads) -> None:
        self.reads = reads

    async def page(self, request: web.Request) -> web.StreamResponse:
        token = request.match_info["token"]
        t = reader(request.headers.get("Accept-Language"))
        reading = read_page(self.reads.secret, token)
        if reading is not None and isinstance(reading.page, ReplayPage):
            raise web.HTTPFound(f"/replay/{token}")  # (the token goes on as it came: it checked out)
        if reading is not None and isinstance(reading.page, PlayerPage):
            return await drawn(t, lambda: self.player(request, token, t))
        if reading is not None and isinstance(reading.page, ChatPage):
            return await drawn(t, lambda: self.chat(request, token, t))
        return refused_page(t, NOT_FOUND)

    async def player(self, request: web.Request, token: str, t: Translator) -> web.StreamResponse | Refusal:
        found = await self.reads.player(token)
        if isinstance(found, Refusal):
            return found
        words = page_words(t)
        view = player_view(found, t, words["former"])
        return html_page("player.html", t, found.name, f"{PREFIX}/players/{token}", v=view, w=words)

    async def chat(self, request: web.Request, token: str, t: Translator) -> web.StreamResponse | Refusal:
        all_time = await self.reads.chat(token, None)
        if isinstance(all_time, Refusal):
            return all_time
        asked = request.query.getall("season", [])
        if len(asked) > 1:
            return BAD_SEASON
        # the season shown above all time: the one asked for, else the newest with a rated game here
        season = asked[0] if asked else (all_time[0].seasons[0] if all_time[0].seasons else None)
        pages = ChatPages(all_time[0], None, None)
        if season is not None:
            in_season = await self.reads.chat(token, season)
            if isinstance(in_season, Refusal):
                return in_season
            pages = ChatPages(all_time[0], in_season[1], in_season[0] if in_season[1] else None)
        words = page_words(t)
        view = chat_view(pages, t, words["former"])
        return html_page("chat.html", t, words["group"], f"{PREFIX}/chats/{token}/leaderboard", v=view, w=words)


def html_page(
    template: str, t: Translator, title: str, api: str | None, status: int = 200, **values: object
) -> web.Response:
    css, style_hash = style()
    text = TEMPLATES.get_template(template).render(
        lang=language_tag(t.lang),
        dir=direction(t.lang),
        title=title,
        style=css,  # (our own file: the template does not escape it, or its quotes would break)
        api=api,
        kind=template.removesuffix(".html"),
        **values,
    )
    headers = {
        "Cache-Control": CACHE if status == 200 else "no-store",
        "Vary": "Accept-Language, Accept-Encoding",
        "Content-Security-Policy": policy(style_hash),
        "Content-Language": language_tag(t.lang),
        "X-Robots-Tag": "noindex",
    }
    response = web.Response(text=text, status=status, content_type="text/html", headers=headers)
    response.enable_compression()
    return response


async def drawn(t: Translator, draw: Callable[[], Awaitable[web.StreamResponse | Refusal]]) -> web.StreamResponse:
    """The page `draw` makes, or its refusal as a page; a store that cannot be read is a 503,
    anything else unforeseen a 500: a page of our own words, no traceback leaves the server."""
    try:
        got = await draw()
    except StoreUnavailable:
        got = UNAVAILABLE
    except Exception:
        log.exception("a page could not be drawn")
        got = INTERNAL
    return refused_page(t, got) if isinstance(got, Refusal) else got


def refused_page(t: Translator, why: Refusal) -> web.Response:
    return html_page("error.html", t, "🃏", None, status=why.status, message=refusal(why.code, t))


def add_page_routes(
    app: web.Application,
    history: History,
    secret: bytes,
    public_since: PublicSince = never_public,
    *,
    clock: Callable[[], float] | None = None,
    season_months: int = 1,
) -> None:
    """Serve the player and group pages and their API on `app`: `history` reads them, `secret` is
    the links' key (page_links.py), `public_since` says since when a chat's page is public (the
    default: none is); `season_months` as the service's config has it."""
    reads = PageReads(history, secret, public_since, clock or time.time, season_months)
    add_api_routes(app, reads)
    app.router.add_get("/page/{token}", Pages(reads).page)
