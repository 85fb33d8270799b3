"""The live table's accessibility (#34): axe-core, run inside the page, finds nothing of impact
"serious" or "critical" in a lobby, at each game's cards with one of them selected (its targets lit),
at a game's result, on a spectator's page and on a page still connecting; each on a 390×844 phone
and a 1280×800 desktop, in Telegram's light theme and in its night one.

axe comes from the axe-playwright-python package (its axe.min.js), nothing from elsewhere: Playwright
evaluates it in the page, which the page's Content-Security-Policy (script-src 'self') does not
govern; a page error (a CSP refusal too) fails the test (`Live`)."""

from __future__ import annotations

from importlib.resources import files
from typing import Any

import pytest

from bot.commands import Play
from bot.people import ChatRef
from bot.tables import Status
from core import load_game
from tests.browser.live import DESKTOP, PHONE, Live, caught_up, shown, telegram_person
from tests.browser.screenshots import TELEGRAM_LIGHT

pytestmark = pytest.mark.slow  # Chromium drives the page

ANN = telegram_person(101, "Ann", "en")
BOB = telegram_person(202, "Bob", "en")  # watches, never seated
AXE = (files("axe_playwright_python") / "axe.min.js").read_text(encoding="utf-8")
SERIOUS = ("serious", "critical")
# A card's rank is one character (A, 7, Q), which axe leaves to a person when its contrast fails
# (it might be an icon); on a card it is the text itself.
OPTIONS = {"resultTypes": ["violations"], "checks": {"color-contrast": {"options": {"ignoreLength": True}}}}
# Telegram's night theme, as its clients send it
TELEGRAM_DARK = {
    "bg_color": "#17212b",
    "text_color": "#f5f5f5",
    "hint_color": "#708499",
    "link_color": "#6ab3f3",
    "button_color": "#5288c1",
    "button_text_color": "#ffffff",
    "secondary_bg_color": "#232e3c",
}
THEMES = {"light": TELEGRAM_LIGHT, "dark": TELEGRAM_DARK}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}
MOVABLE = "#table .mine button[data-card]"


async def axe(page: Any) -> dict[str, Any]:
    """axe-core's findings on the page as it is now (its violations' every node; one node of the rest)."""
    if not await page.evaluate("() => typeof window.axe === 'object'"):
        await page.evaluate(AXE)
    return dict(await page.evaluate("options => axe.run(document, options)", OPTIONS))


async def serious(page: Any, state: str) -> list[str]:
    """The serious and critical violations of the page in `state`, in each theme on each screen, each
    as "state, screen, theme: " and what `told` says of it."""
    found: list[str] = []
    for theme, params in THEMES.items():
        # as a Telegram client tells a theme change, with the system's scheme to match
        await page.emulate_media(color_scheme=theme)
        await page.evaluate("p => Telegram.WebView.receiveEvent('theme_changed', {theme_params: p})", params)
        for screen, size in SCREENS.items():
            await page.set_viewport_size(size)
            results = await axe(page)
            ran = {r["id"] for kind in ("passes", "violations", "incomplete") for r in results[kind]}
            assert "color-contrast" in ran, sorted(ran)  # axe did look
            found += [f"{state}, {screen}, {theme}: {told(v)}" for v in results["violations"] if v["impact"] in SERIOUS]
    return found


def told(violation: dict[str, Any]) -> str:
    """As "rule (impact) at selector; selector…: what the rule asks. What axe saw (at the first)"."""
    nodes = violation["nodes"]
    where = "; ".join(" ".join(node["target"]) for node in nodes)
    saw = next((check["message"] for kind in ("any", "all", "none") for check in nodes[0][kind]), "")
    return f"{violation['id']} ({violation['impact']}) at {where}: {violation['help']}. {saw}"


async def select_a_card(live: Live, page: Any, table_id: int) -> None:
    """Wait (the computers playing on) until one of the viewer's cards can move, then tap it."""
    for _ in range(60):
        await caught_up(live, page, table_id)
        if await page.locator(MOVABLE).count():
            await page.locator(MOVABLE).first.tap()
            await page.locator("#table [aria-pressed='true']").wait_for()
            return
        await live.advance(1.0)
    raise AssertionError("no card of the viewer's could move")


async def played_out(live: Live, table_id: int) -> None:
    """Ann makes her first legal move whenever it is her turn; the computers take theirs."""
    for _ in range(2000):
        table = await live.table(table_id)
        if table.status is not Status.PLAYING:
            return
        game = load_game(table.state)
        if game.turn == 0:
            assert (await live.service.handle(Play(ANN, table_id, game.moves("0")[0]))).ok
        else:
            await live.advance(1.0)
    raise AssertionError("the game did not end")


@pytest.mark.async_timeout(180)
async def test_a_table_has_no_serious_accessibility_violation_from_its_lobby_to_its_result(browser):
    """One Svolota page throughout: the lobby, the cards (one selected), the result and its rematch."""
    async with Live(seed=2, browser=browser) as live:
        table_id = await live.open(ANN, "svolota")
        page = await live.page(live.telegram_url(ANN, table_id, theme=TELEGRAM_LIGHT))
        await shown(page)
        await caught_up(live, page, table_id)
        found = await serious(page, "lobby")

        await live.start_with_computers(ANN, table_id, 2)
        await select_a_card(live, page, table_id)
        found += await serious(page, "svolota, a card selected")

        await played_out(live, table_id)
        await caught_up(live, page, table_id)
        assert await page.locator("#table").is_hidden()  # the result: the board, its podium, a rematch
        await page.locator("#board-picture").wait_for()  # (shown once decoded)
        found += await serious(page, "the result")
        assert not found, "axe-core found:\n" + "\n".join(found)


@pytest.mark.async_timeout(180)
async def test_speed_and_racing_demon_have_no_serious_accessibility_violation_for_a_player_or_a_spectator(browser):
    """A player's page with one of her cards selected, then a spectator's (the badge, no panel)."""
    async with Live(seed=3, browser=browser) as live:
        found: list[str] = []
        for chat, (game, computers) in enumerate((("speed", 1), ("racing_demon", 2))):
            table_id = await live.open(ANN, game, chat=ChatRef("telegram", f"-100{chat}"))  # a game a chat
            await live.start_with_computers(ANN, table_id, computers)
            page = await live.page(live.telegram_url(ANN, table_id, theme=TELEGRAM_LIGHT))
            await shown(page)
            await select_a_card(live, page, table_id)
            found += await serious(page, f"{game}, a card selected")
        watching = await live.page(live.telegram_url(BOB, table_id, theme=TELEGRAM_LIGHT))
        await caught_up(live, watching, table_id)
        found += await serious(watching, f"{game}, a spectator")

        # a socket that never answers: the page's first paint, its status line waiting
        waiting = await live.page(live.telegram_url(ANN, table_id, theme=TELEGRAM_LIGHT), socket=lambda route: None)
        await waiting.locator("main[data-state='connecting'] #status-text").wait_for()
        found += await serious(waiting, "connecting")
        assert not found, "axe-core found:\n" + "\n".join(found)
