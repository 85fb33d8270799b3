"""The pictures of the live table in README.md and docs/players.md: a Speed, a Racing Demon and a
Svolota table as a phone shows them (390×844, `<game>.png`) and as a desktop browser does
(1280×800, `<game>-desktop.png`: at a device scale of 1, to keep the file small), each a few moves
in and a card of the viewer's tapped (its legal places lit), written to docs/web/.
`make screenshots`, or `python -m tests.browser.screenshots [folder]`. Needs Debian's Chromium
(/usr/bin/chromium-headless-shell).

`--lang ar` shoots the same tables as a person of that language sees them, as `<game>-ar.png` and
`<game>-ar-desktop.png` (`--name` gives them a name of the language's script: the page isolates it
either way)."""

from __future__ import annotations

import argparse
import asyncio
import sys
from pathlib import Path

from bot.i18n import LANGUAGES
from bot.people import Actor
from tests.browser.live import BROWSER, DESKTOP, PHONE, Live, caught_up, shown, telegram_person

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


async def table(folder: Path, game: str, computers: int, seconds: float, seed: int, who: Actor = ANN) -> None:
    """`<game>.png` and `<game>-desktop.png`, or `<game>-<lang>.png` and `<game>-<lang>-desktop.png`
    for a person of another language than English: the same table on each screen."""
    async with Live(seed=seed) as live:
        table_id = await live.open(who, game)  # (the buttons pressed here are the chat's: English)
        await live.start_with_computers(who, table_id, computers)
        await live.advance(seconds)  # a few moves in
        name = game if who.lang == "en" else f"{game}-{who.lang}"
        for viewport, scale, path in ((PHONE, 2, f"{name}.png"), (DESKTOP, 1, f"{name}-desktop.png")):
            page = await live.page(live.telegram_url(who, table_id, theme=TELEGRAM_LIGHT), viewport, scale)
            await shown(page)
            await caught_up(live, page, table_id)
            await page.wait_for_function("() => [...document.images].every(i => i.hidden || i.complete)")
            movable = page.locator("#table .mine button[data-card]")
            if await movable.count():  # a card tapped: where it may go lights up
                await movable.first.tap()
            await page.screenshot(path=str(folder / path))
            print(folder / path)


async def main(folder: Path, who: Actor = ANN) -> None:
    folder.mkdir(parents=True, exist_ok=True)
    await table(folder, "speed", 1, 6, seed=5, who=who)
    await table(folder, "racing_demon", 2, 6, seed=3, who=who)
    await table(folder, "svolota", 2, 3, seed=2, who=who)


def arguments(argv: list[str]) -> argparse.Namespace:
    about = "The live table as a phone and a desktop show it, a few moves in."
    parser = argparse.ArgumentParser(prog="python -m tests.browser.screenshots", description=about)
    parser.add_argument("folder", nargs="?", type=Path, default=Path("docs/web"))
    parser.add_argument("--lang", default="en", choices=LANGUAGES, help="the viewer's language (default: en)")
    parser.add_argument("--name", default=ANN.name, help="the viewer's name (default: %(default)s)")
    return parser.parse_args(argv)


if __name__ == "__main__":
    args = arguments(sys.argv[1:])
    if not BROWSER.exists():
        sys.exit(f"no Chromium at {BROWSER} (Debian: apt-get install {BROWSER.name})")
    asyncio.run(main(args.folder, telegram_person(101, args.name, args.lang)))
