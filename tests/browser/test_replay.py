"""A finished game's replay page in Chromium (adapters/web/replays.py, static/replay.js): on a
phone, scrubbed to the end, it shows the final cards of every place and the result; played at 4×
on the page's fake clock, its steps come one after another in order, at the game's pace; the seat
picker puts the chosen seat at the bottom; axe-core finds nothing serious, light or dark. The live
page of a finished game links to it (static/table.js), for players and spectators alike."""

from __future__ import annotations

import itertools
import json
from typing import Any

import pytest

from tests.adapters.web.test_replay import rebuilt
from tests.browser.live import PHONE, WAIT_MS, Live, telegram_person
from tests.browser.replays import ANN, GAMES, finished, ready, replay_url
from tests.browser.test_accessibility import SERIOUS, axe, told

pytestmark = pytest.mark.slow  # Chromium drives the page


async def serious(page: Any) -> list[str]:
    """What axe-core finds serious on the page, light and dark."""
    found = []
    for scheme in ("light", "dark"):
        await page.emulate_media(color_scheme=scheme)
        results = await axe(page)
        found += [f"{scheme}: {told(v)}" for v in results["violations"] if v["impact"] in SERIOUS]
    return found


async def answer(page: Any) -> dict[str, Any]:
    """The replay's data, as the page fetched it."""
    token = (await page.evaluate("location.pathname")).rsplit("/", 1)[1]
    return dict(json.loads(await page.evaluate(f"fetch('/api/v1/games/{token}').then(r => r.text())")))


@pytest.mark.parametrize("game", list(GAMES))
async def test_scrubbed_to_the_end_a_replay_shows_the_final_cards_and_the_result(aio_loop, browser, game):
    computers, seed = GAMES[game]
    async with Live(seed=seed, browser=browser) as live:
        table_id = await finished(live, game, computers)
        page = await live.page(replay_url(live, table_id), PHONE)
        await ready(page)
        data = await answer(page)
        assert await page.locator("#page").get_attribute("data-step") == "0"
        await page.locator("#scrubber").focus()
        await page.keyboard.press("End")  # (a range input's own key: the last step)
        last = len(data["steps"]) - 1
        await page.locator(f'#page[data-step="{last}"][data-end="true"]').wait_for(state="attached")
        assert await page.locator("#words").text_content() == data["steps"][-1]["words"]
        final = rebuilt(data["deal"], data["steps"])[-1]
        for place in final["places"]:
            if place["cards"]:
                top = place["cards"][-1]
                drawn = page.locator(f'#table [data-place="{place["id"]}"] [data-card="{top}"]')
                assert await drawn.count() == 1, (place["id"], top)
        assert await page.locator("#table button").count() == 0  # nothing to play
        result = await page.locator("#result").inner_text()
        assert ("wins" in result or "draw" in result) and await page.locator("#result").is_visible()
        await page.locator("#seat").select_option("1")
        await page.locator('#table .mine .seat-head[data-seat="1"]').wait_for(state="attached")
        found = await serious(page)
        assert not found, found


async def test_played_at_4x_the_steps_advance_in_order_at_the_games_pace(aio_loop, browser):
    async with Live(seed=5, browser=browser) as live:
        table_id = await finished(live, "speed", 1)
        context = await live.browser.new_context(viewport=PHONE, reduced_motion="reduce")
        live._contexts.append(context)
        context.set_default_timeout(WAIT_MS)
        page = await context.new_page()
        await page.clock.install()  # (the page's timers on a clock the test moves)
        await page.goto(replay_url(live, table_id))
        await ready(page)
        data = await answer(page)
        await page.evaluate(
            """() => { window.seen = []; new MutationObserver(() => seen.push(Number(page.dataset.step)))
            .observe(page, {attributes: true, attributeFilter: ["data-step"]}); }"""
        )
        await page.locator('input[name="speed"][value="4"]').check()
        await page.locator("#play").click()
        assert await page.locator("#play").get_attribute("aria-pressed") == "true"
        at = [s["at"] for s in data["steps"]]
        gaps = [min(5.0, max(0.05, b - a)) / 4 for a, b in itertools.pairwise(at)]
        await page.clock.run_for(int(sum(gaps[:10]) * 1000) + 5)
        seen = await page.evaluate("seen")
        assert seen == list(range(1, 11)), seen  # ten steps in order, in the time ten take at 4×
        await page.clock.run_for(int(gaps[10] * 1000) - 20 if gaps[10] > 0.03 else 0)
        assert (await page.evaluate("seen"))[-1] in (10, 11)
        await page.locator("#play").click()  # pause
        stopped = await page.evaluate("seen.length")
        await page.clock.run_for(60_000)
        assert await page.evaluate("seen.length") == stopped


async def test_a_finished_games_live_page_links_to_its_replay_which_opens(aio_loop, browser):
    """The live page after the game: the result, and with it "▶ Watch the replay", for the player
    and the spectator alike (axe-core finds nothing serious, light or dark); it opens the replay in
    a tab of its own, the table kept."""
    async with Live(seed=2, browser=browser, public=True) as live:
        table_id = await finished(live, "svolota", 2)
        eve = telegram_person(103, "Eve", "en")  # watches, never seated
        for who in (ANN, eve):
            page = await live.page(live.link_url(who, table_id), PHONE)
            link = page.locator("#replay")
            await link.wait_for(state="visible")
            assert await link.inner_text() == "▶ Watch the replay"
            result = await page.locator("#board-text").inner_text()
            assert "wins" in result or "draw" in result
            found = await serious(page)
            assert not found, found
            async with page.context.expect_page() as opened:
                await link.click()
            replay = await opened.value
            await ready(replay)
            assert replay.url.startswith(f"{live.base}/replay/")
            assert await replay.locator("#title").inner_text() == "Svolota: the replay"
            assert await page.locator("#replay").is_visible()  # the table's page stays


async def test_without_a_public_url_the_live_page_has_no_replay_link(aio_loop, browser):
    async with Live(seed=2, browser=browser) as live:
        table_id = await finished(live, "svolota", 2)
        page = await live.page(live.link_url(ANN, table_id), PHONE)
        await page.locator("#board-text").wait_for(state="visible")
        await page.locator('#page[data-state="live"]').wait_for(state="attached")
        assert await page.locator("#replay").is_hidden()
