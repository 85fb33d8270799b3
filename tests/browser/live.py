"""A live table in a real browser: the service (a FakeClock the test moves, a RecordingNotifier
for the chat's screens), the web server on 127.0.0.1 (any free port) and Debian's Chromium driven
by Playwright, all in the test's event loop.

People reach the page as they would: through Telegram (a Mini App's initData signed with the test
bot's token, in the page's location.hash) or through a link the server signs (Discord's way).
"""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import json
import os
import socket
import time
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlencode

import pytest

from adapters.web.app import Members
from adapters.web.server import WebServer
from adapters.web.settings import WebSettings
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open, Press
from bot.games import game_info
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import ServiceConfig
from bot.store import Store
from bot.tables import Status, Table
from bot.ui.screen import Reply

# Debian's packages: Playwright downloads no browser here. The tests drive chromium-headless-shell,
# Chromium's old headless mode built as a browser of its own (what Playwright itself runs for headless
# Chromium since its 1.49: microsoft/playwright#33566): over tests/browser it used 37-42 % less of
# Chromium's CPU than the desktop browser's new headless mode, with every test passing alike (two runs
# each way, `python -m bench.command_cpu`). bench.page times what a person's browser does: the desktop
# browser, CHROMIUM.
BROWSER = Path("/usr/bin/chromium-headless-shell")
CHROMIUM = Path("/usr/bin/chromium")
BROWSER_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    # no process per site (every page of the tests, the Activity's frame too, is on 127.0.0.1):
    # fewer renderer processes started, 7-9 % less of Chromium's CPU over tests/browser, itself a
    # fifth of the whole suite's (two runs each way); what a page does is the same either way
    "--disable-site-isolation-trials",
    "--disable-features=site-per-process,IsolateOrigins",
]
PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
BOT_TOKEN = "123456789:TEST-live-table-token"
CHAT = ChatRef("telegram", "-1001")
# Long idle time: nobody gets a computer stand-in while the test's browser works (the clock is fake anyway).
CONFIG = ServiceConfig(window_seconds=1.5, idle_seconds=600, computer_think=0.5)
WAIT_MS = 20_000  # Playwright's longest wait for the page (the test's own limit is its async_timeout)
LIGHT = {"bg_color": "#ffffff", "text_color": "#000000", "button_color": "#2481cc", "button_text_color": "#ffffff"}


def need_chromium(browser: Path = BROWSER) -> None:
    """Skip without Debian's Chromium (the tests': its headless shell), except in CI (.ci/run sets
    CARDBOT_REQUIRE_BROWSER), where a missing browser fails."""
    if browser.exists():
        return
    message = f"no Chromium at {browser} (Debian: apt-get install {browser.name})"
    if os.environ.get("CARDBOT_REQUIRE_BROWSER") or os.environ.get("CI", "").lower() in ("1", "true", "yes"):
        pytest.fail(message + ": CI must run the browser tests")
    pytest.skip(message)


async def launched(browser: Path = BROWSER) -> tuple[Any, Any]:
    """Playwright and Debian's Chromium (the tests' headless shell, or the desktop browser in its new
    headless mode), started in the running event loop (the tests share one per worker, `browser` in
    tests/browser/conftest.py)."""
    from playwright.async_api import async_playwright

    args = [*BROWSER_ARGS, "--headless=new"] if browser == CHROMIUM else BROWSER_ARGS
    playwright = await async_playwright().start()
    return playwright, await playwright.chromium.launch(executable_path=str(browser), args=args)


def telegram_person(user_id: int, name: str, lang: str | None = "en") -> Actor:
    return Actor(PersonRef("telegram", str(user_id)), name, lang=lang)


def init_data(person: Actor, table_id: int | None, bot_token: str = BOT_TOKEN, auth_date: float | None = None) -> str:
    """A Telegram Mini App's initData for `person`, signed as Telegram signs it
    (core.telegram.org/bots/webapps#validating-data-received-via-the-mini-app)."""
    user: dict[str, Any] = {"id": int(person.person.user_id), "first_name": person.name, "allows_write_to_pm": True}
    if person.lang:
        user["language_code"] = person.lang
    fields = {
        "auth_date": str(int(time.time() if auth_date is None else auth_date)),
        "chat_instance": "-4242",
        "chat_type": "supergroup",
        "user": json.dumps(user, separators=(",", ":"), ensure_ascii=False),
    }
    if table_id is not None:
        fields["start_param"] = f"t{table_id}"
    check = "\n".join(f"{k}={v}" for k, v in sorted(fields.items()))
    secret = hmac.new(b"WebAppData", bot_token.encode(), hashlib.sha256).digest()
    fields["hash"] = hmac.new(secret, check.encode(), hashlib.sha256).hexdigest()
    return urlencode(fields)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Live:
    """The service, its web server and a browser. `async with Live() as live:`."""

    def __init__(
        self,
        store: Store | None = None,
        config: ServiceConfig = CONFIG,
        seed: int = 5,
        browser: Any = None,
        members: Members | None = None,
        public: bool = False,
    ) -> None:
        """`browser`: one already running in this event loop (the tests' `browser` fixture), which
        each page's own context keeps apart; without it, one is launched and closed with this.
        `members`: who the platform says is in a chat (None: it is not asked). `public`: served at
        a public URL, its own address (a free port chosen first), so that links to the pages (a
        finished game's replay) are made; else none is."""
        # The fake clock starts at the real time: an initData's auth_date is fresh whichever clock the server asks.
        self.clock = FakeClock(time.time())
        self.notifier = RecordingNotifier()
        self.store = store if store is not None else MemoryStore()
        self.service = bootstrap(self.store, self.notifier, self.clock, config, seed=seed)
        self.members = members
        settings = WebSettings(listen="127.0.0.1:0")
        if public:
            port = free_port()
            settings = WebSettings(listen=f"127.0.0.1:{port}", url=f"http://127.0.0.1:{port}")
        self.server = WebServer(self.service, self.store, settings, BOT_TOKEN, members=members)
        self.browser = browser
        self._own: Any = None  # the Playwright (and its browser) this launched, if it did
        self._contexts: list[Any] = []
        self.errors: list[str] = []  # the pages' uncaught errors and console errors (a CSP violation, too)

    async def __aenter__(self) -> Live:
        await self.server.start()
        if self.browser is None:
            self._own, self.browser = await launched()
        return self

    async def __aexit__(self, kind: object, *exc: object) -> None:
        try:
            for context in self._contexts:
                await context.close()
            if self._own is not None:
                await self.browser.close()
                await self._own.stop()
        finally:
            await self.server.stop()
            close = getattr(self.store, "close", None)
            if close is not None:
                await close()
        assert kind is not None or not self.errors, f"the page went wrong: {self.errors}"

    async def restart(self, port: int) -> None:
        """A new web server on `port` (the stopped one's: pages reconnect to it), as after a deploy."""
        settings = WebSettings(listen=f"127.0.0.1:{port}")
        self.server = WebServer(self.service, self.store, settings, BOT_TOKEN, members=self.members)
        await self.server.start()

    # ----- the page -------------------------------------------------------------------------

    @property
    def base(self) -> str:
        return f"http://127.0.0.1:{self.server.port}"

    def telegram_url(self, person: Actor, table_id: int, theme: dict[str, str] | None = None, **signed: Any) -> str:
        """The page as Telegram opens a Mini App: `/?t=<table>` plus its launch parameters in the hash."""
        hash_ = {
            "tgWebAppData": init_data(person, table_id, **signed),
            "tgWebAppVersion": "8.0",
            "tgWebAppPlatform": "android",
            "tgWebAppThemeParams": json.dumps(theme or LIGHT, separators=(",", ":")),
            "tgWebAppStartParam": f"t{table_id}",
        }
        return f"{self.base}/?t={table_id}#" + "&".join(f"{k}={quote(v, safe='')}" for k, v in hash_.items())

    def link_url(self, person: Actor, table_id: int) -> str:
        """The page as a Discord panel's link opens it."""
        token = self.server.sign(person.person, person.name, person.lang, table_id)
        return f"{self.base}/?t={table_id}&link={token}"

    async def page(
        self,
        url: str,
        viewport: dict[str, int] = PHONE,
        scale: float = 1,
        socket: Any = None,
        script: str = "",
        motion: str = "reduce",
        **options: Any,
    ) -> Any:
        """`socket`: a handler of the page's WebSocket (Playwright's route_web_socket), set before it
        opens; `script`: run in the page before its own (a stand-in for what Telegram puts there);
        `motion`: "reduce" (the tests' default: a tap need not wait for a card to stop gliding) or
        "no-preference"; `options`: the browser context's others (locale, color_scheme)."""
        context = await self.browser.new_context(
            viewport=viewport, device_scale_factor=scale, has_touch=True, reduced_motion=motion, **options
        )
        if script:
            await context.add_init_script(script)
        self._contexts.append(context)
        context.set_default_timeout(WAIT_MS)
        page = await context.new_page()
        if socket is not None:
            await page.route_web_socket("**/ws", socket)
        page.on("pageerror", lambda error: self.errors.append(f"uncaught: {error}"))
        page.on("console", self._console)
        await page.goto(url)
        return page

    def _console(self, message: Any) -> None:
        if message.type == "error":  # (a CSP violation is one too)
            self.errors.append(message.text)

    # ----- the table, as the chat moves it ---------------------------------------------------

    async def open(self, actor: Actor, game: str, chat: ChatRef = CHAT, **options: Any) -> int:
        reply = await self.service.handle(Open(chat, actor, game, options))
        assert reply.ok and reply.table_id is not None, reply
        return reply.table_id

    async def press(self, actor: Actor, table_id: int, label: str) -> Reply:
        """Press the button whose label holds `label` on the table's board in the chat."""
        screen = self.notifier.last(table_id, None, "table")
        assert screen is not None, "no board drawn"
        tokens = [b.token for row in screen.buttons for b in row if label in b.label and b.token]
        assert tokens, f"no {label!r} on the board: {[b.label for row in screen.buttons for b in row]}"
        reply = await self.service.handle(Press(actor, tokens[0], where=(await self.table(table_id)).chat))
        assert reply.ok, reply
        return reply

    async def playing_page(
        self, actor: Actor, game: str, computers: int, level: str | None = None, **options: Any
    ) -> tuple[int, Any]:
        """`actor` opens `game`, seats `computers` computers (of `level`, else the usual one) and
        starts it, then opens the table's page in Telegram (`options`: as `Live.page` takes them):
        the table and the page, shown and caught up."""
        table_id = await self.open(actor, game)
        await self.start_with_computers(actor, table_id, computers, level)
        page = await self.page(self.telegram_url(actor, table_id), **options)
        await shown(page)
        await caught_up(self, page, table_id)
        return table_id, page

    async def start_with_computers(self, actor: Actor, table_id: int, computers: int, level: str | None = None) -> None:
        """`computers` seats for computers, then Start unless the table started on its own (full).
        `level`: picked first among the house rules (a full table starts as the last one sits)."""
        if level is not None:
            await self.press(actor, table_id, "House rules")
            for _ in range(len(game_info((await self.table(table_id)).game).levels)):
                if (await self.table(table_id)).level == level:
                    break
                await self.press(actor, table_id, "Computers:")
            assert (await self.table(table_id)).level == level, level
            await self.press(actor, table_id, "Done")
        for _ in range(computers):
            await self.press(actor, table_id, "+ Computer")
        if (await self.table(table_id)).status is Status.LOBBY:
            await self.press(actor, table_id, "Start")

    async def table(self, table_id: int) -> Table:
        table = await self.store.load(table_id)
        assert table is not None
        return table

    async def advance(self, seconds: float) -> None:
        """Let time pass, firing what falls due (windows, the computers' moves) as the scheduler would."""
        end = self.clock.now() + seconds
        while True:
            due = await self.service.firing.next_due()
            if due is None or due > end:
                break
            self.clock.advance(max(0.0, due - self.clock.now()))
            await self.service.firing.tick()
            if await self.service.firing.next_due() == due:  # held back: let time move on
                break
        self.clock.advance(max(0.0, end - self.clock.now()))
        await asyncio.sleep(0)


# ----- what the page shows -----------------------------------------------------------------------

MOVES = "#panel-buttons button"
POLL_MS = 20  # how often a wait asks the page (by default every animation frame: a busy browser)


async def shown(page: Any) -> None:
    """Wait until the page shows a board."""
    await page.locator("#board-text").wait_for(state="visible")


async def caught_up(live: Live, page: Any, table_id: int) -> None:
    """Wait until the page shows the table's newest version (its answer to a press, too)."""
    version = (await live.table(table_id)).version
    await page.wait_for_function(
        "v => Number(document.getElementById('page').dataset.version) >= v"
        " && !document.querySelector('.buttons button:disabled')",
        arg=version,
        polling=POLL_MS,
    )


async def open_moves(page: Any) -> None:
    """Open the moves drawer, where the moves are buttons (closed while the cards are drawn)."""
    if await page.locator("#drawer[open]").count() == 0:
        await page.locator("#drawer > summary").click()
    await page.locator("#drawer[open]").wait_for(state="attached")


async def board_text(page: Any) -> str:
    return str(await page.locator("#board-text").inner_text())
