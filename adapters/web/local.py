"""`cardbot play --web`: one person against computer players at the card table, in their own
browser, with no bot token, no chat and nothing to configure (the quickest way to see the project).

The bot's own service runs in this process with a memory store and the system clock (a practice
game, as the console's: no turn timer, not rated against anyone, gone when the process ends), its
scheduler firing the computers' moves and the reaction windows, and the live table's web server on
127.0.0.1 (a free port unless `--port` names one). The person reaches the table through a link this
process signs with a key made at start (the way Discord's players reach it), so nobody else on the
machine can take their seat: the server takes only loopback origins without a public URL, and a
link opens one session (the page keeps the next one in its address, so a reload goes on).

The table sits in a chat of its own, "local", that no platform shows: the page is the only place
it is seen. Its lobby waits for the page: the computers sit down, and the game starts (a real-time
one's clock with it), when the person's page first connects. After the game the page offers the
rematch, which seats everyone again at a new table; the process serves until Ctrl-C (or SIGTERM).
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import signal
from collections.abc import Callable
from dataclasses import replace
from typing import Final

from pydantic import SecretStr

from adapters.pictures import screens as pictures
from adapters.web.server import WebServer
from adapters.web.settings import WebSettings
from bot.bootstrap import bootstrap
from bot.clock import Clock, SystemClock
from bot.memory_store import MemoryStore
from bot.people import Actor, ChatRef, PersonRef
from bot.practice import Practice, practice_lobby, seat_computers
from bot.scheduler import Scheduler
from bot.settings import ServiceConfig
from bot.ui.screen import Screen

HERE: Final = ChatRef("local", "table")
ME: Final = PersonRef("local", "you")
LINK_SECONDS: Final = 12 * 3600.0  # a reload or a phone's sleep half a day later still opens the page
WATCH_POLL: Final = 0.1  # seconds between looks for the page, before the game starts


class NoChat:
    """The local table's chat: nobody reads it (the page draws the table from the service)."""

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        return None


async def serve(
    setup: Practice,
    config: ServiceConfig,
    opened: Callable[[str], object],
    stop: asyncio.Event | None = None,
    clock: Clock | None = None,
    port: int = 0,
) -> int:
    """Seat the person and the computers, serve the table's page on `port` (0: any free one) and
    tell `opened` its address; then serve until `stop` is set (None: until SIGINT or SIGTERM). The
    exit code. `clock`: the system's unless a test moves its own."""
    store = MemoryStore()
    config = replace(config, lobby_seconds=LINK_SECONDS)  # the lobby waits for its page
    service = bootstrap(store, NoChat(), clock or SystemClock(), config, seed=setup.seed)
    key = secrets.token_urlsafe(32)  # this process's own: its links die with it
    settings = WebSettings(listen=f"127.0.0.1:{port}", secret=SecretStr(key), link_seconds=LINK_SECONDS)
    server = WebServer(service, store, settings, bot_token=key)
    await server.start()
    scheduler = asyncio.create_task(Scheduler.of(service).run())
    try:
        stopping = stop or _signalled()
        me = Actor(ME, setup.name, lang=setup.lang, admin=True)
        table_id = await practice_lobby(service, HERE, me, setup.game)
        link = server.sign(ME, setup.name, setup.lang, table_id)
        opened(f"http://127.0.0.1:{server.port}/?t={table_id}&link={link}")
        # the computers sit down, and a real-time game starts, once the person is there to play
        while not server.hub.watchers(table_id) and not stopping.is_set():
            await asyncio.sleep(WATCH_POLL)
        if not stopping.is_set():
            await seat_computers(service, HERE, me, table_id, setup.players, setup.level)
        await stopping.wait()
        return 0
    finally:
        scheduler.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await scheduler
        await server.stop()
        pictures.close()  # the drawing processes of the podium, if it was drawn


def _signalled() -> asyncio.Event:
    """Set on SIGINT (Ctrl-C) or SIGTERM: the process stops serving, quietly."""
    event = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        loop.add_signal_handler(sig, event.set)
    return event
