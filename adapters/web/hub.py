"""The sockets watching each table, and what they are sent.

`changed(table, version)` is called after every committed change (the hub observes the service:
`committed`, bot/observers.py)
and by the PostgreSQL listener for changes made by other processes (listen.py). It schedules one
push per table: the table is loaded once, each watcher's view built (once per kind of viewer:
every spectator of one language gets the same bytes) and sent to the sockets that have not seen
that version. Pushes of one table never overlap: changes that come during a push are coalesced
into the next one, which loads the table as it then is. A newly attached socket is brought up to
date the same way (it has seen no version), so its first view never races a push.

A send that takes longer than SEND_TIMEOUT (a client that stopped reading) closes that socket;
the others of the table are sent to side by side and do not wait for it.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Protocol

from cachetools import TTLCache

from adapters.web.auth import Viewer
from adapters.web.views import Gallery, Links, seat_of, view_of
from bot.commands import Press
from bot.i18n import LANGUAGES, translator
from bot.observers import Observer
from bot.pages import PageUrl
from bot.people import Actor, ChatRef
from bot.refusals import Refused
from bot.service import Service
from bot.store import Store
from bot.table_actions import PRIVATE_ACTIONS
from bot.tables import Table
from bot.tokens import decode

log = logging.getLogger(__name__)
SEND_TIMEOUT = 10.0  # seconds a socket may take to accept one view
NONCES_KEPT = 100_000  # used link nonces remembered (each for a link's life)
ELSEWHERE = 4409  # the close code of a page whose person opened the table again elsewhere (no retry)


class Socket(Protocol):
    """What the hub needs of a WebSocket (aiohttp's WebSocketResponse is one)."""

    async def send_str(self, data: str, compress: int | None = None) -> None: ...

    async def close(self, *, code: int = ..., message: bytes = ...) -> bool: ...


@dataclass(eq=False, slots=True)
class Watch:
    socket: Socket
    viewer: Viewer
    in_chat: bool = False  # known to be in the table's chat: shown the board's buttons (app.Admitted)
    version: int = -1  # the newest version sent to it


@dataclass(slots=True)
class _Table:
    watches: dict[Socket, Watch] = field(default_factory=dict)
    wanted: bool = False  # a push is asked for
    pushing: asyncio.Task[None] | None = None


class Hub(Observer):
    def __init__(
        self,
        service: Service,
        store: Store,
        gallery: Gallery | None = None,
        link_seconds: float = 900,
        now: Callable[[], float] = time.time,
        links: Links | None = None,
        pages: PageUrl | None = None,
    ) -> None:
        """`gallery` None: views without pictures. `link_seconds`: how long a used link nonce is
        remembered (no link lives longer). `links`: signs a viewer's link to a rematch (None: views
        do not lead on to it). `pages`: signs the finished game's link to its replay (None: no page
        links served, views without it)."""
        self.service = service
        self.store = store
        self.gallery = gallery
        self.links = links
        self.pages = pages
        self.link_seconds = link_seconds
        self._tables: dict[int, _Table] = {}
        self._nonces: TTLCache[str, bool] = TTLCache(NONCES_KEPT, link_seconds, timer=now)  # used link nonces

    # ----- sockets --------------------------------------------------------------------------

    def attach(self, table_id: int, socket: Socket, viewer: Viewer, in_chat: bool = False) -> None:
        """Watch the table from now on; its current view comes with the next push, asked for now.
        `in_chat`: the viewer is known to be in the table's chat (their view holds the lobby's buttons)."""
        watched = self._tables.setdefault(table_id, _Table())
        watched.watches[socket] = Watch(socket, viewer, in_chat)
        self._ask(table_id, watched)

    async def take_over(self, table_id: int, viewer: Viewer, message: str) -> int:
        """Close the sockets through which this person already watches the table, each told
        `message` (JSON) first: their newest page has it (a second tab, or a phone's page whose socket
        the network left half open: waiting for the heartbeat would lock them out). How many."""
        watched = self._tables.get(table_id)
        if watched is None:
            return 0
        older = [w for w in watched.watches.values() if w.viewer.person == viewer.person]
        for watch in older:
            watched.watches.pop(watch.socket, None)
            with contextlib.suppress(Exception):
                await watch.socket.send_str(message)
                await watch.socket.close(code=ELSEWHERE, message=b"open elsewhere")
        return len(older)

    def detach(self, table_id: int, socket: Socket) -> None:
        watched = self._tables.get(table_id)
        if watched is None:
            return
        watched.watches.pop(socket, None)
        if not watched.watches and watched.pushing is None:
            del self._tables[table_id]

    def watchers(self, table_id: int) -> int:
        watched = self._tables.get(table_id)
        return len(watched.watches) if watched else 0

    def watched(self) -> list[int]:
        return list(self._tables)

    def use_nonce(self, nonce: str) -> bool:
        """Whether a link's nonce is fresh (and now used): a link opens one session. With
        NONCES_KEPT used ones still remembered, a new one is refused too: forgetting a nonce before
        its link expires would let that link open a second session."""
        self._nonces.expire()
        if nonce in self._nonces:
            return False
        if len(self._nonces) >= NONCES_KEPT:
            log.warning("%s live table links used in %s s: no more until some expire", NONCES_KEPT, self.link_seconds)
            return False
        self._nonces[nonce] = True
        return True

    async def close_all(self) -> None:
        """Close every watching socket (the server stops: pages reconnect to whoever serves next)."""
        sockets = [w.socket for watched in self._tables.values() for w in watched.watches.values()]
        for socket in sockets:
            with contextlib.suppress(Exception):
                await socket.close(code=1001, message=b"server stopping")

    # ----- changes --------------------------------------------------------------------------

    def committed(self, table: Table) -> None:
        self.changed(table.id, table.version)

    def changed(self, table_id: int, version: int) -> None:
        """A change of the table was committed (here or by another process): push it to its
        watchers. Cheap when nobody watches the table. (`version` only says what changed: the
        push loads the table as it is then, which is at least as new.)"""
        watched = self._tables.get(table_id)
        if watched is not None:
            self._ask(table_id, watched)

    def _ask(self, table_id: int, watched: _Table) -> None:
        watched.wanted = True
        if watched.pushing is None:
            watched.pushing = asyncio.get_running_loop().create_task(self._pushes(table_id, watched))

    async def _pushes(self, table_id: int, watched: _Table) -> None:
        try:
            while watched.wanted and watched.watches:
                watched.wanted = False
                try:
                    table = await self.store.load(table_id)
                    if table is not None:
                        await self._push(table, watched)
                except Exception:  # one failed push (the store down) is not the end of watching
                    log.exception("could not push table %s to its watchers", table_id)
        finally:
            watched.pushing = None
            if not watched.watches and self._tables.get(table_id) is watched:
                del self._tables[table_id]

    async def _push(self, table: Table, watched: _Table) -> None:
        views: dict[tuple[object, ...], str] = {}  # (seat, lang, in chat) -> the view's JSON
        sends = []
        for watch in list(watched.watches.values()):
            if watch.version >= table.version:
                continue
            seat = seat_of(table, watch.viewer)
            key = (seat, watch.viewer.lang if watch.viewer.lang in LANGUAGES else None, watch.in_chat)
            # a seated viewer's view holds their own panel: built for them alone
            own = key if seat is None else (seat, watch.viewer.person.platform + ":" + watch.viewer.person.user_id)
            if own not in views:
                view = await view_of(
                    self.service, table, watch.viewer, self.gallery, self.links, watch.in_chat, self.pages
                )
                views[own] = json.dumps(view)
            watch.version = table.version
            sends.append(self._send(watched, watch, views[own]))
        await asyncio.gather(*sends)

    async def _send(self, watched: _Table, watch: Watch, data: str) -> None:
        try:
            async with asyncio.timeout(SEND_TIMEOUT):  # (no task per send, as wait_for would make)
                await watch.socket.send_str(data)
        except Exception:  # gone, or not reading: it stops watching
            watched.watches.pop(watch.socket, None)
            with contextlib.suppress(Exception):
                await watch.socket.close(code=1011, message=b"too slow")

    # ----- presses --------------------------------------------------------------------------

    async def press(
        self, viewer: Viewer, token: str, table_id: int | None = None, chat: ChatRef | None = None
    ) -> dict[str, Any]:
        """A button pressed on the page. A seat's own button (a move, leave, rematch) counts as
        from the person's private panel (Press without a chat); a board's button (join, start, …)
        as pressed in `chat`, the table's, for a viewer known to be in it (else None: refused, as
        from a private chat). A token of another table than the one the socket watches
        (`table_id`) is refused here, like a foreign button."""
        decoded = decode(token)
        if table_id is not None and (decoded is None or decoded.table_id != table_id):
            lang = viewer.lang if viewer.lang in LANGUAGES else "en"
            text = translator(lang).illegal(Refused("that button is not one of ours"))
            return {"type": "answer", "ok": False, "text": text}
        where = chat if decoded is not None and decoded.action not in PRIVATE_ACTIONS else None
        reply = await self.service.handle(Press(Actor(viewer.person, viewer.name, viewer.lang), token, where=where))
        return {"type": "answer", "ok": reply.ok, "text": reply.text}
