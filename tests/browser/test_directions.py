"""The live table in a right-to-left language (issue 35): the page is `dir="rtl"` in the viewer's
language, its text starts at the right and its moves run from the right, while every card and
number stays whole and left to right (an isolated `<bdi dir="ltr">`) and a name is a `<bdi>` of its
own; a left-to-right page lays out as it always has.

Until a right-to-left catalog ships (ar, fa), the test makes Ukrainian right to left: the page
takes its direction from `bot.i18n.is_rtl`, whatever the words are."""

from __future__ import annotations

from typing import Any

import pytest

import bot.i18n
from bot.i18n import LANGUAGES, is_rtl
from core import load_game
from tests.browser.live import Live, board_text, caught_up, open_moves, shown, telegram_person

pytestmark = pytest.mark.slow  # Chromium drives the page

SHIPPED_RTL = next((lang for lang in LANGUAGES if is_rtl(lang)), None)
STAND_IN = "uk"  # made right to left for the test while no right-to-left catalog ships
NAME = "דנה"  # a Hebrew name, in every page

# Where each card's rank and suit are drawn on the board and the panel (x of their left edges),
# each move button's left edge row by row, and how far the first line's text is from the board's
# left and right edges.
LAYOUT = r"""() => {
  const box = (node, from, to) => { const r = document.createRange(); r.setStart(node, from); r.setEnd(node, to);
                                    return r.getBoundingClientRect(); };
  const cards = [];  // whatever element holds it: the eye sees the rank, then the suit?
  for (const id of ["board-text", "panel-text"]) {
    const walk = document.createTreeWalker(document.getElementById(id), NodeFilter.SHOW_TEXT);
    for (let t = walk.nextNode(); t; t = walk.nextNode()) {
      for (const m of t.data.matchAll(/(?:10|[2-9AJQK])[♠♥♦♣]/gu)) {
        const end = m.index + m[0].length;
        cards.push([box(t, m.index, m.index + 1).left, box(t, end - 1, end).left]);
      }
    }
  }
  const rows = [...document.querySelectorAll("#panel-buttons .row")]
    .map(row => [...row.children].map(b => b.getBoundingClientRect().left));
  const pre = document.getElementById("board-text");
  const first = pre.firstChild;  // the heading's text, to its line's end
  const end = first.data.indexOf("\n");
  const line = box(first, 0, end < 0 ? first.length : end);
  const edge = pre.getBoundingClientRect();
  return {cards, rows, fromLeft: line.left - edge.left, fromRight: edge.right - line.right,
          names: [...document.querySelectorAll("#board-text bdi:not([dir])")].map(b => b.textContent),
          direction: getComputedStyle(pre).direction, dir: document.documentElement.dir,
          lang: document.documentElement.lang};
}"""


@pytest.fixture
def rtl_lang(monkeypatch: pytest.MonkeyPatch) -> str:
    """A right-to-left language: a shipped one, else the stand-in made right to left."""
    if SHIPPED_RTL is not None:
        return SHIPPED_RTL
    monkeypatch.setattr(bot.i18n, "is_rtl", lambda lang: lang == STAND_IN)
    return STAND_IN


async def svolota_page(live: Live, lang: str) -> tuple[Any, dict[str, Any]]:
    """Dana's page of a Svolota game against two computers, in `lang`, at her turn, and its layout."""
    dana = telegram_person(505, NAME, lang)
    table_id = await live.open(dana, "svolota")
    await live.press(dana, table_id, "+ Computer")
    await live.press(dana, table_id, "+ Computer")
    await live.press(dana, table_id, "Start")
    for _ in range(30):  # the computers play up to her turn
        if load_game((await live.table(table_id)).state).turn == 0:
            break
        await live.advance(1.0)
    page = await live.page(live.telegram_url(dana, table_id))
    await shown(page)
    await caught_up(live, page, table_id)
    await open_moves(page)  # the moves as buttons, and her panel's text
    return page, await page.evaluate(LAYOUT)


@pytest.mark.async_timeout(120)
async def test_a_right_to_left_page_mirrors_its_layout_but_no_card(rtl_lang: str, browser):
    async with Live(browser=browser) as live:
        page, layout = await svolota_page(live, rtl_lang)
        assert (layout["dir"], layout["lang"], layout["direction"]) == ("rtl", rtl_lang, "rtl")
        assert layout["fromRight"] < 2 < layout["fromLeft"]  # the heading starts at the right
        moves = [row for row in layout["rows"] if len(row) > 1]
        assert moves and all(row == sorted(row, reverse=True) for row in moves)  # the first move rightmost
        assert len(layout["cards"]) >= 7  # her hand
        assert all(rank < suit for rank, suit in layout["cards"])  # each card reads 7♣, never ♣7
        assert NAME in layout["names"]
        assert "\u2068" not in await board_text(page)  # the marks became <bdi>s


# Each seat's score on the cards: whether its minus sign is drawn left of its digits.
SIGNS = r"""() => [...document.querySelectorAll("#table .score")].map(score => {
  const text = score.firstChild, at = text.data.indexOf("-"), r = document.createRange();
  const left = (i) => { r.setStart(text, i); r.setEnd(text, i + 1); return r.getBoundingClientRect().left; };
  return at >= 0 && left(at) < left(at + 1);
})"""


async def test_a_negative_score_on_the_cards_reads_left_to_right_in_a_right_to_left_page(rtl_lang: str, browser):
    async with Live(browser=browser) as live:
        dana = telegram_person(505, NAME, rtl_lang)
        table_id = await live.open(dana, "racing_demon")
        await live.start_with_computers(dana, table_id, 1)  # everyone -13 to start with: 13 cards in the demon
        page = await live.page(live.telegram_url(dana, table_id))
        await shown(page)
        await caught_up(live, page, table_id)
        assert await page.evaluate(SIGNS) == [True, True]  # "-13", never "13-"


@pytest.mark.async_timeout(120)
async def test_a_left_to_right_page_is_laid_out_as_before(browser):
    async with Live(browser=browser) as live:
        page, layout = await svolota_page(live, "en")
        assert (layout["dir"], layout["lang"], layout["direction"]) == ("ltr", "en", "ltr")
        assert layout["fromLeft"] < 2 < layout["fromRight"]
        moves = [row for row in layout["rows"] if len(row) > 1]
        assert moves and all(row == sorted(row) for row in moves)
        assert len(layout["cards"]) >= 7 and all(rank < suit for rank, suit in layout["cards"])
        assert NAME in layout["names"]
        assert "\u2068" not in await board_text(page)  # the marks became <bdi>s
