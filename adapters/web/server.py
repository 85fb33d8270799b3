"""The live table's server: the aiohttp app on `settings.listen`, its hub, and (on PostgreSQL) the
listener for changes made by other processes. A bot process makes one when CARDBOT_WEB_URL is set;
tests make one on 127.0.0.1 port 0 (`port` is the port it bound).

Making one tells the service to report every committed change to the hub (`Service.observers`).
"""

from __future__ import annotations

import secrets
import time
from collections.abc import Collection
from pathlib import Path

from aiohttp import web

from adapters.web.app import STATIC, Members, web_app
from adapters.web.auth import Viewer, sign_link
from adapters.web.hub import Hub
from adapters.web.listen import Listener
from adapters.web.page_links import PageLinks
from adapters.web.settings import WebSettings
from adapters.web.views import Gallery
from bot.people import PersonRef
from bot.service import Service
from bot.store import Store

STOP_SECONDS = 2.0  # a stop waits this long for requests under way
DAY = 86400.0


class WebServer:
    def __init__(
        self,
        service: Service,
        store: Store,
        settings: WebSettings,
        bot_token: str,
        static: Path = STATIC,
        members: Members | None = None,
        pages: Collection[str] = (),
    ) -> None:
        """`members` tells whether a person is in a chat: only they may watch its tables without
        playing (None: anyone signed in may). `pages`: other public URLs the page is served at
        (Telegram's Mini App URL, when not `settings.url`): their pages may open the socket too."""
        self.settings = settings
        self._secret = settings.link_key(bot_token)
        # the pages' addresses in chat buttons and on the live table (None: no public URL to put in them)
        self.pages = PageLinks(self._secret, settings.url, settings.page_days * DAY) if settings.url else None
        self.hub = Hub(service, store, Gallery(), settings.link_seconds, links=self._link, pages=self.pages)
        self.app = web_app(service, store, settings, bot_token, self.hub, static, members, pages)
        self.port = settings.port
        self._runner: web.AppRunner | None = None
        url = getattr(store, "url", None)  # a SqlStore on PostgreSQL: other processes write too
        self.listener = Listener(url, self.hub) if getattr(store, "postgres", False) and url else None
        service.observers.add(self.hub)

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False, shutdown_timeout=STOP_SECONDS)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.settings.host, self.settings.port)
        await site.start()
        bound = getattr(site._server, "sockets", None)  # the bound port (0 in the settings: any free one)
        if bound:
            self.port = int(bound[0].getsockname()[1])
        if self.listener is not None:
            self.listener.start()

    async def stop(self) -> None:
        if self.listener is not None:
            await self.listener.stop()
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None

    def _link(self, viewer: Viewer, table_id: int) -> str:
        return self.sign(viewer.person, viewer.name, viewer.lang, table_id, viewer.member)

    def sign(self, person: PersonRef, name: str, lang: str | None, table_id: int, member: bool = False) -> str:
        """A fresh link token for this person and table (a Discord panel's live button), good for
        `settings.link_seconds` and one session; `member`: vouched to be in the table's chat."""
        expires = time.time() + self.settings.link_seconds
        return sign_link(self._secret, person, table_id, expires, secrets.token_urlsafe(12), name, lang, member)
