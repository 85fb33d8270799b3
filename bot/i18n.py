"""Localisation: English is the source language; the others come from gettext catalogs.

The catalogs are plain `.po` files in `bot/locale/<lang>/LC_MESSAGES/cardbot.po`, read at run
time with Babel (no compile step, so a fresh `pip install -e .` works), compiled once per change of
a `.po` into the user's cache folder (bot/compiled_catalogs.py). An untranslated message
falls back to the English msgid.

A core `IllegalMove` carries an English template and its parameters; `Translator.illegal` looks
the template up as a msgid and fills in the same parameters, so the rules never need to know a
language.
"""

from __future__ import annotations

import gettext as _gettext
import re
from datetime import UTC, date, datetime
from functools import cache, lru_cache
from importlib import resources
from importlib.resources.abc import Traversable
from typing import Final

from babel import Locale, UnknownLocaleError
from babel.dates import format_date, format_skeleton
from babel.numbers import format_decimal, format_percent
from babel.units import format_unit

from bot import compiled_catalogs
from bot.bidi import RLM, left_to_right
from core.cards import RANK_TEXT, Card
from core.errors import IllegalMove

DOMAIN: Final = "cardbot"
SOURCE_LANGUAGE: Final = "en"
LANGUAGES: Final = (
    *("en", "ru", "uk", "es", "pt_BR", "de", "fr", "it", "pl", "tr", "id"),
    *("fa", "ar", "zh_Hans", "ja", "ko"),
)
# A language by its first subtag, as clients and locales name it (`pt-br`, `pt_BR.UTF-8`, `pt`):
# one language a subtag, so Brazilian Portuguese answers every Portuguese.
_BY_SUBTAG: Final = {lang.split("_")[0].lower(): lang for lang in LANGUAGES}
# Accept-Language entries read (a header of thousands: the first ones, as a browser sends a handful),
# and an entry's q-value (RFC 9110: 0 to 1, at most three decimals).
MAX_LANGUAGES: Final = 32
_QUALITY: Final = re.compile(r"\s*q\s*=\s*(0(\.\d{0,3})?|1(\.0{0,3})?)\s*", re.IGNORECASE)

# A template the core builds by joining two of its messages with ": " (e.g. "expected …: not a
# card: …") is translated part by part when the whole is not in the catalog.
_JOIN: Final = ": "
# How a chat's cards name their court cards and aces (ChatSettings.ranks): J Q K A everywhere, or
# the letters of the chat's language where its catalog gives them (Russian and Ukrainian В Д К Т).
LATIN_RANKS: Final = "latin"
NATIVE_RANKS: Final = "native"
_PLACEHOLDER: Final = re.compile(r"\{([A-Za-z_]\w*)?(![rsa])?(:[^{}]*)?\}")


@lru_cache(maxsize=8192, typed=True)
def _number(n: float, lang: str) -> str:
    """Babel's number, kept: a group page writes a few hundred (ratings, games, wins), the same ones
    again and again, and Babel takes 20–40 µs for each (half a group page's time, bench.pages)."""
    return format_decimal(n, locale=lang)


@lru_cache(maxsize=4096, typed=True)
def _duration(n: int, unit: str, lang: str) -> str:
    """Babel's duration, kept: the board and each player's panel show the turn's seconds left,
    Babel takes ~35 µs for each, and they were a sixth of a Svolota press's handling (py-spy on
    bench.telegram)."""
    return format_unit(n, unit, length="short", locale=lang)


class Translator:
    """The messages of one language, and how it writes numbers, dates and a chat's cards."""

    def __init__(self, lang: str, translations: _gettext.NullTranslations, ranks: str = LATIN_RANKS) -> None:
        self.lang = lang
        self.ranks = ranks
        self._t = translations
        self._court = self.court_letters() if ranks == NATIVE_RANKS else RANK_TEXT
        self._rtl = is_rtl(lang)

    def __repr__(self) -> str:
        return f"<Translator {self.lang}>"

    def card(self, card: Card) -> str:
        """`9♥`, `Q♥` (`Д♥` in Russian with native ranks), `🃏`: a card for people; isolated left
        to right in a right-to-left language (bot/bidi.py)."""
        if card.suit is None:
            return card.pretty
        text = self._court.get(card.rank, RANK_TEXT[card.rank]) + card.suit.symbol
        return left_to_right(text) if self._rtl else text

    def goes(self, what: str, where: str) -> str:
        """A move's button, "9♠ → 10♥"; in a right-to-left language the line reads from the right
        and its arrow points left, from the card to where it goes."""
        return f"{RLM}{what} ← {where}" if self._rtl else f"{what} → {where}"

    def court_letters(self) -> dict[int, str]:
        """The letters of the jack, queen, king and ace in this language (its catalog's "rank
        letter" messages: Russian В Д К Т; a language without its own keeps J Q K A)."""
        return {
            11: self.pgettext("rank letter", "J"),
            12: self.pgettext("rank letter", "Q"),
            13: self.pgettext("rank letter", "K"),
            14: self.pgettext("rank letter", "A"),
        }

    @property
    def court(self) -> str:
        """ "JQKA" as this chat's cards show them ("ВДКТ"): pictures draw them so (bot/ui/picture.py)."""
        return self._court[11] + self._court[12] + self._court[13] + self._court[14]

    def gettext(self, message: str) -> str:
        return self._t.gettext(message)

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._t.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._t.pgettext(context, message)

    # Numbers, durations and dates as the language writes them (Babel, CLDR). Digits stay the
    # Latin ones in every language, as Babel gives them by default: card ranks (10♥, 7H) are
    # written so everywhere, and a count beside them in other digits would read as two scripts.
    def number(self, n: float) -> str:
        """`1234567` -> "1,234,567" (en), "1 234 567" (ru), "1.234.567" (de)."""
        return _number(n, self.lang)

    def percent(self, share: float) -> str:
        """`0.58` -> "58%" (en), "58 %" (de, fr), "%58" (tr)."""
        return format_percent(share, locale=self.lang)

    def seconds(self, n: int) -> str:
        """A timer's seconds: "45 sec" (en), "45 с" (ru), "45 秒" (ja)."""
        return _duration(n, "duration-second", self.lang)

    def minutes(self, n: int) -> str:
        """ "3 min" (en), "3 мин" (ru), "3 分" (ja)."""
        return _duration(n, "duration-minute", self.lang)

    def month(self, year: int, month: int) -> str:
        """A month of a year, as a season is named: "November 2026", "ноябрь 2026 г.", "2026年11月"."""
        return format_skeleton("yMMMM", date(year, month, 1), locale=self.lang)

    def day(self, at: float) -> str:
        """The day of a moment (UNIX time, UTC): "Dec 3, 2026", "3 дек. 2026 г.", "2026/12/03"."""
        return format_date(datetime.fromtimestamp(at, UTC).date(), format="medium", locale=self.lang)

    def has(self, message: str) -> bool:
        """Whether `message` has a translation here (always true for the source language)."""
        return self.lang == SOURCE_LANGUAGE or self._t.gettext(message) != message

    def illegal(self, exc: IllegalMove) -> str:
        """The reason a move was refused, in this language (English where no translation exists).
        A `game` parameter is a game's English name and is translated too."""
        params = {k: self.gettext(v) if k == "game" and isinstance(v, str) else v for k, v in exc.params.items()}
        try:
            return self._template(exc.template).format(**params)
        except (KeyError, IndexError, ValueError, AttributeError):
            try:  # a broken translation must not hide the reason
                return exc.template.format(**exc.params)
            except (KeyError, IndexError, ValueError, AttributeError):
                return exc.template

    def _template(self, template: str) -> str:
        if self.has(template):
            return self.gettext(template)
        start = template.find(_JOIN)
        while start != -1:
            head, tail = template[:start], template[start + len(_JOIN) :]
            if self.has(head):
                return self.gettext(head) + _JOIN + self._template(tail)
            start = template.find(_JOIN, start + 1)
        return template


def catalog_path(lang: str) -> Traversable:
    """The `.po` file of a language, inside the installed package."""
    return resources.files("bot") / "locale" / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


def _load(lang: str) -> _gettext.NullTranslations:
    if lang == SOURCE_LANGUAGE:
        return _gettext.NullTranslations()
    return compiled_catalogs.translations(lang, DOMAIN, catalog_path(lang).read_bytes())


def translator(lang: str, ranks: str = LATIN_RANKS) -> Translator:
    """The translator for `lang` (one of LANGUAGES); ValueError for any other. `ranks`: how its
    cards name their court cards (LATIN_RANKS or NATIVE_RANKS)."""
    if lang not in LANGUAGES:
        raise ValueError(f"unknown language {lang!r} (languages: {', '.join(LANGUAGES)})")
    return _translator(lang, NATIVE_RANKS if ranks == NATIVE_RANKS else LATIN_RANKS)


@cache
def _translator(lang: str, ranks: str) -> Translator:
    return Translator(lang, _load(lang) if ranks == LATIN_RANKS else _translator(lang, LATIN_RANKS)._t, ranks)


def pick_language(header: str | None, default: str = SOURCE_LANGUAGE) -> str:
    """The supported language a reader asks for, or `default` when they name none of ours.

    `header` is an HTTP Accept-Language ("fa-IR,fa;q=0.9,en;q=0.8": ours by their q-values, the
    first listed of equal weight first; "*" stands for `default`; an entry of q=0 or a malformed one
    is passed over), which covers a single locale or client language code too
    (`ru_RU.UTF-8`, `uk`, `en-US`, a Telegram `language_code`, a Discord locale)."""
    ranked: list[tuple[float, int, str]] = []
    for index, entry in enumerate((header or "").split(",", MAX_LANGUAGES)[:MAX_LANGUAGES]):
        code, *params = entry.split(";")
        weight = _weight(params)
        lang = default if code.strip() == "*" else language_named(code)
        if lang is not None and weight:  # (q=0: "not this one", which picks nothing)
            ranked.append((-weight, index, lang))
    return min(ranked)[2] if ranked else default


def _weight(params: list[str]) -> float | None:
    """An Accept-Language entry's q-value (1 without one), or None when it is malformed."""
    for param in params:
        if param.strip().lower().startswith("q"):
            found = _QUALITY.fullmatch(param)
            return float(found.group(1)) if found else None
    return 1.0


def language_named(code: object) -> str | None:
    """The supported language a code names (`ru`, `pt-BR`, `pt_BR.UTF-8`, `de-AT`), or None."""
    if not isinstance(code, str) or not code.strip():
        return None
    head = re.split(r"[_\-.@]", code.strip().lower(), maxsplit=1)[0]
    return _BY_SUBTAG.get(head)


@cache
def own_name(lang: str) -> str:
    """A language's name in itself, as Babel (CLDR) writes it, capitalised to head a list:
    "Русский", "Português (Brasil)", "日本語", "العربية"."""
    name = Locale.parse(lang).get_display_name(lang) or lang
    return name[:1].upper() + name[1:]


def languages_listed() -> str:
    """Every language as people choose it: its code, then its own name ("en English · ru Русский · …")."""
    return " · ".join(f"{lang} {own_name(lang)}" for lang in LANGUAGES)


@cache
def is_rtl(lang: str) -> bool:
    """Whether a language is written right to left (ar, fa, he …), as CLDR says through Babel; False
    for a code Babel does not know."""
    try:
        return bool(Locale.parse(lang.replace("-", "_")).character_order == "right-to-left")
    except (ValueError, TypeError, UnknownLocaleError):
        return False


def direction(lang: str) -> str:
    """`rtl` or `ltr`: an HTML `dir` for text in this language."""
    return "rtl" if is_rtl(lang) else "ltr"


def placeholders(text: str) -> set[str]:
    """The `{name}` fields of a message (with any conversion or format), for catalog checks."""
    return {m.group(0) for m in _PLACEHOLDER.finditer(text)}
