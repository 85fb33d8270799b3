"""A person's name in a chat text is isolated (bot/bidi.py), once, in every language: a Hebrew or
Arabic name does not reorder the sentence around it. A mention covers the bare name; pictures draw
names without the marks."""

from __future__ import annotations

import json
from dataclasses import asdict

import pytest
from bidi import get_display

from bot.bidi import FSI, PDI, isolated, plain
from bot.i18n import translator
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.ui.screen import ALERT, Mention
from core.cards import parse_card
from tests.bot.harness import ANN, Harness, person
from tests.bot.test_leaderboard import leaderboard, stats, svolota
from tests.bot.test_table_control import kick

DANA = person("דנה")  # Hebrew
ALI = person("علي")  # Arabic
ADMIN = person("Ada", admin=True)


def isolated_once(text: str, *names: str) -> None:
    """Every time each name appears in `text`, it is between one FSI and one PDI."""
    assert FSI + FSI not in text and PDI + PDI not in text, text
    for name in names:
        assert text.count(name) >= 1, (name, text)
        assert text.count(FSI + name + PDI) == text.count(name), text


def test_a_name_is_isolated_once_however_often_it_is_isolated():
    assert isolated("דנה") == "\u2068דנה\u2069"
    assert isolated(isolated("דנה")) == isolated("דנה")
    assert isolated("Ann\u2069 2 cards \u2067") == isolated("Ann 2 cards ")  # its own marks cannot end it early


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_right_to_left_names_are_isolated_in_every_text(lang):
    h = Harness(ServiceConfig(missed_turns=1))
    h.setting(ADMIN, "lang", lang)
    said = translator(lang).gettext
    t = h.open(DANA, "svolota").table_id
    h.press(ALI, t, said("Join"))
    h.press(DANA, t, said("+ Computer"))
    isolated_once(h.screen(t).text, DANA.name, ALI.name)  # the lobby
    h.press(DANA, t, said("▶ Start"))
    assert h.table(t).status is Status.PLAYING
    isolated_once(h.screen(t).text, DANA.name, ALI.name)  # the board
    isolated_once(h.screen(t, ALI, "panel").text, DANA.name, ALI.name)
    reply = kick(h, DANA, ALI, vote=True)
    isolated_once(reply.text or "", ALI.name)
    isolated_once(h.screen(t).text, ALI.name)  # the vote on the board
    h.advance(100_000)  # stand-ins play it out
    assert h.table(t).status is Status.FINISHED
    isolated_once(h.screen(t).text, DANA.name)  # the result and its key moments
    h.setting(ADMIN, "lang", "en")  # (the helper presses English buttons)
    svolota(h, DANA, ALI)  # a game that counts on the leaderboard
    h.setting(ADMIN, "lang", lang)
    isolated_once(leaderboard(h).text, DANA.name, ALI.name)
    isolated_once(stats(h, ANN, DANA.person).text, DANA.name)


def three(h: Harness) -> int:
    """A Svolota table of Dana, Ali and a computer, started."""
    t = h.open(DANA, "svolota").table_id
    h.press(ALI, t, "Join")
    h.press(DANA, t, "+ Computer")
    h.press(DANA, t, "Start")
    assert h.table(t).status is Status.PLAYING
    return t


def test_a_turn_alert_mentions_the_bare_name_between_its_marks():
    h = Harness()
    three(h)
    alerts = [s for _, screens in h.notifier.calls for s in screens if s.slot == ALERT and s.text]
    assert alerts
    for alert in alerts:
        (mention,) = [m for m in alert.marks if isinstance(m, Mention)]
        name = alert.text[mention.start : mention.end]
        assert name in (DANA.name, ALI.name)
        assert alert.text[mention.start - 1] == FSI and alert.text[mention.end] == PDI


def test_pictures_draw_names_without_marks():
    h = Harness(ServiceConfig(missed_turns=1))
    h.setting(ADMIN, "look", "classic")
    three(h)
    h.advance(100_000)
    drawn = [s.picture for _, screens in h.notifier.calls for s in screens if s.picture is not None]
    pictures = [json.dumps(asdict(p), ensure_ascii=False) for p in drawn]  # every word a picture draws
    assert any(DANA.name in p for p in pictures)
    assert not any(FSI in p or PDI in p for p in pictures)


def _seen(text: str) -> str:
    """What a reader sees, left to right, once the Unicode bidi algorithm has laid the text out."""
    return plain(get_display(text))


def test_cards_keep_their_rank_before_their_suit_in_right_to_left_texts():
    arabic, english = translator("ar"), translator("en")
    seven, six = parse_card("7C"), parse_card("6S")
    assert _seen("الزر 7♣ → 6♠") == "♠6 → ♣7 رزلا"  # what it would be without isolation
    assert _seen(f"الزر {arabic.card(seven)} {arabic.card(six)}") == "6♠ 7♣ رزلا"  # read from the right
    # a button reads from the right too: 7♣ first, its arrow pointing at where it goes
    assert _seen(arabic.goes(arabic.card(seven), arabic.card(six))) == "6♠ ← 7♣"
    assert english.goes(english.card(seven), english.card(six)) == "7♣ → 6♠"  # left to right: untouched
