"""Tables changed by other processes on the same PostgreSQL database: each save notifies
`cardbot_tables` with "<table id> <version>" (adapters/sql/store.py; delivered at commit), and a
thread here LISTENs on its own autocommit connection and hands each one to `hub.changed` on the
event loop. SQLite serves one process, whose service tells the hub itself: nothing to listen to.

A lost connection is made again after RETRY seconds; then every watched table is pushed once
(`Hub.changed` for each), for the notifications missed meanwhile.
"""

from __future__ import annotations

import asyncio
import logging
import threading

import psycopg
from sqlalchemy.engine import make_url

from adapters.web.hub import Hub

log = logging.getLogger(__name__)
CHANNEL = "cardbot_tables"
WAIT = 0.5  # seconds a wait for notifications lasts before the thread looks whether to stop
RETRY = 2.0  # seconds before a lost connection is made again


def conninfo(url: str) -> str:
    """A SQLAlchemy URL (postgresql+psycopg://…) as libpq connection parameters."""
    parsed = make_url(url)
    parts = {
        "host": parsed.host,
        "port": parsed.port,
        "user": parsed.username,
        "password": parsed.password,
        "dbname": parsed.database,
        **{k: v for k, v in parsed.query.items() if isinstance(v, str)},
    }
    return psycopg.conninfo.make_conninfo("", **{k: v for k, v in parts.items() if v is not None})


class Listener:
    def __init__(self, url: str, hub: Hub) -> None:
        self.url = url
        self.hub = hub
        self._stop = threading.Event()
        self._thread: threading.Thread | None = None
        self._listening = threading.Event()  # set once LISTEN has been run (tests wait for it)

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._thread = threading.Thread(target=self._run, args=(loop,), name="cardbot-web-listen", daemon=True)
        self._thread.start()

    async def listening(self, timeout: float = 10.0) -> bool:
        return await asyncio.to_thread(self._listening.wait, timeout)

    async def stop(self) -> None:
        self._stop.set()
        if self._thread is not None:
            await asyncio.to_thread(self._thread.join, WAIT * 4)

    def _run(self, loop: asyncio.AbstractEventLoop) -> None:
        first = True
        while not self._stop.is_set():
            try:
                with psycopg.connect(conninfo(self.url), autocommit=True) as conn:
                    conn.execute(f"LISTEN {CHANNEL}")
                    self._listening.set()
                    if not first:
                        loop.call_soon_threadsafe(self._everything)
                    first = False
                    while not self._stop.is_set():
                        for note in conn.notifies(timeout=WAIT):
                            self._hand(loop, note.payload)
            except Exception as e:
                if self._stop.is_set() or loop.is_closed():
                    return
                log.warning("lost the live table's LISTEN connection (%r): again in %s s", e, RETRY)
                self._stop.wait(RETRY)

    def _hand(self, loop: asyncio.AbstractEventLoop, payload: str) -> None:
        try:
            table, version = (int(part) for part in payload.split())
        except ValueError:
            log.warning("a notification that is not '<table> <version>': %r", payload[:100])
            return
        loop.call_soon_threadsafe(self.hub.changed, table, version)

    def _everything(self) -> None:
        for table_id in self.hub.watched():
            self.hub.changed(table_id, -1)
