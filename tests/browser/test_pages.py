"""The player and group pages in Chromium (issue #36), served by the web app as a bot serves it,
with the story of tests/adapters/web/fake_history.py: in English, Persian (right to left) and
Japanese, each on a 390×844 phone and a 1280×800 desktop, light and dark. On each: the page's
language and direction, nothing wider than the screen, a chart per rated game that screen readers
read by its summary, and axe-core (as test_accessibility.py runs it; in each scheme, on one of the
screens) finds nothing serious or critical. The page reads without its script too (its first paint
is the HTML), and a group page's season picker changes the season's boards in place. Any page error
(a CSP refusal too) fails (`Live`)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.adapters.web.fake_history import ANN, StoryStore, ratings, story
from tests.browser.live import DESKTOP, PHONE, Live
from tests.browser.page_screenshots import drawn, page_urls
from tests.browser.test_accessibility import SERIOUS, axe, told

pytestmark = pytest.mark.slow  # Chromium drives the pages

LANGUAGES = {"en": "ltr", "fa": "rtl", "ja": "ltr"}
SCREENS = {"phone": PHONE, "desktop": DESKTOP}
SCHEMES = ("light", "dark")


async def checked(page: Any, kind: str, lang: str) -> list[str]:
    """What is wrong with the page on each screen in each scheme: its direction, its width, axe."""
    found: list[str] = []
    assert await page.evaluate("() => [document.documentElement.lang, document.documentElement.dir]") == [
        lang,
        LANGUAGES[lang],
    ]
    # axe once per scheme (its colours are the scheme's), on the phone in one language and on the
    # desktop in the next (a layout's own findings show in one of them); widths on every screen
    audited = list(SCREENS)[list(LANGUAGES).index(lang) % len(SCREENS)]
    for scheme in SCHEMES:
        await page.emulate_media(color_scheme=scheme)
        for screen, size in SCREENS.items():
            await page.set_viewport_size(size)
            await page.wait_for_timeout(50)  # (a resize redraws the charts)
            where = f"{kind}, {lang}, {screen}, {scheme}"
            wide = await page.evaluate("() => document.documentElement.scrollWidth - window.innerWidth")
            if wide > 0:
                found.append(f"{where}: {wide} px wider than the screen")
            if screen != audited:
                continue
            results = await axe(page)
            ran = {r["id"] for kind in ("passes", "violations", "incomplete") for r in results[kind]}
            assert "color-contrast" in ran  # axe did look
            found += [f"{where}: {told(v)}" for v in results["violations"] if v["impact"] in SERIOUS]
    return found


@pytest.mark.async_timeout(240)
async def test_both_pages_read_right_in_three_languages_on_a_phone_and_a_desktop_light_and_dark(browser):
    rated_games = {g.game for g in story()}  # Ann has rated games of all three
    async with Live(store=StoryStore(), browser=browser) as live:
        found: list[str] = []
        for lang in LANGUAGES:
            for kind, url in page_urls(live).items():
                page = await live.page(url, PHONE, locale=lang)
                await drawn(page, kind)
                if kind == "player":
                    charts = page.locator("figure.chart svg[role='img']")
                    assert await charts.count() == len(rated_games)
                    summary = await charts.first.evaluate(
                        "svg => document.getElementById(svg.getAttribute('aria-labelledby')).textContent"
                    )
                    assert summary and any(ch.isdigit() for ch in summary)
                    assert await page.locator("figure.chart .season-name").count() >= 1  # a season began inside
                found += await checked(page, kind, lang)
        assert not found, "the pages went wrong:\n" + "\n".join(found)


@pytest.mark.async_timeout(120)
async def test_a_page_reads_without_its_script_and_the_season_picker_changes_the_boards_in_place(browser):
    async with Live(store=StoryStore(), browser=browser) as live:
        urls = page_urls(live)
        bare = await live.page(urls["player"], PHONE, java_script_enabled=False)
        assert await bare.locator("h1").inner_text() == "Ann"
        rated = sum(len(ratings(story(), ANN, game)) for game in {g.game for g in story()})
        assert await bare.locator("figure.chart details table tbody tr").count() == rated  # each a row
        assert await bare.locator("figure.chart svg").count() == 0  # (no script: no chart drawn)
        group = await live.page(urls["group"], DESKTOP)
        await drawn(group, "group")
        assert await group.locator("#season-title").inner_text() == "December 2026"
        before = group.url
        await group.locator("#season-picker").select_option("2026-10")
        await group.locator("#season-title", has_text="October 2026").wait_for()
        assert group.url != before and group.url.endswith("?season=2026-10")
        caption = group.locator("#season-boards table caption")
        assert await caption.all_inner_texts() == ["Svolota"]  # in October only Svolota was played
        assert await group.locator("#season-picker + button").is_hidden()  # the script changes it in place
