"""A live table to test against: a real Service on a store (memory unless given), a Svolota game
of Ann and Bob (and a computer) in a Telegram chat drawn as text, and a WebServer on 127.0.0.1 on
a free port with /healthz and /metrics mounted as a bot mounts them (adapters/health.py); initData
signed as Telegram would, and a socket client that keeps what it got."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import time
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import aiohttp

from adapters.health import Operations
from adapters.web.server import WebServer
from adapters.web.settings import WebSettings
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open, Press
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.service import Service
from bot.settings import ChatSettings
from bot.store import Store
from bot.tables import Table
from bot.ui.render import panel_screens
from bot.ui.screen import Screen

BOT_TOKEN = "123456:TEST-token-for-the-live-table"
PUBLIC_URL = "https://cards.example.org"  # the live table's public URL (unless a test gives none)
CHAT = ChatRef("telegram", "-1001")
ANN = Actor(PersonRef("telegram", "101"), "Ann", lang="en")
BOB = Actor(PersonRef("telegram", "102"), "Bob", lang="en")
EVE = Actor(PersonRef("telegram", "103"), "Eve", lang="en")  # watches, never seated


def init_data(
    who: Actor, token: str = BOT_TOKEN, auth_date: float | None = None, start: str | None = None, **extra: str
) -> str:
    """A Mini App's initData for `who`, signed with `token` as Telegram signs it."""
    user = {"id": int(who.person.user_id), "first_name": who.name, "language_code": who.lang or "en"}
    fields = {"auth_date": str(int(time.time() if auth_date is None else auth_date)), "query_id": "AAE1", **extra}
    fields["user"] = json.dumps(user, separators=(",", ":"))
    if start is not None:
        fields["start_param"] = start
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


def hello(table_id: int, who: Actor | None = None, data: str | None = None) -> dict[str, Any]:
    auth = {"kind": "telegram", "init_data": data if data is not None else init_data(who or ANN)}
    return {"type": "hello", "table": table_id, "auth": auth}


def hand_lines(table: Table) -> list[str]:
    """Every seated person's "Your cards: …" line, as their panel shows it."""
    lines = []
    for seat, s in enumerate(table.seats):
        if s.person is not None:
            for screen in panel_screens(table, seat, "en"):
                lines += [line for line in screen.text.splitlines() if line.startswith("Your cards")]
    return lines


@dataclass
class Live:
    service: Service
    store: Store
    notifier: RecordingNotifier
    server: WebServer
    table_id: int
    session: aiohttp.ClientSession
    ops: Operations

    @property
    def origin(self) -> str:
        """Where the server listens."""
        return f"http://127.0.0.1:{self.server.port}"

    @property
    def page_origin(self) -> str:
        """The Origin of the server's own pages: the public URL's (else, as in local play, its own)."""
        return self.server.settings.origin or self.origin

    async def table(self) -> Table:
        table = await self.store.load(self.table_id)
        assert table is not None
        return table

    async def connect(
        self, message: dict[str, Any] | None = None, origin: str | None = None, lang: str | None = None
    ) -> Client:
        headers = {"Accept-Language": lang} if lang else None
        ws = await self.session.ws_connect(f"{self.origin}/ws", origin=origin or self.page_origin, headers=headers)
        client = Client(ws)
        if message is not None:
            await ws.send_json(message)
        return client

    async def watching(self, who: Actor) -> Client:
        """A socket said hello as `who` and got its first view."""
        client = await self.connect(hello(self.table_id, who))
        await client.until(lambda m: m["type"] == "view")
        return client


@dataclass
class Client:
    ws: aiohttp.ClientWebSocketResponse
    got: list[dict[str, Any]] = field(default_factory=list)
    closed: bool = False

    async def next(self, timeout: float = 5.0) -> dict[str, Any] | None:
        """The next message (None: the socket closed)."""
        message = await asyncio.wait_for(self.ws.receive(), timeout)
        if message.type is not aiohttp.WSMsgType.TEXT:
            self.closed = True
            return None
        data: dict[str, Any] = json.loads(message.data)
        self.got.append(data)
        return data

    async def until(self, wanted: Any, timeout: float = 5.0) -> dict[str, Any]:
        async def wait() -> dict[str, Any]:
            while True:
                message = await self.next(timeout)
                assert message is not None, f"closed before the wanted message; got {self.got}"
                if wanted(message):
                    return message

        return await asyncio.wait_for(wait(), timeout)

    async def press(self, token: str) -> None:
        await self.ws.send_json({"type": "press", "token": token})


def button(screen: Screen | None, label: str) -> str:
    assert screen is not None
    for row in screen.buttons:
        for b in row:
            if label in b.label and b.token:
                return b.token
    raise AssertionError(f"no button {label!r}")


async def svolota_for_two(service: Service, notifier: RecordingNotifier, look: str = "text") -> int:
    """Ann and Bob (and a computer) playing Svolota in CHAT, drawn in `look` (text); Ann to move."""
    await service.store.save_chat_settings(CHAT, ChatSettings(look=look))
    table_id = (await service.handle(Open(CHAT, ANN, "svolota", {}))).table_id
    assert table_id is not None
    for who, label in ((BOB, "Join"), (ANN, "+ Computer"), (ANN, "Start")):
        reply = await service.handle(Press(who, button(notifier.last(table_id), label), where=CHAT))
        assert reply.ok, reply.text
    return table_id


async def svolota_lobby(service: Service, notifier: RecordingNotifier) -> int:
    """Ann has opened Svolota in CHAT: the lobby, Ann seated, nobody else yet."""
    table_id = (await service.handle(Open(CHAT, ANN, "svolota", {}))).table_id
    assert table_id is not None
    return table_id


@asynccontextmanager
async def live_table(
    store: Store | None = None,
    static: Path | None = None,
    members: Any = None,
    url: str | None = PUBLIC_URL,
    table: Callable[[Service, RecordingNotifier], Awaitable[int]] = svolota_for_two,
    **settings: Any,
) -> AsyncIterator[Live]:
    """`table`: how the watched table comes to be (Svolota played by Ann, Bob and a computer)."""
    store = store if store is not None else MemoryStore()
    notifier = RecordingNotifier()
    service = bootstrap(store, notifier, FakeClock(time.time()))
    table_id = await table(service, notifier)
    web = WebSettings(url=url, listen="127.0.0.1:0", **settings)
    server = WebServer(service, store, web, BOT_TOKEN, **({"static": static} if static else {}), members=members)
    ops = Operations(service, "telegram", lambda: True)
    ops.mount(server.app)
    await server.start()
    try:
        async with aiohttp.ClientSession() as session:
            yield Live(service, store, notifier, server, table_id, session, ops)
    finally:
        await server.stop()
