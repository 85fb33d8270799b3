"""The pictures of the live table in README.md and docs/players.md: a Speed, a Racing Demon and a
Svolota table as a phone shows them (390×844), each a few moves in, written to docs/web/.
`make screenshots`, or `python -m tests.browser.screenshots [folder]`. Needs Debian's Chromium
(/usr/bin/chromium)."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path

from bot.tables import Status
from tests.browser.live import CHROMIUM, Live, caught_up, shown, telegram_person

ANN = telegram_person(101, "Ann", "en")
TELEGRAM_LIGHT = {
    "bg_color": "#ffffff",
    "text_color": "#000000",
    "hint_color": "#999999",
    "link_color": "#2481cc",
    "button_color": "#3390ec",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#f1f1f4",
}


async def table(folder: Path, game: str, computers: int, seconds: float, seed: int) -> None:
    async with Live(seed=seed) as live:
        table_id = await live.open(ANN, game)
        for _ in range(computers):
            await live.press(ANN, table_id, "+ Computer")
        if (await live.table(table_id)).status is Status.LOBBY:
            await live.press(ANN, table_id, "Start")
        await live.advance(seconds)  # a few moves in
        page = await live.page(live.telegram_url(ANN, table_id, theme=TELEGRAM_LIGHT), scale=2)
        await shown(page)
        await caught_up(live, page, table_id)
        await page.wait_for_function("() => [...document.images].every(i => i.hidden || i.complete)")
        path = folder / f"{game}.png"
        await page.screenshot(path=str(path))
        print(path)


async def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    await table(folder, "speed", 1, 6, seed=5)
    await table(folder, "racing_demon", 2, 6, seed=3)
    await table(folder, "svolota", 2, 3, seed=2)


if __name__ == "__main__":
    if not CHROMIUM.exists():
        sys.exit(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    asyncio.run(main(Path(sys.argv[1] if len(sys.argv) > 1 else "docs/web")))
