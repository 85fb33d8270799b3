"""Sounds at the card table (#34): off until the person turns them on with the toggle (its state said
by aria-pressed and its icon, and remembered by the browser); then a move that lands ticks, a card
tapped where it does not go sounds refused, another player's card ticks softly (your turn coming and
the game's end are heard in tests/browser/test_whole_games.py). Each sound's notes are recorded in
the page (Web Audio's oscillators, wrapped before the page's own script): what was played, not how
loud a headless speaker is."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.live import Live, caught_up, shown, telegram_person
from tests.browser.test_cards import a_play

pytestmark = pytest.mark.slow  # Chromium drives the page

ANN = telegram_person(101, "Ann", "en")
TOGGLE = "#sounds"
# Each oscillator started, by its frequency: the notes the page played
RECORD = """
window.__notes = [];
const start = OscillatorNode.prototype.start;
OscillatorNode.prototype.start = function (...args) {
  window.__notes.push(this.frequency.value);
  return start.apply(this, args);
};
"""
LANDED, REFUSED, OTHER, TURN, OVER = 880, 220, 660, 587, 523  # (the first note of each of sounds.js's tunes)


async def their_plays(live: Live, table_id: int) -> int:
    return sum(m.seat == 1 and m.move.startswith("play") for m in await live.store.moves(table_id))


async def notes(page: Any) -> list[float]:
    """The notes played since the last call."""
    return list(await page.evaluate("() => window.__notes.splice(0)"))


@pytest.mark.async_timeout(120)
async def test_sounds_are_off_until_turned_on_then_moves_refusals_and_others_are_heard(browser):
    async with Live(browser=browser) as live:
        table_id = await live.open(ANN, "speed")
        await live.press(ANN, table_id, "+ Computer")
        page = await live.page(live.telegram_url(ANN, table_id), script=RECORD)
        await shown(page)
        toggle = page.locator(TOGGLE)
        assert await toggle.get_attribute("aria-pressed") == "false" and await toggle.inner_text() == "Sounds"

        play = (await a_play(live, table_id))[1]  # a move made while sounds are off: silence
        await caught_up(live, page, table_id)
        await page.locator(f"#table [data-place='s{play[1]}'] [data-card]").tap()
        await page.locator(f"#table [data-target='p{play[2]}']").tap()
        await page.locator("#toast").wait_for(state="hidden")
        await live.advance(1.0)
        await caught_up(live, page, table_id)
        assert await notes(page) == []

        await toggle.tap()
        assert await toggle.get_attribute("aria-pressed") == "true"
        assert await page.evaluate("() => localStorage.getItem('cardbot.sounds')") == "on"
        assert await notes(page) == [LANDED]  # the toggle's own tick: they are on

        play = (await a_play(live, table_id))[1]
        await caught_up(live, page, table_id)
        await notes(page)  # (the computer's cards meanwhile)
        card = page.locator(f"#table [data-place='s{play[1]}'] [data-card]")
        wrong = next(f"s{i}" for i in range(1, 6) if str(i) != play[1])
        await card.drag_to(page.locator(f"#table [data-target='{wrong}']"))  # not where it goes
        await card.drag_to(page.locator(f"#table [data-target='p{play[2]}']"))
        await page.wait_for_function("() => window.__notes.includes(880)")
        heard = await notes(page)
        assert REFUSED in heard and LANDED in heard and heard.index(REFUSED) < heard.index(LANDED)

        theirs = await their_plays(live, table_id)
        for _ in range(60):  # the computer plays on: its cards are heard, softly
            await live.advance(1.0)
            await caught_up(live, page, table_id)
            if await their_plays(live, table_id) > theirs:
                break
        await page.wait_for_function(f"() => window.__notes.includes({OTHER})")

        await page.reload()  # remembered by this browser
        await shown(page)
        assert await page.locator(TOGGLE).get_attribute("aria-pressed") == "true"
