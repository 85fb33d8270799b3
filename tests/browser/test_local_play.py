"""`cardbot play --web` (#34): one command serves a table against computers on 127.0.0.1, and a person
who knows nothing of the project wins a whole Speed game on a phone by tapping cards only — never
the moves drawer — (its time a fake clock her tries move); then the page's Rematch seats everyone at
a new table and the page follows to it. A forged link gets no table. The command itself, as a
process: it prints the address, serves the page, and Ctrl-C ends it with exit 0."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import sys
import time
from pathlib import Path
from typing import Any
from urllib.request import urlopen

import pytest
from playwright.async_api import TimeoutError as PlaywrightTimeout

from adapters.web.local import serve
from bot.clock import FakeClock
from bot.practice import Practice
from bot.settings import ServiceConfig
from tests.browser.live import PHONE, POLL_MS, WAIT_MS

pytestmark = pytest.mark.slow  # Chromium drives the page; the command runs as a process

CONFIG = ServiceConfig(window_seconds=0.3)  # real-time play, its reaction windows short
LIT = "#table [data-legal='true']"
OVER = "🏁"
TAP_MS = 300


async def local_table(
    game: str, players: int, clock: FakeClock | None = None, seed: int = 5
) -> tuple[str, asyncio.Event, asyncio.Task[int]]:
    """The command's server in this event loop (on `clock`, else the system's): the table's
    address, what stops it, its task."""
    urls: list[str] = []
    stop = asyncio.Event()
    local = Practice(game, players, "easy", "Ann", "en", seed)
    task = asyncio.create_task(serve(local, CONFIG, urls.append, stop, clock))
    while not urls:
        assert not task.done(), task.result()
        await asyncio.sleep(0.01)
    return urls[0], stop, task


async def opened(browser: Any, url: str, viewport: dict[str, int], errors: list[str]) -> Any:
    context = await browser.new_context(viewport=viewport, has_touch=True, reduced_motion="reduce")
    context.set_default_timeout(WAIT_MS)
    page = await context.new_page()
    page.on("pageerror", lambda error: errors.append(f"uncaught: {error}"))
    page.on("console", lambda message: message.type == "error" and errors.append(message.text))
    await page.goto(url)
    return page


async def board(page: Any) -> str:
    return str(await page.locator("#board-text").text_content() or "")


async def tap_something(page: Any) -> str | None:
    """What a person does who only looks at Speed's table: tap a card that can move (it is a button)
    and the place that lights up ("card"); else turn up a stack's face-down card ("flip"), fill an
    empty stack from the reserve ("card"), or ask for new centre cards ("action"). What was done,
    None: nothing."""
    table = page.locator("#table")  # (the cards move on: a tap that cannot land soon is not made)
    card = table.locator(".mine button[data-card]").first
    if await card.count():
        await card.tap(timeout=TAP_MS)
        if await page.locator(LIT).count():
            await page.locator(LIT).first.tap(timeout=TAP_MS)
            return "card"
        await card.tap(timeout=TAP_MS)  # (it went nowhere after all: put it back)
    flip = table.locator(".mine [data-kind='stack']:has(.back)").first
    if await flip.count():
        await flip.tap(timeout=TAP_MS)
        return "flip"
    if await table.locator(".mine [data-kind='stack']:has(.empty)").count():
        await table.locator(".mine [data-kind='reserve']").tap(timeout=TAP_MS)
        if await page.locator(LIT).count():
            await page.locator(LIT).first.tap(timeout=TAP_MS)
            return "card"
    action = table.locator(".action").first
    if await action.count():
        await action.tap(timeout=TAP_MS)
        return "action"
    return None


async def play_to_the_end(page: Any, clock: FakeClock, most_seconds: float = 150) -> int:
    """Tap until the board says the game is over; the moves sent. The game's time passes a window
    after each card she moves, a second and a half when she has nothing to tap (the computer moves
    then), and not at all when her tap missed a redraw: a slow machine must not hand the computer
    time she did not spend."""
    sent, end = 0, time.monotonic() + most_seconds
    while OVER not in await board(page):
        assert time.monotonic() < end, f"no end after {most_seconds} s: {await board(page)}"
        try:
            done = await tap_something(page) if await page.locator("#table").is_visible() else None
        except PlaywrightTimeout:  # what she tapped went with a redraw: she taps again
            await asyncio.sleep(0.05)
            continue
        sent += done is not None
        # a card moves at the window's end; new centre cards wait for the computer to want them too
        clock.advance(CONFIG.window_seconds + 0.05 if done in ("card", "flip") else 1.5)
        if done is None:
            await asyncio.sleep(0.05)
    return sent


@pytest.mark.async_timeout(240)
async def test_one_command_and_a_person_wins_speed_by_tapping_cards_then_plays_the_rematch(browser):
    """The game's time is a fake clock her tries move (in real time a game takes a minute or two;
    the command itself is tested below)."""
    clock = FakeClock(time.time())
    url, stop, task = await local_table("speed", 2, clock)
    errors: list[str] = []
    try:
        page = await opened(browser, url, PHONE, errors)
        await page.locator("#table").wait_for()  # the computer sat down and the game began: she is here
        assert await page.locator("#drawer").get_attribute("open") is None  # the moves list stays shut
        sent = await play_to_the_end(page, clock)
        text = await board(page)
        assert sent > 10
        assert re.search(r"🏆[^\n]*Ann", text), text  # an easy computer is no match for her taps
        # the page offers the rematch, and follows to its table (the address names it: a reload goes on)
        first = re.search(r"[?&]t=(\d+)", page.url)
        assert first is not None
        await page.locator("#panel-buttons button", has_text="Rematch").click()
        await page.wait_for_function(
            "t => new URLSearchParams(location.search).get('t') !== t", arg=first[1], polling=POLL_MS
        )
        await page.locator("#table .mine button[data-card]").first.wait_for()
        assert OVER not in await board(page)
        await page.reload()  # the link in the address now is the next session's
        await page.locator("#table .mine button[data-card]").first.wait_for()
    finally:
        stop.set()
        assert await task == 0
    assert not errors, errors


async def test_a_forged_link_gets_no_table_and_the_real_one_sits_her_down_with_the_computers(browser):
    url, stop, task = await local_table("racing_demon", 3)
    errors: list[str] = []
    try:
        await asyncio.sleep(0.5)
        forged = re.sub(r"link=[^&]+", lambda m: m[0][:-3] + "AAA", url)
        page = await opened(browser, forged, PHONE, errors)
        await page.locator("main[data-state='refused']").wait_for()
        assert await page.locator("#table").is_hidden()
        page = await opened(browser, url, PHONE, errors)
        await page.locator("#table .mine button[data-card]").first.wait_for()  # started once she came
        assert await page.locator("#table .seat").count() == 2  # two computers sat down with her
    finally:
        stop.set()
        assert await task == 0
    assert not [e for e in errors if "4401" not in e], errors


async def test_the_command_prints_the_address_serves_the_page_and_stops_on_ctrl_c(tmp_path: Path):
    cardbot = Path(sys.executable).with_name("cardbot")
    env = {k: v for k, v in os.environ.items() if k not in ("DISPLAY", "WAYLAND_DISPLAY")}  # no browser opened
    process = await asyncio.create_subprocess_exec(
        str(cardbot), "play", "speed", "--web", "--difficulty", "easy", "--lang", "en",
        stdout=asyncio.subprocess.PIPE, stderr=asyncio.subprocess.STDOUT, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert process.stdout is not None
    line = (await asyncio.wait_for(process.stdout.readline(), 30)).decode()
    url = re.search(r"http://127\.0\.0\.1:\d+/\?t=\d+&link=\S+", line)
    assert url is not None, line
    page = await asyncio.to_thread(lambda: urlopen(url[0], timeout=10).read().decode())
    assert "/static/table.js" in page
    process.send_signal(signal.SIGINT)
    assert await asyncio.wait_for(process.wait(), 30) == 0
    rest = (await process.stdout.read()).decode()
    assert "Traceback" not in rest, rest
