"""A finished game's replay in a real browser (tests/browser/test_replay.py and the pictures in
docs/web/replay-*.png): a game of people and computers played to its end on the service's fake
clock (the people's idle seats get computer stand-ins), and its replay page's address, signed as
the bot signs the link on the result board.

`make replay-screenshots`, or `python -m tests.browser.replays [folder]`: each game's replay on a
1280×800 desktop, half-way through, as `replay-<game>.png`."""

from __future__ import annotations

import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from adapters.web.page_links import sign_page
from bot.pages import ReplayPage
from bot.tables import Status
from tests.browser.live import BOT_TOKEN, BROWSER, DESKTOP, Live, telegram_person

ANN = telegram_person(101, "Ann", "en")
GAMES = {"svolota": (2, 2), "speed": (1, 5), "racing_demon": (2, 3)}  # computers, seed


async def finished(live: Live, game: str, computers: int) -> int:
    table_id = await live.open(ANN, game)
    await live.start_with_computers(ANN, table_id, computers)
    for _ in range(100):
        if (await live.table(table_id)).status is Status.FINISHED:
            return table_id
        await live.advance(600)
    raise AssertionError(f"{game} did not end")


def replay_url(live: Live, table_id: int) -> str:
    token = sign_page(live.server.settings.link_key(BOT_TOKEN), ReplayPage(table_id), time.time() + 3600)
    return f"{live.base}/replay/{token}"


async def ready(page: Any) -> None:
    await page.locator('#page[data-state="ready"]').wait_for(state="attached")


async def main(folder: Path) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    for game, (computers, seed) in GAMES.items():
        async with Live(seed=seed) as live:
            table_id = await finished(live, game, computers)
            page = await live.page(replay_url(live, table_id), DESKTOP)
            await ready(page)
            steps = int(await page.locator("#scrubber").get_attribute("max") or 0)
            await page.locator("#scrubber").fill(str(steps // 2))
            path = folder / f"replay-{game}.png"
            await page.screenshot(path=str(path))
            print(path)


if __name__ == "__main__":
    if not BROWSER.exists():
        sys.exit(f"no Chromium at {BROWSER} (Debian: apt-get install {BROWSER.name})")
    asyncio.run(main(Path(sys.argv[1]) if len(sys.argv) > 1 else Path("docs/web")))
