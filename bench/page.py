"""The card table in a real browser: Debian's Chromium driven by Playwright (as tests/browser), the
page served by `cardbot play --web`'s server (adapters/web/local.py) in this process, on 127.0.0.1.

1. Tap to confirmed on screen: one person plays Racing Demon alone (a move is always there: turning
   the stock) on the service's fake clock, which never moves (nothing but her taps changes the
   table). `--taps` moves (default 300), each tapped as a person would: a card, then the place
   that lights up; else the stock. Timed inside the page, from the click that sent the move until
   the first animation frame after the page showed the table's next version. p50/p99, target p99
   < 50 ms.
2. First paint on a phone: a fresh page (390×844, touch) with the CPU slowed 4× and a slow
   network, `--loads` times each (default 5): Chrome DevTools' "Fast 3G" preset (562.5 ms
   latency, 1.44 Mbit/s down) and Lighthouse's mobile profile (150 ms, 1.6 Mbit/s). First
   contentful paint, and the table drawn as cards (from navigation start). Median and max, target
   < 1 s.
3. Page weight: the page's own files (the HTML, its style sheet and scripts), as served (gzip when
   the browser asks) and raw. Target ≤ 60 KB.

    python -m bench.page [--taps 300] [--loads 5]
"""

from __future__ import annotations

import argparse
import asyncio
import gzip
import statistics
import time
from typing import Any

from playwright.async_api import TimeoutError as PlaywrightTimeout

from adapters.web.app import STATIC
from adapters.web.local import serve
from adapters.web.page import page_files
from bot.clock import FakeClock
from bot.practice import Practice
from bot.settings import ServiceConfig
from tests.browser.live import CHROMIUM, PHONE, launched

TARGET_TAP_P99 = 50.0  # ms
TARGET_PAINT = 1000.0  # ms
TARGET_WEIGHT = 60 * 1024  # bytes, gzipped
CPU_SLOWDOWN = 4
# Two meanings of "fast 3G": Chrome DevTools' preset, and Lighthouse's mobile profile (its "Fast 3G"
# of old, "Slow 4G" now: 150 ms round trips, 1.6 Mbit/s down, 750 kbit/s up)
NETWORKS = {
    "DevTools Fast 3G": {
        "offline": False,
        "latency": 562.5,
        "downloadThroughput": 1.44e6 / 8,
        "uploadThroughput": 675e3 / 8,
    },
    "Lighthouse mobile": {
        "offline": False,
        "latency": 150.0,
        "downloadThroughput": 1.6e6 / 8,
        "uploadThroughput": 750e3 / 8,
    },
}
PAGE_FILES = page_files(STATIC)

# In the page: the click that sent a press (a capture listener: before the page's own), and the
# first animation frame after the page's version changed (its next paint).
TIMING = """
window.__bench = { clicked: 0, sent: 0, shown: 0 };
document.addEventListener("click", () => { window.__bench.clicked = performance.now(); }, true);
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (data) {
  if (typeof data === "string" && data.includes('"press"')) window.__bench.sent = window.__bench.clicked;
  return send.call(this, data);
};
document.addEventListener("DOMContentLoaded", () => {
  new MutationObserver(() => requestAnimationFrame(() => { window.__bench.shown = performance.now(); }))
    .observe(document.getElementById("page"), { attributes: true, attributeFilter: ["data-version"] });
});
"""
LIT = "#table [data-legal='true']"
CORNER = {"x": 8, "y": 8}  # where a person taps a card: its corner, the part a fanned pile leaves showing


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


async def one_tap(page: Any) -> bool:
    """A move tapped as a person would: a card that can move (it is a button) and the place it
    lights; else a place or a move of no card that does something by itself (turning the stock).
    Whether one was sent."""
    table = page.locator("#table")
    sent = await page.evaluate("() => window.__bench.sent")
    card = table.locator(".mine button[data-card]").first
    if await card.count():
        await card.tap(position=CORNER)  # (a card under a fanned run shows only its corner)
        if await page.locator(LIT).count():
            # (a click on the place itself: on a phone, Racing Demon's fanned work piles can lie over
            # a place's middle, where Playwright's tap would land)
            await page.locator(LIT).first.dispatch_event("click")
            return True
        await card.tap(position=CORNER)  # (nowhere to go after all: put it back)
    for place in await table.locator(".action, .mine [data-target]").all():
        await place.dispatch_event("click")  # (a fanned work pile may lie over the place's middle)
        if await page.locator(LIT).count():
            await page.locator(LIT).first.dispatch_event("click")
        if await page.evaluate("() => window.__bench.sent") != sent:
            return True
    return False


async def taps(browser: Any, count: int) -> tuple[list[float], int]:
    """Milliseconds from each sending tap to its version on screen, and how many were refused."""
    urls: list[str] = []
    stop = asyncio.Event()
    local = Practice("racing_demon", 1, "easy", "Ann", "en", seed=7)
    server = asyncio.create_task(serve(local, ServiceConfig(), urls.append, stop, FakeClock(time.time())))
    while not urls:
        await asyncio.sleep(0.01)
    context = await browser.new_context(viewport=PHONE, has_touch=True)
    await context.add_init_script(TIMING)
    page = await context.new_page()
    await page.goto(urls[0])
    await page.locator("#table .mine").wait_for()
    times: list[float] = []
    refused: list[float] = []
    try:
        for _ in range(count * 3):
            if len(times) >= count:
                break
            if not await one_tap(page):
                if "🏁" not in str(await page.locator("#board-text").text_content()):
                    break  # stuck: nothing to tap (a Racing Demon player alone never is)
                await page.locator("#panel-buttons button").first.click()  # the round is over: Rematch
                await page.locator("#table .mine").wait_for()
                continue
            sent = await page.evaluate("() => window.__bench.sent")
            try:
                await page.wait_for_function("sent => window.__bench.shown > sent", arg=sent, timeout=3000)
            except PlaywrightTimeout:  # refused (a toast says why): the table did not change
                refused.append(sent)
                continue
            times.append(await page.evaluate("() => window.__bench.shown") - sent)
    finally:
        await context.close()
        stop.set()
        await server
    return times, len(refused)


async def first_paints(browser: Any, loads: int, network: dict[str, Any]) -> list[tuple[float, float]]:
    """(first contentful paint, the cards drawn) in ms from navigation start, each in a fresh page
    with the CPU slowed and this network."""
    results = []
    for n in range(loads):
        urls: list[str] = []
        stop = asyncio.Event()
        local = Practice("speed", 2, "easy", "Ann", "en", seed=n)
        server = asyncio.create_task(serve(local, ServiceConfig(), urls.append, stop, FakeClock(time.time())))
        while not urls:
            await asyncio.sleep(0.01)
        context = await browser.new_context(viewport=PHONE, has_touch=True)
        page = await context.new_page()
        cdp = await context.new_cdp_session(page)
        await cdp.send("Emulation.setCPUThrottlingRate", {"rate": CPU_SLOWDOWN})
        await cdp.send("Network.enable")
        await cdp.send("Network.emulateNetworkConditions", network)
        await page.goto(urls[0])
        await page.locator("#table .mine [data-card]").first.wait_for(timeout=30000)
        drawn = await page.evaluate("performance.now()")
        fcp = await page.evaluate(
            "performance.getEntriesByType('paint').find(e => e.name === 'first-contentful-paint')?.startTime ?? -1"
        )
        results.append((float(fcp), float(drawn)))
        await context.close()
        stop.set()
        await server
    return results


def weight() -> tuple[int, int]:
    """The page's files, gzipped (as served to a browser that asks) and raw, in bytes."""
    raw = [(STATIC / name).read_bytes() for name in PAGE_FILES]
    return sum(len(gzip.compress(b, 6)) for b in raw), sum(map(len, raw))


def met(ok: bool) -> str:
    return "met" if ok else "NOT met"


async def run(args: argparse.Namespace) -> int:
    if not CHROMIUM.exists():
        print(f"bench.page needs Debian's Chromium at {CHROMIUM} (apt-get install chromium)")
        return 1
    playwright, browser = await launched(CHROMIUM)  # the desktop browser, as people have it
    try:
        tapped, refusals = await taps(browser, args.taps)
        paints = {name: await first_paints(browser, args.loads, network) for name, network in NETWORKS.items()}
    finally:
        await browser.close()
        await playwright.stop()
    zipped, raw = weight()
    p50, p99 = statistics.median(tapped), percentile(tapped, 0.99)
    print("the card table in Chromium (adapters/web/local.py's server in this process, 127.0.0.1)")
    print(
        f"  tap to confirmed on screen ({len(tapped)} moves, Racing Demon; {refusals} refused): "
        f"{p50:.1f} / {p99:.1f} ms p99"
    )
    worst = {}
    for name, loads in paints.items():
        fcps, drawn = [p[0] for p in loads], [p[1] for p in loads]
        worst[name] = max(fcps)
        print(
            f"  {name}, phone, CPU {CPU_SLOWDOWN}x slower ({len(loads)} loads): first contentful paint "
            f"{statistics.median(fcps):.0f} ms median, {max(fcps):.0f} max; "
            f"cards drawn {statistics.median(drawn):.0f} ms"
        )
    print(f"  page weight ({', '.join(PAGE_FILES)}): {zipped / 1024:.1f} KB gzipped, {raw / 1024:.1f} KB raw")
    print(f"  tap to confirmed: target p99 < {TARGET_TAP_P99:g} ms: {met(p99 < TARGET_TAP_P99)}")
    for name, fcp in worst.items():
        print(f"  first paint, {name}: target < {TARGET_PAINT:g} ms: {met(fcp < TARGET_PAINT)}")
    print(f"  page weight: target <= {TARGET_WEIGHT // 1024} KB: {met(zipped <= TARGET_WEIGHT)}")
    return 0 if len(tapped) >= args.taps else 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.page", description=__doc__.split("\n\n")[0])
    parser.add_argument("--taps", type=int, default=300, help="moves timed from tap to screen")
    parser.add_argument("--loads", type=int, default=5, help="fresh page loads on the slowed phone")
    return asyncio.run(run(parser.parse_args(argv)))


if __name__ == "__main__":
    raise SystemExit(main())
