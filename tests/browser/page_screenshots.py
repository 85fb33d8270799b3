"""The pictures of the player and group pages in docs/web/: the story of
tests/adapters/web/fake_history.py (Ann's 39 games over three seasons) served by the web app as a
bot serves it, on a 390×844 phone (`player.png`, `group.png`, at a device scale of 2) and a
1280×800 desktop (`player-desktop.png`, `group-desktop.png`), each its first screen; `--lang fa` shoots them
as `player-fa.png` … and `--dark` in the dark scheme as `player-dark.png` ….
`make page-screenshots`, or `python -m tests.browser.page_screenshots [folder]`. Needs Debian's
Chromium (/usr/bin/chromium-headless-shell)."""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path
from typing import Any

from adapters.web.page_links import sign_page
from bot.i18n import LANGUAGES
from bot.pages import ChatPage, PlayerPage
from tests.adapters.web.fake_history import ANN, CHAT, StoryStore
from tests.browser.live import BOT_TOKEN, BROWSER, DESKTOP, PHONE, Live

DAY = 86400.0


def page_urls(live: Live) -> dict[str, str]:
    """The story's player page (Ann's) and group page, as links the bot would hand out."""
    secret = live.server._secret
    expires = time.time() + DAY
    return {
        "player": f"{live.base}/page/{sign_page(secret, PlayerPage(ANN), expires)}",
        "group": f"{live.base}/page/{sign_page(secret, ChatPage(CHAT), expires)}",
    }


async def drawn(page: Any, kind: str) -> None:
    """Until pages.js has drawn what it draws (a player page's charts; a group page's picker)."""
    await page.locator("main[data-drawn='true']").wait_for()
    if kind == "player":
        await page.locator("figure.chart svg").first.wait_for()


async def main(folder: Path, lang: str, scheme: str) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    suffix = ("" if lang == "en" else f"-{lang}") + ("" if scheme == "light" else f"-{scheme}")
    async with Live(store=StoryStore()) as live:
        assert BOT_TOKEN  # (the server's links key comes from the test bot's token)
        for kind, url in page_urls(live).items():
            for viewport, scale, end in ((PHONE, 2, ""), (DESKTOP, 1, "-desktop")):
                page = await live.page(url, viewport, scale, locale=lang.replace("_", "-"), color_scheme=scheme)
                await drawn(page, kind)
                path = folder / f"{kind}{suffix}{end}.png"
                await page.screenshot(path=str(path))  # (the first screen: whole pages weigh megabytes)
                print(path)


def arguments(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m tests.browser.page_screenshots", description=__doc__)
    parser.add_argument("folder", nargs="?", type=Path, default=Path("docs/web"))
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="the reader's language (default: en)")
    parser.add_argument("--dark", action="store_true", help="the dark colour scheme")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = arguments(sys.argv[1:])
    if not BROWSER.exists():
        sys.exit(f"no Chromium at {BROWSER} (Debian: apt-get install {BROWSER.name})")
    asyncio.run(main(args.folder, args.lang, "dark" if args.dark else "light"))
