"""bot.i18n: translators by language, plurals, and IllegalMove reasons in the player's language."""

from __future__ import annotations

import gettext
from datetime import UTC, datetime

import pytest
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.i18n import (
    LANGUAGES,
    Translator,
    catalog_path,
    direction,
    is_rtl,
    language_named,
    languages_listed,
    own_name,
    pick_language,
    translator,
)
from core import IllegalMove, new_game

SIXTEEN = ("en", "ru", "uk", "es", "pt_BR", "de", "fr", "it", "pl", "tr", "id", "fa", "ar", "zh_Hans", "ja", "ko")


def test_the_languages_are_offered():
    assert LANGUAGES == SIXTEEN
    assert [translator(lang).lang for lang in LANGUAGES] == list(LANGUAGES)


def test_an_unknown_language_is_a_value_error_listing_the_known_ones():
    with pytest.raises(ValueError, match="en, ru, uk, es, pt_BR"):
        translator("xx")


@pytest.mark.parametrize(
    ("code", "lang"),
    [("pt-br", "pt_BR"), ("pt_BR.UTF-8", "pt_BR"), ("pt", "pt_BR"), ("de-AT", "de"), ("es-419", "es"), ("xx", None)],
)
def test_a_language_is_named_by_its_first_subtag(code, lang):
    assert language_named(code) == lang


PLURAL_NS = (0, 1, 2, 3, 5, 11, 21, 22, 101, 1000)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_plural_message_takes_the_form_babels_plural_rule_chooses(lang):
    """For each plural message and n, the form shown is the catalog's form that CLDR's rule (as
    Babel gives it for gettext) picks for n: the catalog's Plural-Forms header is the language's."""
    rule = gettext.c2py(get_plural(lang).plural_expr)
    with catalog_path(lang).open("rb") as po:
        catalog = read_po(po, locale=lang)
    plurals = [m for m in catalog if m.id and m.pluralizable]
    assert plurals
    t = translator(lang)
    for message in plurals:
        singular, plural = message.id
        assert len(message.string) == get_plural(lang).num_plurals, singular
        for n in PLURAL_NS:
            assert t.ngettext(singular, plural, n) == message.string[rule(n)], (singular, n)


def test_english_is_the_source_language():
    t = translator("en")
    assert t.gettext("Your moves:") == "Your moves:"
    assert t.ngettext("{count} card or more", "{count} cards or more", 2) == "{count} cards or more"
    assert t.pgettext("first card", "red") == "red"


def test_russian_and_ukrainian_translate():
    assert translator("ru").gettext("Your cards: {cards}") == "Ваши карты: {cards}"
    assert translator("uk").gettext("Your cards: {cards}") == "Ваші карти: {cards}"
    assert translator("ru").pgettext("difficulty", "hard") == "сложная"


@pytest.mark.parametrize(
    ("lang", "forms"),
    [
        ("ru", {1: "карта", 2: "карты", 4: "карты", 5: "карт", 11: "карт", 21: "карта", 22: "карты"}),
        ("uk", {1: "карта", 2: "карти", 4: "карти", 5: "карт", 11: "карт", 21: "карта", 22: "карти"}),
    ],
)
def test_slavic_plurals_have_three_forms(lang, forms):
    t = translator(lang)
    for n, word in forms.items():
        text = t.ngettext("{count} card", "{count} cards", n).format(count=n)
        assert text.endswith(f"{n} {word}"), text


def test_an_illegal_move_reads_in_the_players_language():
    g = new_game("svolota", players=["ann", "bob", "cy"], seed=1)
    with pytest.raises(IllegalMove) as caught:
        g.play("bob", "pass")
    assert translator("en").illegal(caught.value) == str(caught.value) == "not your turn: it is ann's turn"
    assert translator("ru").illegal(caught.value) == "сейчас не ваш ход: ходит ann"
    assert translator("uk").illegal(caught.value) == "зараз не ваш хід: ходить ann"


def test_the_parameters_are_filled_in():
    exc = IllegalMove("start with a black card on {top}", top="9♥")
    assert translator("en").illegal(exc) == "start with a black card on 9♥"
    assert translator("ru").illegal(exc) == "на 9♥ начинайте с чёрной карты"
    assert translator("uk").illegal(exc) == "на 9♥ починайте з чорної карти"


def test_a_joined_template_is_translated_part_by_part():
    exc = IllegalMove("say which cards to play, e.g. play 8H 8C: you don't have {card}", card="8♥")
    assert translator("ru").illegal(exc) == "укажите, какие карты положить, например play 8H 8C: у вас нет 8♥"


def test_parse_errors_of_the_core_are_translated_whole():
    g = new_game("svolota", players=["ann", "bob", "cy"], seed=1)
    for text in ("xyz", "play ZZ", "привет"):
        with pytest.raises(IllegalMove) as caught:
            g.play("ann", text)
        ru = translator("ru").illegal(caught.value)
        assert "не карта" in ru and "expected" not in ru, ru


def test_an_untranslated_template_falls_back_to_english():
    exc = IllegalMove("a brand new rule about {thing}", thing="trumps")
    assert translator("ru").illegal(exc) == "a brand new rule about trumps"


class _Broken(gettext.NullTranslations):
    def gettext(self, message: str) -> str:
        return "{missing}"


def test_a_broken_translation_never_hides_the_reason():
    t = Translator("ru", _Broken())
    assert t.illegal(IllegalMove("you don't have {card}", card="8♥")) == "you don't have 8♥"


@pytest.mark.parametrize(
    ("code", "lang"),
    [
        ("ru_RU.UTF-8", "ru"),
        ("uk_UA.UTF-8", "uk"),
        ("uk", "uk"),
        ("en-US", "en"),
        ("de_DE.UTF-8", "de"),
        ("ja_JP.UTF-8", "ja"),
        ("zh-hans", "zh_Hans"),
        ("zh-TW", "zh_Hans"),
        ("ar-EG", "ar"),
        ("sv_SE.UTF-8", "en"),
        ("C.UTF-8", "en"),
        ("", "en"),
        (None, "en"),
    ],
)
def test_a_language_is_picked_from_a_locale_name(code, lang):
    assert pick_language(code) == lang


@pytest.mark.parametrize(
    ("header", "lang"),
    [
        ("fa,en;q=0.9", "fa"),  # a Persian browser: Persian first, English after it
        ("fa-IR,fa;q=0.9,en-US;q=0.8,en;q=0.7", "fa"),
        ("en-US,en;q=0.9,ru;q=0.8", "en"),
        ("de-DE,de;q=0.9,en-US;q=0.8,en;q=0.7", "de"),
        ("pt-BR,pt;q=0.9,en-US;q=0.8,en;q=0.7", "pt_BR"),
        ("zh-CN,zh;q=0.9", "zh_Hans"),
        ("zh-TW,zh;q=0.9,en-US;q=0.8,en;q=0.7", "zh_Hans"),  # (one Chinese: the simplified one)
        ("sv-SE,sv;q=0.9,ja;q=0.8,en;q=0.5", "ja"),  # not ours first: the next of ours by weight
        ("en;q=0.5, ko", "ko"),  # weight, not order
        ("ru;q=0.8,uk;q=0.8", "ru"),  # equal weights: the first listed
        ("ar;q=0,tr", "tr"),  # q=0: not Arabic
        ("ja;q=0.000, it;q=0.001", "it"),
        ("*", "en"),  # anything: ours, English
        ("*;q=0.1, fr-CA", "fr"),
        ("fr;q=0.1, *", "en"),
        ("es;q=2, pl", "pl"),  # a weight above 1: malformed, passed over
        ("es;q=abc, pl;q=0.9", "pl"),
        ("es;q=0.12345, id", "id"),  # more than three decimals
        ("it;level=1;q=0.4, ja;q=0.3", "it"),  # another parameter beside q
        (" DE-de ; Q=0.7 , ko;q=0.6", "de"),  # spaces, capitals
        ("🃏,\x00;q=1,;;,==,,;q=", "en"),  # garbage
        ("x" * 10_240, "en"),  # a header of 10 KB
        ("ru;q=0.1," + "xx-YY;q=0.9," * 900, "ru"),  # ... of 10 KB of entries: the first ones read
        (",".join(["xx"] * 40 + ["ru"]), "en"),  # (past the 32nd entry nothing is read)
        ("ru_RU.UTF-8", "ru"),  # a locale name is a header of one entry
        ("", "en"),
        (None, "en"),
    ],
)
def test_a_language_is_picked_from_an_accept_language_header(header, lang):
    assert pick_language(header) == lang


def test_a_header_that_names_none_of_ours_answers_the_default():
    assert pick_language("sv-SE,sv;q=0.9", "") == ""
    assert pick_language("sv, fa;q=0", "ru") == "ru"


# ----- numbers, durations and dates --------------------------------------------------------------


@pytest.mark.parametrize(
    ("lang", "number", "seconds", "month"),
    [
        ("en", "1,234,567", "45 sec", "November 2026"),
        ("ru", "1\xa0234\xa0567", "45 с", "ноябрь 2026\u202fг."),
        ("de", "1.234.567", "45 Sek.", "November 2026"),
        ("pt_BR", "1.234.567", "45 s", "novembro de 2026"),
    ],
)
def test_numbers_durations_and_months_are_written_as_the_language_writes_them(lang, number, seconds, month):
    t = translator(lang)
    assert (t.number(1234567), t.seconds(45), t.month(2026, 11)) == (number, seconds, month)


DEC_3_2026 = datetime(2026, 12, 3, 12, tzinfo=UTC).timestamp()


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_writes_numbers_in_the_digits_cards_are_written_in(lang):
    """Latin digits everywhere: "10♥" beside "۱۰" would read as two scripts."""
    t = translator(lang)
    written = t.number(1234567) + t.percent(0.58) + t.seconds(45) + t.minutes(3) + t.month(2026, 11)
    assert {c for c in written if c.isdigit()} <= set("0123456789"), written
    assert "45" in t.seconds(45) and "2026" in t.month(2026, 11) and "2026" in t.day(DEC_3_2026)


def test_every_language_is_listed_in_its_own_name():
    names = [own_name(lang) for lang in LANGUAGES]
    assert len(set(names)) == len(LANGUAGES) and not any(n[:1].islower() for n in names)
    assert own_name("ru") == "Русский" and own_name("en") == "English"
    listed = languages_listed()
    assert all(f"{lang} {own_name(lang)}" in listed for lang in LANGUAGES)


RIGHT_TO_LEFT = ("ar", "fa", "he", "ar-EG", "fa_IR")
LEFT_TO_RIGHT = ("en", "ru", "zh_Hans", "ja", "ko", "tr", "xx", "", "not a language")


@pytest.mark.parametrize("lang", [*RIGHT_TO_LEFT, *LEFT_TO_RIGHT])
def test_right_to_left_is_the_languages_own_as_cldr_says(lang):
    rtl = lang in RIGHT_TO_LEFT
    assert is_rtl(lang) is rtl
    assert direction(lang) == ("rtl" if rtl else "ltr")


def test_no_shipped_language_is_right_to_left_by_mistake():
    assert {lang for lang in LANGUAGES if is_rtl(lang)} <= {"ar", "fa"}
