"""The page as a Telegram Mini App (#34): it asks the client for full height (and full screen on a
phone), its safe areas and a BackButton; it asks Telegram to confirm closing while its person plays;
the BackButton asks before it closes mid-game; a dragged card turns off swipe-to-close while it
moves; a move that lands or is refused is felt. Telegram's side is a stand-in for the WebView's
`TelegramWebviewProxy` that records what the page posts; its events come through
`Telegram.WebView.receiveEvent`, as the clients send them."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.web.words import page_words
from tests.browser.live import Live, caught_up, shown, telegram_person

pytestmark = pytest.mark.slow  # Chromium drives the page

ANN = telegram_person(101, "Ann", "en")
PROXY = """
window.__posted = [];
window.TelegramWebviewProxy = { postEvent: (type, body) => window.__posted.push([type, JSON.parse(body || "null")]) };
"""


async def posted(page: Any) -> list[tuple[str, Any]]:
    return [(kind, data) for kind, data in await page.evaluate("() => window.__posted")]


async def event(page: Any, kind: str, data: dict[str, Any] | None = None) -> None:
    await page.evaluate("([kind, data]) => Telegram.WebView.receiveEvent(kind, data)", [kind, data])


@pytest.mark.async_timeout(120)
async def test_the_mini_app_keeps_telegrams_ways(browser):
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        page = await live.page(live.telegram_url(ANN, table_id), script=PROXY)  # Bot API 8.0, Android
        await shown(page)
        await caught_up(live, page, table_id)
        kinds = [kind for kind, _ in await posted(page)]
        assert kinds[:2] == ["web_app_ready", "web_app_expand"]
        assert ("web_app_setup_back_button", {"is_visible": True}) in await posted(page)
        assert {"web_app_request_safe_area", "web_app_request_content_safe_area", "web_app_request_fullscreen"} <= set(
            kinds
        )
        assert ("web_app_setup_closing_behavior", {"need_confirmation": True}) in await posted(page)  # she plays

        # full screen: the safe areas and Telegram's own buttons above the content are kept clear
        await event(page, "safe_area_changed", {"top": 47, "bottom": 34, "left": 0, "right": 0})
        await event(page, "content_safe_area_changed", {"top": 46, "bottom": 0, "left": 0, "right": 0})
        padding = await page.evaluate("() => getComputedStyle(document.getElementById('page')).paddingTop")
        assert padding == f"{8 + 47 + 46}px"

        # the BackButton mid-game asks first; "stay" stays, "leave" closes
        await event(page, "back_button_pressed")
        [popup] = [data for kind, data in await posted(page) if kind == "web_app_open_popup"]
        assert popup["message"] == page_words("en")["leave_question"]
        assert [b["id"] for b in popup["buttons"]] == ["leave", "stay"]
        await event(page, "popup_closed", {"button_id": "stay"})
        assert "web_app_close" not in [kind for kind, _ in await posted(page)]

        # a card dragged to where it goes: no swipe-to-close meanwhile, and the move is felt
        card = page.locator("#table .mine button[data-card]").first
        for _ in range(60):  # until she has a card to play (the computer plays meanwhile)
            if await card.count():
                break
            await live.advance(1.0)
            await caught_up(live, page, table_id)
        box = await card.bounding_box()
        await page.mouse.move(box["x"] + 10, box["y"] + 10)
        await page.mouse.down()
        await page.mouse.move(box["x"] + 10, box["y"] - 30, steps=4)
        target = await page.locator("#table [data-legal='true']").first.bounding_box()
        await page.mouse.move(target["x"] + target["width"] / 2, target["y"] + target["height"] / 2, steps=4)
        await page.mouse.up()
        swipes = [data for kind, data in await posted(page) if kind == "web_app_setup_swipe_behavior"]
        assert swipes == [{"allow_vertical_swipe": False}, {"allow_vertical_swipe": True}]
        await page.wait_for_function(
            "() => window.__posted.some(([k, d]) => k === 'web_app_trigger_haptic_feedback' && d.notification_type)"
        )
        felt = [data for kind, data in await posted(page) if kind == "web_app_trigger_haptic_feedback"]
        assert felt == [{"type": "notification", "notification_type": "success"}]

        await event(page, "back_button_pressed")
        await event(page, "popup_closed", {"button_id": "leave"})
        assert [kind for kind, _ in await posted(page)][-1] == "web_app_close"


async def test_an_older_telegram_is_asked_only_what_it_knows_and_a_spectator_closes_at_once(browser):
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        bob = telegram_person(202, "Bob", "en")
        url = live.telegram_url(bob, table_id).replace("tgWebAppVersion=8.0", "tgWebAppVersion=6.1")
        page = await live.page(url, script=PROXY)
        await shown(page)
        kinds = {kind for kind, _ in await posted(page)}
        assert kinds == {"web_app_ready", "web_app_expand", "web_app_setup_back_button"}  # no 6.2+ methods
        await event(page, "back_button_pressed")  # watching: nothing to lose
        assert [kind for kind, _ in await posted(page)][-1] == "web_app_close"
