"""The lobby on the page (#34): Ann opens Svolota in the chat and the table's page; Eve, whom the
platform knows to be in the chat, opens it too and taps Join; Ann taps "+ Computer" and Start; the
game begins on both pages as cards — nobody went back to the chat, whose board shows the same table.
And one page per person: a second one takes the table, the first says why and does not come back."""

from __future__ import annotations

import pytest

from bot.people import ChatRef, PersonRef
from bot.tables import Status
from tests.browser.live import CHAT, DESKTOP, PHONE, Live, caught_up, shown, telegram_person

pytestmark = pytest.mark.slow  # Chromium drives the page

ANN = telegram_person(101, "Ann", "en")
EVE = telegram_person(103, "Eve", "en")
LOBBY = "#board-buttons button"


async def members(chat: ChatRef, person: PersonRef) -> bool:
    return chat == CHAT and person in (ANN.person, EVE.person)


async def test_the_lobby_is_joined_filled_and_started_from_the_page(browser):
    async with Live(browser=browser, members=members) as live:
        table_id = await live.open(ANN, "svolota")
        ann = await live.page(live.telegram_url(ANN, table_id), viewport=DESKTOP)
        eve = await live.page(live.telegram_url(EVE, table_id), viewport=PHONE)
        for page in (ann, eve):
            await shown(page)
            await caught_up(live, page, table_id)
        assert await ann.locator(LOBBY, has_text="Start").is_visible()

        await eve.locator(LOBBY, has_text="Join").tap()
        await ann.locator("#board-text", has_text="Eve").wait_for()
        await ann.locator(LOBBY, has_text="+ Computer").click()
        await caught_up(live, ann, table_id)
        await ann.locator(LOBBY, has_text="Start").click()

        for page in (ann, eve):  # the game, on the cards, for both: the lobby's buttons gone
            await page.locator("#table .mine [data-card]").first.wait_for()
            assert await page.locator(LOBBY).count() == 0
        table = await live.table(table_id)
        assert table.status is Status.PLAYING and [s.name for s in table.seats][:2] == ["Ann", "Eve"]
        chat = live.notifier.last(table_id, None, "table")
        assert chat is not None and "Eve" in chat.text  # the chat shows the same table


async def test_a_second_page_of_the_same_person_takes_the_table_and_the_first_says_so_and_stays_put(browser):
    async with Live(browser=browser) as live:
        table_id, first = await live.playing_page(ANN, "speed", 1)
        second = await live.page(live.telegram_url(ANN, table_id), viewport=DESKTOP)
        await second.locator("#table .mine [data-card]").first.wait_for()
        await first.locator("main[data-state='refused']").wait_for()
        status = (await first.locator("#status-text").inner_text()).strip()
        assert status == "This table is open in another window now. Reload to play here."
        assert await first.locator("#table").is_hidden()
        await first.wait_for_timeout(1500)  # past the first reconnect's delay: it does not come back
        assert live.server.hub.watchers(table_id) == 1
        assert await first.locator("main[data-state='refused']").count() == 1
