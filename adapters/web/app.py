"""The live table's web application (aiohttp): the page, its files, the pictures and the socket.

The socket speaks JSON (web_design.md): the first message must be a valid hello within
HELLO_SECONDS, else `{"type": "refused"}` and close 4401, before anything about the table is sent;
then presses, each answered. Limits: MAX_MESSAGE bytes a message (larger closes the socket), and
the pace in limits.py.

The Origin header, when a browser sends one, must be the page's own: the public URL's origin, or
the origin of the Host the request came to (the server's listening address, in tests). Anything
else is refused before the upgrade (403): another site's page cannot speak for its visitor.

Who may watch: anyone Telegram or a link vouches for, any table their credential allows (a link:
its own; initData: the one its start_param names, else any). A spectator sees only the public
board, which the table's chat shows anyway; only a seated person gets a panel, their own. (Table
ids are sequential: a signed-in stranger could watch the public board of a table in a chat they
are not in. Checking chat membership would need the platform's API here.)

Presses are judged by the service as from the person's private panel (`Press` without a chat):
their own seat's moves and "leave" count; the board's buttons (join, start) are refused, as the
page does not know the person is in the table's chat.

A refusal says the same whatever was wrong (malformed, forged, expired, a link used before, a
table the credential is not for, a table that does not exist): a forger learns nothing.
"""

from __future__ import annotations

import asyncio
import json
import mimetypes
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from adapters.web.auth import Viewer, read_link, sign_link, telegram_viewer
from adapters.web.hub import Hub
from adapters.web.limits import Pace
from adapters.web.settings import WebSettings
from adapters.web.words import page_words, refused, slow_down
from bot.i18n import LANGUAGES, pick_language
from bot.people import ChatRef, PersonRef
from bot.service import Service
from bot.store import Store
from bot.tables import Table

# Whether a person is in a chat (asked of the platform): who may watch a table they do not play at.
Members = Callable[[ChatRef, PersonRef], Awaitable[bool]]

STATIC = Path(__file__).parent / "static"
HELLO_SECONDS = 10.0
MAX_MESSAGE = 4096
REFUSED = 4401  # the close code of a refused hello
HEARTBEAT = 30.0  # seconds between pings: a client that vanished is noticed
CSP = (
    "default-src 'self'; img-src 'self' data:; connect-src 'self'; style-src 'self'; script-src 'self'; "
    "frame-ancestors https://web.telegram.org https://*.telegram.org 'self'"
)
_NAME = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,63}")
_DIGEST = re.compile(r"[0-9a-f]{32}")

HUB: web.AppKey[Hub] = web.AppKey("hub", Hub)


def web_app(
    service: Service,
    store: Store,
    settings: WebSettings,
    bot_token: str,
    hub: Hub,
    static: Path = STATIC,
    members: Members | None = None,
) -> web.Application:
    sockets = Sockets(service, store, settings, bot_token, settings.link_key(bot_token), hub, members)
    app = web.Application(middlewares=[_headers])
    app[HUB] = hub

    async def close_sockets(app: web.Application) -> None:  # else each socket holds the stop up
        await hub.close_all()

    app.on_shutdown.append(close_sockets)

    async def page(request: web.Request) -> web.StreamResponse:
        return await _file(static / "index.html")

    async def static_file(request: web.Request) -> web.StreamResponse:
        return await _static(static, request.match_info["name"])

    async def picture(request: web.Request) -> web.StreamResponse:
        return await _picture(hub, request.match_info["digest"])

    app.router.add_get("/", page)
    app.router.add_get("/static/{name}", static_file)
    app.router.add_get("/pictures/{digest}.png", picture)
    app.router.add_get("/ws", sockets.handle)
    return app


@web.middleware
async def _headers(request: web.Request, handler: Any) -> web.StreamResponse:
    response: web.StreamResponse = await handler(request)
    if not isinstance(response, web.WebSocketResponse):
        response.headers["Content-Security-Policy"] = CSP
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
    return web.Response(body=body, content_type=kind, headers={"Cache-Control": "no-cache"})


async def _static(folder: Path, name: str) -> web.StreamResponse:
    if not _NAME.fullmatch(name):  # no paths, no dot files
        raise web.HTTPNotFound()
    return await _file(folder / name)


async def _picture(hub: Hub, key: str) -> web.StreamResponse:
    png = hub.gallery.get(key) if hub.gallery is not None and _DIGEST.fullmatch(key) else None
    if png is None:
        raise web.HTTPNotFound()
    return web.Response(body=png, content_type="image/png", headers={"Cache-Control": "max-age=31536000, immutable"})


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
    ) -> None:
        self.members = members
        self.service = service
        self.store = store
        self.settings = settings
        self.bot_token = bot_token
        self.secret = secret
        self.hub = hub

    def origin_ok(self, request: web.Request) -> bool:
        origin = request.headers.get("Origin")
        if origin is None:  # not a browser's page (a browser always sends one on a WebSocket)
            return True
        own = {f"http://{request.host}".lower(), f"https://{request.host}".lower(), self.settings.origin}
        return origin.lower() in own

    async def handle(self, request: web.Request) -> web.StreamResponse:
        if not self.origin_ok(request):
            raise web.HTTPForbidden(text="origin not allowed")
        # no permessage-deflate: the same view compressed again for every socket made a crowd's fan-out
        # 2-3x slower (bench/web.py); a view is a kilobyte or two
        socket = web.WebSocketResponse(max_msg_size=MAX_MESSAGE, heartbeat=HEARTBEAT, compress=False)
        await socket.prepare(request)
        try:
            hello = await asyncio.wait_for(socket.receive(), HELLO_SECONDS)
        except TimeoutError:
            hello = None
        viewer, table_id, by_link = await self.welcome(hello)
        if viewer is None or table_id is None:  # said in the browser's language: nothing else is trusted
            lang = pick_language(request.headers.get("Accept-Language"))
            await socket.send_json({"type": "refused", "text": refused(lang)})
            await socket.close(code=REFUSED, message=b"refused")
            return socket
        lang = await self.lang(viewer, table_id)
        welcome: dict[str, Any] = {"type": "welcome", "words": page_words(lang), "lang": lang}
        if by_link:  # a link opens one session: the page reconnects (a phone's network blip) with this one
            expires, nonce = time.time() + self.settings.link_seconds, secrets.token_urlsafe(12)
            resume = sign_link(self.secret, viewer.person, table_id, expires, nonce, viewer.name, viewer.lang)
            welcome["resume"] = resume
        await socket.send_json(welcome)
        self.hub.attach(table_id, socket, viewer)
        try:
            await self.presses(socket, viewer, table_id)
        finally:
            self.hub.detach(table_id, socket)
        return socket

    async def welcome(self, message: Any) -> tuple[Viewer | None, int | None, bool]:
        """The viewer and the table of a hello, and whether a link vouched for them; or (None, None, False)."""
        nobody = None, None, False
        if message is None or message.type is not WSMsgType.TEXT:
            return nobody
        try:
            hello = json.loads(message.data)
            table_id, auth = int(hello["table"]), hello["auth"]
            kind = auth["kind"] if hello["type"] == "hello" else None
        except (ValueError, TypeError, KeyError):
            return nobody
        viewer: Viewer | None = None
        if kind == "telegram" and isinstance(auth.get("init_data"), str):
            viewer = telegram_viewer(auth["init_data"], self.bot_token, time.time(), self.settings.max_age)
        elif kind == "link" and isinstance(auth.get("token"), str):
            read = read_link(self.secret, auth["token"], time.time())
            if read is not None and read[0].table_id == table_id and self.hub.use_nonce(read[1]):
                viewer = read[0]
        if viewer is None or viewer.table_id not in (None, table_id):
            return nobody
        table = await self.store.load(table_id)
        if table is None or not await self.may_watch(viewer, table):
            return nobody
        return viewer, table_id, kind == "link"

    async def may_watch(self, viewer: Viewer, table: Table) -> bool:
        """A player of the table may; anyone else only from the table's own chat (a spectator),
        as the platform says (`members`; table ids are counted, so an id alone proves nothing)."""
        if table.seat_of(viewer.person) is not None:
            return True
        if viewer.person.platform != table.chat.platform:
            return False
        return self.members is None or await self.members(table.chat, viewer.person)

    async def lang(self, viewer: Viewer, table_id: int) -> str:
        if viewer.lang in LANGUAGES:
            return viewer.lang
        table = await self.store.load(table_id)
        return (await self.service.chats.settings(table.chat)).lang if table else "en"

    async def presses(self, socket: web.WebSocketResponse, viewer: Viewer, table_id: int) -> None:
        pace = Pace()
        async for message in socket:
            if message.type is not WSMsgType.TEXT:
                break  # binary, an error (a message over MAX_MESSAGE) or a close: the end
            verdict = pace.take(time.monotonic())
            if verdict == "close":
                await socket.close(code=1008, message=b"too many messages")
                break
            if verdict == "slow":
                await socket.send_json({"type": "answer", "ok": False, "text": slow_down(viewer.lang)})
                continue
            try:
                data = json.loads(message.data)
                token = data["token"] if data["type"] == "press" else None
            except (ValueError, TypeError, KeyError):
                token = None
            if not isinstance(token, str):
                continue  # not a press: nothing to do (a newer page may send more kinds)
            await socket.send_json(await self.hub.press(viewer, token, table_id))
