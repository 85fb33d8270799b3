"""`/healthz` and `/metrics` on the bot's own HTTP listener.

`/healthz` answers JSON, 200 when every check passes, else 503:
- `database`: the store answers (the earliest deadline is read, within CHECK_SECONDS);
- `platform`: the platform has been reached (until then: `"status": "unreachable since <UTC time>"`,
  the attempts and the last error, adapters/chat/connection.py), its client runs, and no poll
  failed in the last DISCONNECTED_SECONDS;
- `scheduler`: the earliest deadline is not overdue by more than BEHIND_SECONDS.
`/metrics`: the process's Prometheus metrics (adapters/metrics.py).

Where they are served: on the live table's server when it runs (CARDBOT_WEB_URL set), else on a
server of their own at CARDBOT_WEB_LISTEN when that is set; otherwise nowhere (nothing is measured).
`attach` hooks them on a chat bot before it runs.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Callable
from typing import Any, Protocol

from aiohttp import web

from adapters.chat.connection import Connection
from adapters.metrics import CONTENT_TYPE, Metrics, PlatformLog, Sampler, instrument
from adapters.web.app import REFUSED_TO
from adapters.web.settings import WebSettings
from bot.service import Service

log = logging.getLogger(__name__)

CHECK_SECONDS = 2.0  # the database must answer within this
BEHIND_SECONDS = 30.0  # the earliest deadline overdue by more: the scheduler is behind
DISCONNECTED_SECONDS = 30.0  # a failed poll this recent: not connected
POLL_FAILURE = "polling"  # what the adapters' log says of a failed poll ("handling polling failed")


class PlatformWatch(PlatformLog):
    """PlatformLog that also remembers when a poll last failed."""

    last_poll_failure: float | None = None

    def emit(self, record: logging.LogRecord) -> None:
        super().emit(record)
        if record.levelno >= logging.WARNING and POLL_FAILURE in str(record.msg) + str(record.args):
            self.last_poll_failure = time.monotonic()

    def polling_ok(self) -> bool:
        return self.last_poll_failure is None or time.monotonic() - self.last_poll_failure > DISCONNECTED_SECONDS


class Operations:
    """Health and metrics of one service: `instrument`s it at once; `start`/`stop` the sampler and
    the platform's log watch beside the bot (in its event loop); `mount` the two routes on an app."""

    def __init__(
        self,
        service: Service,
        platform: str,
        running: Callable[[], bool],
        metrics: Metrics | None = None,
        connection: Connection | None = None,
    ) -> None:
        """`running`: whether the platform's client is up (polling, or its gateway connected).
        `metrics`: those its store's calls are timed into (`TimedStore`, where the bot was built).
        `connection`: the first connection to the platform, until which it is unreachable."""
        self.connection = connection
        self.service = service
        self.metrics = metrics or Metrics()
        self.sampler = Sampler(service, self.metrics)
        self.watch = PlatformWatch(self.metrics, platform)
        self.running = running
        self._detach: Callable[[], None] | None = None
        instrument(service, self.metrics)

    async def start(self) -> None:
        if self._detach is None:
            self._detach = self.watch.attach()
        self.sampler.start()

    async def stop(self) -> None:
        await self.sampler.stop()
        if self._detach is not None:
            self._detach()
            self._detach = None

    def mount(self, app: web.Application) -> None:
        """The two routes on `app`; on the live table's app, its socket's refusals are counted too."""
        app.router.add_get("/healthz", self.healthz)
        app.router.add_get("/metrics", self.metrics_page)
        if REFUSED_TO in app:
            app[REFUSED_TO].append(self.metrics.message_refused)

    async def checks(self) -> dict[str, Any]:
        service = self.service
        database: dict[str, Any] = {"ok": True}
        scheduler: dict[str, Any] = {"ok": True, "behind_seconds": 0.0}
        try:
            due = await asyncio.wait_for(service.firing.next_due(), CHECK_SECONDS)
        except Exception as e:  # unreachable or too slow: the scheduler cannot be judged either
            database = {"ok": False, "error": type(e).__name__}
            scheduler = {"ok": False, "error": "the database did not answer"}
        else:
            behind = max(0.0, service.clock.now() - due) if due is not None else 0.0
            scheduler = {"ok": behind <= BEHIND_SECONDS, "behind_seconds": round(behind, 3)}
        return {"database": database, "platform": self.platform(), "scheduler": scheduler}

    def platform(self) -> dict[str, Any]:
        if self.connection is not None and not self.connection.up:
            return self.connection.status()  # "unreachable since …", the attempts, the last error
        return {"ok": bool(self.running()) and self.watch.polling_ok()}

    async def healthz(self, request: web.Request) -> web.Response:
        checks = await self.checks()
        ok = all(check["ok"] for check in checks.values())
        return web.json_response({"ok": ok, **checks}, status=200 if ok else 503)

    async def metrics_page(self, request: web.Request) -> web.Response:
        response = web.Response(body=self.metrics.text())
        response.headers["Content-Type"] = CONTENT_TYPE
        return response


class OpsServer:
    """A listener of its own for the two routes, when the live table is not served."""

    def __init__(self, ops: Operations, settings: WebSettings) -> None:
        self.settings = settings
        self.app = web.Application()
        ops.mount(self.app)
        self.port = settings.port
        self._runner: web.AppRunner | None = None

    async def start(self) -> None:
        self._runner = web.AppRunner(self.app, access_log=None, handle_signals=False, shutdown_timeout=1.0)
        await self._runner.setup()
        site = web.TCPSite(self._runner, self.settings.host, self.settings.port)
        await site.start()
        bound = getattr(site._server, "sockets", None)
        if bound:
            self.port = int(bound[0].getsockname()[1])

    async def stop(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
            self._runner = None


class Attached:
    """Health and metrics for one bot: on its live table's server, else a listener of their own."""

    def __init__(
        self,
        bot: Any,
        platform: str,
        running: Callable[[], bool],
        metrics: Metrics | None,
        connection: Connection | None = None,
    ) -> None:
        self.settings: WebSettings = bot.web_settings
        self.ops = Operations(bot.service, platform, running, metrics, connection)
        self.server: OpsServer | None = None
        if bot.web is not None:
            self.ops.mount(bot.web.app)
        else:
            self.server = OpsServer(self.ops, self.settings)

    @staticmethod
    def wanted(bot: Any) -> bool:
        """Served where the live table is, or on CARDBOT_WEB_LISTEN if set."""
        return bot.web is not None or "listen" in bot.web_settings.model_fields_set

    async def start(self) -> None:
        await self.ops.start()
        if self.server is not None:
            await self.server.start()
            log.info("health and metrics on %s:%s", self.settings.host, self.server.port)

    async def stop(self) -> None:
        if self.server is not None:
            await self.server.stop()
        await self.ops.stop()


class Attachable(Protocol):
    """A chat bot (adapters/telegram/app.py, adapters/discord/app.py), as health sees it."""

    connection: Connection
    service: Service
    web: Any  # its live table's server (adapters/web/server.py), when served
    web_settings: WebSettings

    @property
    def platform(self) -> str: ...

    def connected(self) -> bool: ...

    async def start(self) -> None: ...

    async def stop(self) -> None: ...


def attach(bot: Attachable, metrics: Metrics | None = None) -> Operations | None:
    """Health and metrics for a chat bot about to run: on its live table's server, else on
    CARDBOT_WEB_LISTEN if set, else none (None). Started before the bot's `start` and stopped after
    its `stop` (both wrapped on the instance): /healthz answers from the first second, while the
    platform may still be unreachable (adapters/chat/connection.py)."""
    if not Attached.wanted(bot):
        return None
    attached = Attached(bot, bot.platform, bot.connected, metrics, bot.connection)
    start, stop = bot.start, bot.stop

    async def started() -> None:
        await attached.start()
        await start()

    async def stopped() -> None:
        try:
            await stop()
        finally:
            await attached.stop()

    bot.start, bot.stop = started, stopped  # type: ignore[method-assign]
    return attached.ops
