"""Court cards in a chat's own letters (`/settings ranks native`): Russian and Ukrainian players
name them В Д К Т, Germans B D K A; J Q K A stays the default and the choice is the chat's."""

from __future__ import annotations

import pytest

from bot.i18n import LANGUAGES, LATIN_RANKS, NATIVE_RANKS, translator
from bot.people import Actor
from core import load_game
from core.cards import parse_card
from tests.bot.harness import ANN, BOB, CHAT, CY, Harness
from tests.bot.test_svolota_table import started

ADMIN = Actor(ANN.person, "Ann", admin=True)
COURT = ("JH", "QS", "KD", "AC")


@pytest.mark.parametrize(
    ("lang", "shown"), [("ru", "В♥ Д♠ К♦ Т♣"), ("uk", "В♥ Д♠ К♦ Т♣"), ("de", "B♥ D♠ K♦ A♣"), ("en", "J♥ Q♠ K♦ A♣")]
)
def test_native_ranks_write_the_court_cards_in_the_languages_letters(lang, shown):
    cards = [parse_card(code) for code in COURT]
    assert " ".join(translator(lang, NATIVE_RANKS).card(c) for c in cards) == shown
    assert " ".join(translator(lang).card(c) for c in cards) == "J♥ Q♠ K♦ A♣"  # the default, in every language
    assert translator(lang, NATIVE_RANKS).card(parse_card("10H")) == "10♥"
    assert translator(lang, NATIVE_RANKS).card(parse_card("JK")) == "🃏"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_has_four_distinct_court_letters(lang):
    letters = translator(lang, NATIVE_RANKS).court
    assert len(set(letters)) == 4 and all(len(letter) == 1 and not letter.isdigit() for letter in letters)


def test_a_chat_that_chose_native_ranks_sees_its_cards_so_and_a_wrong_word_changes_nothing():
    h = Harness()
    t = started(h, BOB, CY)
    while not any(c.rank > 10 and c.suit is not None for c in load_game(h.table(t).state).view(0).hand):
        assert h.cancel(ANN).ok  # a deal with court cards in Ann's hand
        t = started(h, BOB, CY)
    assert h.setting(ADMIN, "lang", "ru").ok
    refused = h.setting(ADMIN, "ranks", "cyrillic")
    assert not refused.ok and "latin" in refused.text
    assert h.run(h.service.chats.settings(CHAT)).ranks == LATIN_RANKS
    assert h.setting(ADMIN, "ranks", "native").ok
    assert h.run(h.service.chats.settings(CHAT)).ranks == NATIVE_RANKS
    assert h.press_token(ANN, h.screen(t, ANN, "panel").buttons[0][0].token or "").ok  # drawn anew
    hand = load_game(h.table(t).state).view(0).hand
    panel, board = h.screen(t, ANN, "panel").text, h.screen(t).text
    russian, latin = translator("ru", NATIVE_RANKS), translator("ru")
    assert all(russian.card(c) in panel for c in hand)
    court = [c for c in hand if c.rank > 10 and c.suit is not None]
    assert court and not any(latin.card(c) in panel for c in court)
    played = load_game(h.table(t).state).view(0).last_play
    assert played and all(russian.card(c) in board for c in played)
    picture = h.screen(t, ANN, "panel").picture
    assert picture is not None and picture.court == "ВДКТ"  # and its picture letters them so
