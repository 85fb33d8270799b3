"""The live table's web application (aiohttp): the page, its files, the pictures and the socket.

The socket speaks JSON (what it reads: messages.py; a view: views.py): the first message must be
a valid hello within HELLO_SECONDS, else `{"type": "refused"}` and close 4401, before anything
about the table is sent; then presses, each answered. Limits: the pace in limits.py; what a message may be, messages.py.

A message the socket cannot read (too big, too deep, NaN or Infinity, not the object expected,
binary) is refused, never thrown: as the hello, `{"type": "refused", "error": <reason>}` and close
1009 (too big) or 1008; after it, `{"type": "answer", "ok": false, "error": <reason>}` and the
socket stays. A frame over SOCKET_LIMIT is not even read: aiohttp closes the socket (1009). Each
refusal is told to the app's REFUSED_TO listeners (the metrics', when /metrics is mounted on this app).

The Origin header, when a browser sends one, must be a public URL's origin (CARDBOT_WEB_URL's, or
where Telegram opens the Mini App); without a public URL, a loopback one (origins.py: a
DNS-rebinding page's Origin matches its Host, so the Host proves nothing). Anything else is refused
before the upgrade (403): another site's page cannot speak for its visitor.

Who may watch: anyone Telegram or a link vouches for, any table their credential allows (a link:
its own; initData: the one its start_param names, else any). A spectator sees only the public
board, which the table's chat shows anyway; only a seated person gets a panel, their own. (Table
ids are sequential: a signed-in stranger could watch the public board of a table in a chat they
are not in. Checking chat membership would need the platform's API here.)

Presses of a seat's own buttons (moves, leave, rematch: bot/table_actions.PRIVATE_ACTIONS) are
judged as from the person's private panel (`Press` without a chat). The board's buttons (join, add
a computer, start, …) count as pressed in the table's chat only for a viewer known to be in it:
seated when the page connected, said to be a member by the platform (`members`), or by the signer
of their link (a Discord Activity's sign-in; a panel's link does not say it). Anyone else's are
refused, as from a private chat.

One page per person and table: a new one (another tab, another device, the same page back after a
drop the server has not noticed yet) takes over, and the older is sent `{"type": "refused", "text"}`
and closed with 4409: it says the table is open elsewhere and does not reconnect (a reload takes the
table back). Two pages of one person would each show the other's moves as "too slow".

A refusal of a hello that reads says the same whatever was wrong (forged, expired, a link used
before, a table the credential is not for, a table that does not exist): a forger learns nothing.
"""

from __future__ import annotations

import asyncio
import json
import logging
import mimetypes
import re
import secrets
import time
from collections.abc import Awaitable, Callable, Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from adapters.web.auth import Viewer, read_link, sign_link, telegram_viewer
from adapters.web.hub import Hub
from adapters.web.limits import Pace
from adapters.web.messages import MAX_BYTES, TOO_BIG, Hello, Unreadable, read_hello, read_press
from adapters.web.origins import origin_allowed, origin_of
from adapters.web.page import page_html
from adapters.web.pages import add_page_routes
from adapters.web.replays import add_replay_routes
from adapters.web.settings import WebSettings
from adapters.web.words import elsewhere, page_words, refused, slow_down, unreadable
from bot.i18n import LANGUAGES, direction, pick_language
from bot.people import ChatRef, PersonRef
from bot.service import Service
from bot.store import Store
from bot.tables import Table

# Whether a person is in a chat (asked of the platform): who may watch a table they do not play at.
Members = Callable[[ChatRef, PersonRef], Awaitable[bool]]
# Told of each message refused: its stage ("welcome", "press") and reason (messages.REASONS).
Refused = Callable[[str, str], None]

log = logging.getLogger(__name__)

STATIC = Path(__file__).parent / "static"
HELLO_SECONDS = 10.0
# aiohttp's own limit: a frame over it is not read (the socket closes, 1009); under it, one over
# messages.MAX_BYTES is read and refused in words, and the socket stays once a hello was accepted
SOCKET_LIMIT = 16 * MAX_BYTES
REFUSED = 4401  # the close code of a refused hello
UNREADABLE, TOO_LARGE = 1008, 1009  # the close codes of a hello that could not be read
HEARTBEAT = 30.0  # seconds between pings: a client that vanished is noticed
# Framed by Telegram's web clients (the Mini App) and Discord's (an Activity, docs/discord-activity.md)
CSP = (
    "default-src 'self'; img-src 'self' data:; connect-src 'self'; style-src 'self'; script-src 'self'; "
    "frame-ancestors https://web.telegram.org https://*.telegram.org https://discord.com https://*.discord.com 'self'"
)
PROXY = "/.proxy"  # Discord's Activity proxy may put its prefix before the page's own paths
_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}")
_DIGEST = re.compile(r"[0-9a-f]{32}")

HUB: web.AppKey[Hub] = web.AppKey("hub", Hub)
REFUSED_TO: web.AppKey[list[Refused]] = web.AppKey("refused_to", list)  # who is told of each refusal


def web_app(
    service: Service,
    store: Store,
    settings: WebSettings,
    bot_token: str,
    hub: Hub,
    static: Path = STATIC,
    members: Members | None = None,
    pages: Collection[str] = (),
) -> web.Application:
    """`pages`: other public URLs the page is served at (Telegram's Mini App URL, when not `settings.url`)."""
    sockets = Sockets(service, store, settings, bot_token, settings.link_key(bot_token), hub, members, pages)
    app = web.Application(middlewares=[_headers, _proxied])  # (the headers on what the proxy path reaches too)
    app[HUB] = hub
    app[REFUSED_TO] = sockets.refused_to

    async def close_sockets(app: web.Application) -> None:  # else each socket holds the stop up
        await hub.close_all()

    app.on_shutdown.append(close_sockets)

    async def page(request: web.Request) -> web.StreamResponse:
        return await _page(static, pick_language(request.headers.get("Accept-Language")))

    async def static_file(request: web.Request) -> web.StreamResponse:
        return await _static(static, request.match_info["name"])

    async def picture(request: web.Request) -> web.StreamResponse:
        return await _picture(hub, request.match_info["digest"])

    app.router.add_get("/", page)
    app.router.add_get("/static/{name}", static_file)
    app.router.add_get("/pictures/{digest}.png", picture)
    app.router.add_get("/ws", sockets.handle)
    add_page_routes(
        app, store, sockets.secret, service.chats.page_public_since, season_months=service.config.season_months
    )
    add_replay_routes(app, store, settings.link_key(bot_token), static)
    return app


@web.middleware
async def _proxied(request: web.Request, handler: Any) -> web.StreamResponse:
    """A path under Discord's proxy prefix is the same path without it (an Activity's requests)."""
    if request.path == PROXY or request.path.startswith(PROXY + "/"):
        unprefixed = request.clone(rel_url=request.rel_url.with_path(request.path[len(PROXY) :] or "/"))
        match = await request.app.router.resolve(unprefixed)
        match.add_app(request.app)
        unprefixed._match_info = match  # (as aiohttp's own dispatch sets it: the route's parameters)
        response: web.StreamResponse = await match.handler(unprefixed)
        return response
    passed: web.StreamResponse = await handler(request)
    return passed


@web.middleware
async def _headers(request: web.Request, handler: Any) -> web.StreamResponse:
    response: web.StreamResponse = await handler(request)
    if not isinstance(response, web.WebSocketResponse):
        response.headers.setdefault("Content-Security-Policy", CSP)  # (the page's own names its inline style)
        response.headers["X-Content-Type-Options"] = "nosniff"
        response.headers.setdefault("Referrer-Policy", "no-referrer")  # a link's token stays ours
    return response


async def _file(path: Path) -> web.StreamResponse:
    if not path.is_file():
        raise web.HTTPNotFound()
    kind = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
    if path.suffix == ".js":
        kind = "text/javascript"
    body = await asyncio.to_thread(path.read_bytes)
    response = web.Response(body=body, content_type=kind, headers={"Cache-Control": "no-cache"})
    if kind.startswith("text/"):
        response.enable_compression()  # (to a browser that asks: a third of the bytes on a slow line)
    return response


async def _page(folder: Path, lang: str) -> web.StreamResponse:
    if not (folder / "index.html").is_file():
        raise web.HTTPNotFound()
    page = await asyncio.to_thread(page_html, folder, lang, direction(lang))
    policy = CSP.replace("style-src 'self'", f"style-src 'self' {page.style_hash}") if page.style_hash else CSP
    headers = {"Cache-Control": "no-cache", "Content-Security-Policy": policy, "Vary": "Accept-Language"}
    response = web.Response(text=page.html, content_type="text/html", headers=headers)
    response.enable_compression()
    return response


async def _static(folder: Path, name: str) -> web.StreamResponse:
    if not _NAME.fullmatch(name):  # no paths, no dot files
        raise web.HTTPNotFound()
    return await _file(folder / name)


async def _picture(hub: Hub, key: str) -> web.StreamResponse:
    png = hub.gallery.get(key) if hub.gallery is not None and _DIGEST.fullmatch(key) else None
    if png is None:
        raise web.HTTPNotFound()
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "max-age=31536000, immutable"})


@dataclass(frozen=True, slots=True)
class Admitted:
    """A hello let in: who, at which table, whether a link vouched for them (else Telegram), and
    whether they are known to be in the table's chat (may press its board's buttons)."""

    viewer: Viewer
    table: Table
    by_link: bool
    in_chat: bool


class Sockets:
    """The /ws endpoint: one hello, then presses."""

    def __init__(
        self,
        service: Service,
        store: Store,
        settings: WebSettings,
        bot_token: str,
        secret: bytes,
        hub: Hub,
        members: Members | None = None,
        pages: Collection[str] = (),
    ) -> None:
        self.members = members
        urls = [settings.url, *pages]
        self.origins = frozenset(o for o in (origin_of(u) for u in urls if u) if o is not None)
        self.service = service
        self.store = store
        self.settings = settings
        self.bot_token = bot_token
        self.secret = secret
        self.hub = hub
        self.refused_to: list[Refused] = []

    def origin_ok(self, request: web.Request) -> bool:
        return origin_allowed(request.headers.get("Origin"), self.origins)

    def refusing(self, stage: str, reason: str) -> None:
        log.debug("a socket message refused at %s: %s", stage, reason)  # counted, not a story to log
        for listener in self.refused_to:
            listener(stage, reason)

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if not self.origin_ok(request):
            raise web.HTTPForbidden(text="origin not allowed")
        # no permessage-deflate: the same view compressed again for every socket made a crowd's fan-out
        # 2-3x slower (bench/web.py); a view is a kilobyte or two
        socket = web.WebSocketResponse(max_msg_size=SOCKET_LIMIT, heartbeat=HEARTBEAT, compress=False)
        await socket.prepare(request)
        lang = pick_language(request.headers.get("Accept-Language"))  # nothing else is trusted yet
        hello: Hello | None = None
        try:
            hello = read_hello(await asyncio.wait_for(socket.receive(), HELLO_SECONDS))
        except TimeoutError:
            pass
        except Unreadable as e:
            self.refusing("welcome", e.reason)
            code = TOO_LARGE if e.reason == TOO_BIG else UNREADABLE
            await _close(socket, {"type": "refused", "text": unreadable(lang), "error": e.reason}, code)
            return socket
        admitted = await self.welcome(hello)
        if admitted is None:
            await _close(socket, {"type": "refused", "text": refused(lang)}, REFUSED)
            return socket
        viewer, table, in_chat = admitted.viewer, admitted.table, admitted.in_chat
        table_id = table.id
        lang = await self.lang(viewer, table_id)
        welcome: dict[str, Any] = {"type": "welcome", "words": page_words(lang), "lang": lang, "dir": direction(lang)}
        if admitted.by_link:  # a link opens one session: the page reconnects (a phone's network blip) with this one
            expires, nonce = time.time() + self.settings.link_seconds, secrets.token_urlsafe(12)
            resume = sign_link(
                self.secret, viewer.person, table_id, expires, nonce, viewer.name, viewer.lang, viewer.member
            )
            welcome["resume"] = resume
        if not await _send(socket, welcome):
            return socket
        # one page per person and table: the newest (the older is told why, and stops)
        await self.hub.take_over(table_id, viewer, json.dumps({"type": "refused", "text": elsewhere(lang)}))
        self.hub.attach(table_id, socket, viewer, in_chat)
        try:
            await self.presses(socket, viewer, table, lang, in_chat)
        finally:
            self.hub.detach(table_id, socket)
        return socket

    async def welcome(self, hello: Hello | None) -> Admitted | None:
        """Who the hello is from, at which table; None: not admitted."""
        if hello is None or hello.table is None or hello.auth is None:
            return None
        table_id, auth = hello.table, hello.auth
        viewer: Viewer | None = None
        if auth.kind == "telegram":
            viewer = telegram_viewer(auth.init_data, self.bot_token, time.time(), self.settings.max_age)
        else:
            read = read_link(self.secret, auth.token, time.time())
            if read is not None and read[0].table_id == table_id and self.hub.use_nonce(read[1]):
                viewer = read[0]
        if viewer is None or viewer.table_id not in (None, table_id):
            return None
        table = await self.store.load(table_id)
        if table is None:
            return None
        in_chat = await self.in_chat(viewer, table)
        if in_chat is None:
            return None
        return Admitted(viewer, table, auth.kind == "link", in_chat)

    async def in_chat(self, viewer: Viewer, table: Table) -> bool | None:
        """None: the viewer may not watch the table. A player of the table may, and counts as in
        its chat. Anyone else may only from the table's own chat (a spectator), as the platform
        says (`members`; table ids are counted, so an id alone proves nothing); without `members`,
        anyone of the platform with a credential may watch, but is not known to be in the chat."""
        if table.seat_of(viewer.person) is not None:
            return True
        if viewer.person.platform != table.chat.platform:
            return None
        if viewer.member:  # (their link's signer saw them there)
            return True
        if self.members is None:
            return False
        return True if await self.members(table.chat, viewer.person) else None

    async def lang(self, viewer: Viewer, table_id: int) -> str:
        if viewer.lang in LANGUAGES:
            return viewer.lang
        table = await self.store.load(table_id)
        return (await self.service.chats.settings(table.chat)).lang if table else "en"

    async def presses(
        self, socket: web.WebSocketResponse, viewer: Viewer, table: Table, lang: str, in_chat: bool
    ) -> None:
        pace = Pace()
        chat = table.chat if in_chat else None
        while not socket.closed:
            message = await socket.receive()
            if message.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                break
            verdict = pace.take(time.monotonic())
            if verdict == "close":
                await socket.close(code=1008, message=b"too many messages")
                break
            if verdict == "slow":
                await _send(socket, {"type": "answer", "ok": False, "text": slow_down(lang)})
                continue
            try:
                token = read_press(message)
            except Unreadable as e:  # the socket stays (unless aiohttp closed it: a frame over SOCKET_LIMIT)
                self.refusing("press", e.reason)
                await _send(socket, {"type": "answer", "ok": False, "text": unreadable(lang), "error": e.reason})
                continue
            if token is not None:  # else not a press: nothing to do (a newer page may send more kinds)
                await _send(socket, await self.hub.press(viewer, token, table.id, chat))


async def _send(socket: web.WebSocketResponse, data: dict[str, Any]) -> bool:
    """Send unless the socket closed meanwhile (the client went, or aiohttp closed it): whether sent."""
    if socket.closed:
        return False
    try:
        await socket.send_json(data)
    except ConnectionError:  # closed under us: nobody left to tell
        return False
    return True


async def _close(socket: web.WebSocketResponse, data: dict[str, Any], code: int) -> None:
    """Say why, then close with this code (if the socket is still open: aiohttp closes some itself)."""
    if await _send(socket, data):
        await socket.close(code=code, message=str(data.get("error", "refused")).encode())
