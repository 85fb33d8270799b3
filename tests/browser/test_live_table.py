"""The live table (#17) in Debian's Chromium: people play on the page by tapping its moves' buttons, a
spectator follows the board, a forged credential sees nothing, and the page speaks the viewer's
language. The service's clock is fake: the test moves it, and with it the reaction windows and
the computers; nothing here asserts how long anything takes."""

from __future__ import annotations

from typing import Any

import pytest

from adapters.sql.store import SqlStore
from adapters.web.words import page_words, refused
from bot.i18n import LANGUAGES, translator
from bot.people import Actor, ChatRef, PersonRef
from bot.tables import Status
from bot.ui.words import game_name
from tests.browser.live import MOVES, POLL_MS, Live, board_text, caught_up, open_moves, shown, telegram_person
from tests.sql.databases import fresh_sqlite

pytestmark = pytest.mark.slow  # Chromium drives the page

ANN = telegram_person(101, "Ann", "en")
BOB = telegram_person(202, "Bob", "en")
DEE = Actor(PersonRef("discord", "404"), "Dee", lang="en")
DISCORD_CHAT = ChatRef("discord", "guild-1/channel-1")
LEAVE = "🚪"  # the panel's "Leave the game" button, in any language
BACKWARDS = ("Turn three cards", "Waste back to the stock")  # Racing Demon: moves that play no card


async def tap_a_move(page: Any) -> bool:
    """Tap one of the panel's moves (a card played where it can be, before turning the stock);
    False when the panel offers none. Then wait for the answer (the buttons come back)."""
    await open_moves(page)
    labels: list[str] = await page.locator(f"{MOVES}:not(:disabled)").all_inner_texts()
    moves = [i for i, label in enumerate(labels) if not label.startswith(LEAVE)]
    if not moves:
        return False
    forwards = [i for i in moves if not labels[i].startswith(BACKWARDS)]
    await page.locator(MOVES).nth((forwards or moves)[0]).click()
    await page.wait_for_function("() => !document.querySelector('#panel-buttons button:disabled')", polling=POLL_MS)
    return True


async def tap_moves(live: Live, page: Any, table_id: int, most: int) -> int:
    """Tap up to `most` moves in the drawer, a second of the game's time after each; the taps."""
    taps = 0
    for _ in range(most * 20):
        if taps >= most or (await live.table(table_id)).status is not Status.PLAYING:
            break
        await caught_up(live, page, table_id)
        taps += await tap_a_move(page)
        await live.advance(1.0)
    return taps


@pytest.mark.async_timeout(120)
async def test_the_moves_drawer_plays_too_for_whoever_prefers_a_list(browser):
    """The drawer holds every move as a button (an accessible fallback to the cards, closed while
    they are drawn); each one tapped is a move of hers. (Whole games, on the cards alone:
    test_whole_games.py.)"""
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")  # two seats: it starts
        assert (await live.table(table_id)).status is Status.PLAYING
        page = await live.page(live.telegram_url(ANN, table_id))
        await shown(page)
        assert await page.locator("#panel").is_visible()
        assert await page.locator("#badge").is_hidden()
        assert await page.locator("html").get_attribute("lang") == "en"

        taps = await tap_moves(live, page, table_id, 8)

        assert taps == 8
        assert sum(move.seat == 0 for move in await live.store.moves(table_id)) == taps  # each tap a move of hers


@pytest.mark.async_timeout(120)
async def test_racing_demon_through_a_discord_link_on_sqlite(tmp_path, browser):
    async with Live(store=SqlStore(fresh_sqlite(tmp_path)), seed=3, browser=browser) as live:
        table_id = await live.open(DEE, "racing_demon", chat=DISCORD_CHAT)
        await live.start_with_computers(DEE, table_id, 2)
        assert (await live.table(table_id)).status is Status.PLAYING
        page = await live.page(live.link_url(DEE, table_id))
        await shown(page)
        assert await page.locator("#panel").is_visible()

        taps = await tap_moves(live, page, table_id, 8)

        assert taps == 8
        assert sum(move.seat == 0 for move in await live.store.moves(table_id)) == taps


@pytest.mark.async_timeout(180)
async def test_a_spectator_follows_the_board_and_sees_no_panel(browser):
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        page = await live.page(live.telegram_url(BOB, table_id))  # Bob sits nowhere
        await shown(page)
        badge = page.locator("#badge")
        assert await badge.is_visible()
        assert (await badge.inner_text()).strip()  # the server's word for it
        first = await board_text(page)
        assert first.startswith("⚡")

        texts = {first}
        for _ in range(200):  # Ann idles; the computer plays; the board moves on
            await live.advance(1.0)
            await caught_up(live, page, table_id)
            texts.add(await board_text(page))
            assert await page.locator("#panel").is_hidden()
            assert await page.locator(MOVES).count() == 0
            if len(texts) >= 3:
                break
        assert len(texts) >= 3, "the spectator's board did not follow the game"
        assert await badge.is_visible()


@pytest.mark.async_timeout(120)
async def test_a_refused_press_is_a_toast_and_leaving_makes_a_spectator(browser):
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        other = await live.open(BOB, "speed", chat=ChatRef("telegram", "-1002"))
        page = await live.page(live.telegram_url(ANN, table_id))
        await shown(page)
        leave = page.locator(MOVES, has_text=LEAVE)
        lobby = live.notifier.last(other, None, "table")
        assert lobby is not None
        foreign = lobby.buttons[0][0].token
        await leave.evaluate("(button, token) => { button.dataset.token = token; }", foreign)
        await open_moves(page)
        await leave.click()  # a button of another table: the service refuses it

        toast = page.locator("#toast")
        await toast.wait_for(state="visible")
        assert (await toast.inner_text()).strip()
        assert await toast.get_attribute("data-ok") == "no"
        assert (await live.table(table_id)).seats[0].person == ANN.person

        await page.reload()  # the real button again
        await shown(page)
        await open_moves(page)
        await leave.click()
        await page.locator("#badge").wait_for(state="visible")  # a computer has the seat: Ann watches
        assert await page.locator("#panel").is_hidden()
        assert (await live.table(table_id)).seats[0].person is None


@pytest.mark.async_timeout(120)
async def test_the_page_reconnects_after_a_drop_and_catches_up(browser):
    async with Live(browser=browser) as live:
        table_id, page = await live.playing_page(ANN, "speed", 1)
        before = await board_text(page)
        version = (await live.table(table_id)).version

        port = live.server.port
        await live.server.stop()  # the socket drops: the page says so, its buttons wait
        await page.locator("#page[data-state='reconnecting']").wait_for(state="attached")
        assert (await page.locator("#status-text").inner_text()).strip() == page_words("en")["reconnecting"]
        assert await page.locator(f"{MOVES}:not(:disabled)").count() == 0
        assert await board_text(page) == before  # the last board stays up meanwhile
        while (await live.table(table_id)).version == version:  # the table moves on while the page is away
            await live.advance(1.0)
        assert await board_text(page) == before
        await live.restart(port)

        await caught_up(live, page, table_id)  # hello again: the newest view, the buttons back
        await page.locator("#page[data-state='live']").wait_for(state="attached")
        assert int(await page.locator("#page").get_attribute("data-version")) > version
        assert await page.locator(f"{MOVES}:not(:disabled)").count() > 0
        # a reconnection tried while the server was down was refused, and the browser said so in
        # its console: expected here (on a busy machine the page tries before the server is back)
        live.errors[:] = [e for e in live.errors if "/ws' failed" not in e or "ERR_CONNECTION_REFUSED" not in e]


@pytest.mark.async_timeout(120)
async def test_a_discord_link_page_reconnects_after_its_socket_drops(browser):
    """A link opens one session; the page's reconnect after a dropped socket (a phone's network
    blip) is the same visit: the server hands the page a fresh link in its welcome ("resume")."""
    async with Live(browser=browser) as live:
        table_id = await live.open(DEE, "speed", chat=DISCORD_CHAT)
        await live.press(DEE, table_id, "+ Computer")
        page = await live.page(live.link_url(DEE, table_id))
        await shown(page)
        version = (await live.table(table_id)).version

        await live.server.hub.close_all()
        while (await live.table(table_id)).version == version:
            await live.advance(1.0)

        newest = (await live.table(table_id)).version
        await page.wait_for_function(  # back, or told no
            "v => { const p = document.getElementById('page').dataset;"
            " return p.state === 'refused' || (p.state === 'live' && Number(p.version) >= v); }",
            arg=newest,
        )
        assert await page.locator("#page").get_attribute("data-state") == "live"
        assert await page.locator("#panel").is_visible()


@pytest.mark.async_timeout(120)
@pytest.mark.parametrize("forgery", ["wrong bot token", "tampered link"])
async def test_a_forged_credential_gets_the_refusal_and_no_board(forgery: str, browser):
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        if forgery == "wrong bot token":
            url = live.telegram_url(ANN, table_id, bot_token="987654321:not-this-bot")
        else:
            head, _, mac = live.link_url(DEE, table_id).rpartition(".")
            url = f"{head}.{'A' if mac[0] != 'A' else 'B'}{mac[1:]}"
        page = await live.page(url)
        await page.locator("#page[data-state='refused']").wait_for(state="attached")
        status = (await page.locator("#status-text").inner_text()).strip()
        assert status in {refused(lang) for lang in LANGUAGES}
        assert await page.locator("#board").is_hidden()
        assert await page.locator("#panel").is_hidden()
        assert await board_text(page) == ""
        assert await page.locator("#board-picture").get_attribute("src") is None
        assert await page.locator(MOVES).count() == 0


@pytest.mark.async_timeout(120)
@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
async def test_the_page_speaks_the_viewers_language(lang: str, browser):
    person = telegram_person(303, "Olena", lang)
    async with Live(browser=browser) as live:
        table_id = await live.open(person, "speed")  # in an English chat
        await live.press(person, table_id, "+ Computer")
        page = await live.page(live.telegram_url(person, table_id))
        await shown(page)
        t = translator(lang)
        heading = t.gettext("⚡ {game}").format(game=game_name("speed", t))
        if lang != "en":
            assert heading != translator("en").gettext("⚡ {game}").format(game="Speed")
        assert (await board_text(page)).startswith(heading)
        assert await page.locator("html").get_attribute("lang") == lang
        assert await page.locator("#panel").is_visible()


@pytest.mark.async_timeout(120)
async def test_the_page_takes_telegrams_theme_colours(browser):
    dark = {
        "bg_color": "#17212b",
        "text_color": "#f5f5f5",
        "button_color": "#5288c1",
        "button_text_color": "#ffffff",
        "secondary_bg_color": "#232e3c",
    }
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        page = await live.page(live.telegram_url(ANN, table_id, theme=dark))
        await shown(page)
        colours = await page.evaluate(
            "() => [getComputedStyle(document.body).backgroundColor,"
            " getComputedStyle(document.querySelector('#panel-buttons button')).backgroundColor]"
        )
        assert colours == ["rgb(23, 33, 43)", "rgb(82, 136, 193)"]
