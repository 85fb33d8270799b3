"""A pseudo-locale, generated from the English messages, and the check of what a bot sent in it.

Every message the code marks for translation (as `make i18n` extracts it, refusals included) is
"translated" letter by letter into accented look-alikes (`Pass` → `[Þàšš~]`), wrapped in brackets
and padded with `~` to at least 140 % of its length. What is not a letter of the English text is
kept: placeholders (`{name}`, `%(count)d`), markup, emoji, slash commands, card codes (`10H`,
`AS`), notation (`demon>f`, `w1`). So on a screen drawn in it

- a plain ASCII word is either a name, a card, a command or a word people type, or it never went
  through the catalog: hard-coded (`stray_words`);
- a `[` without its `]` is a text cut short by a length limit (`cut`), and the padding makes the
  texts as long as the longer translations (German, Russian) to meet the limits.

`pseudo_english()` makes the source language speak it while inside: `translator("en")` then reads
the pseudo catalog, so every chat and person on the default language does, through every path the
bot takes, and no pseudo language code has to be offered to anyone.
"""

from __future__ import annotations

import gettext
import math
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any
from unittest import mock

from adapters.telegram.texts import DESCRIPTION_LIMIT, SHORT_DESCRIPTION_LIMIT, profile
from bot import i18n
from bot.i18n import Translator
from tests.template import template

GROWTH = 1.4  # a pseudo text is at least this many times as long as the English
PAD = "~"
_LOWER = "àƀçðëƒĝĥîĵķłɱñöþǫŕšţûṽŵẋýž"
_UPPER = "ÀƁÇÐËƑĜĤÎĴĶŁṀÑÖÞǪŔŠŢÛṼŴẊÝŽ"
ACCENTED = str.maketrans("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ", _LOWER + _UPPER)
# What a translation keeps as it is (docs/translating.md): placeholders, markup, commands, cards,
# notation people type (with a digit or an arrow in it). Words people type are accented like the
# rest: catalogs keep them, but the check below allows them either way.
KEPT = re.compile(
    r"\{[^{}]*\}"  # {name}, {count:>3}
    r"|%(?:\([^)]*\))?[-#0 +]*\d*(?:\.\d+)?[a-zA-Z%]"  # %(count)d, %s
    r"|</?(?:b|i|u|s|a|code|pre|tg-spoiler)\b[^<>]*>|&\w+;"  # HTML markup: <b>, &amp;
    r"|`[^`]*`"  # `code`
    r"|https?://\S+|/\w+"  # links, /svolota
    r"|\b(?:10|[2-9AKQJ])[SHDC♠♥♦♣](?!\w)|\bJK\b"  # cards: 10H, AS, Q♣, JK
    r"|\b\w*\d[\w>]*|\b\w+>\w+"  # w1>w3, 2026-11, demon>f
)


def pseudo(text: str, limit: int | None = None) -> str:
    """`text` in the pseudo-locale: "Pile: {cards}" → "[Þîłë: {cards}~~~]"; padded no further than
    `limit` characters, if it has one."""
    if not text.strip():
        return text
    lead = text[: len(text) - len(text.lstrip())]
    body = text.strip()
    trail = text[len(text.rstrip()) :]
    out, at = [], 0
    for kept in KEPT.finditer(body):
        out += [body[at : kept.start()].translate(ACCENTED), kept.group(0)]
        at = kept.end()
    out.append(body[at:].translate(ACCENTED))
    accented = "".join(out)
    pad = max(1, math.ceil(len(text) * GROWTH) - len(text) - 2)
    if limit is not None:
        pad = max(0, min(pad, limit - len(text) - 2))
    return f"{lead}[{accented}{PAD * pad}]{trail}"


@cache
def limited() -> dict[str, int]:
    """Texts a platform refuses beyond a limit that every catalog is checked against already
    (tests/adapters/telegram/test_texts.py): padded up to that limit, no further. The English short
    description is 88 characters of Telegram's 120, so +40 % would not fit (French has 105)."""
    description, short = profile(Translator(i18n.SOURCE_LANGUAGE, gettext.NullTranslations()))
    return {description: DESCRIPTION_LIMIT, short: SHORT_DESCRIPTION_LIMIT}


@cache
def source_messages() -> tuple[frozenset[tuple[str | None, str]], frozenset[tuple[str, str]]]:
    """The English messages, (context, msgid) and (singular, plural) pairs, as `make i18n` extracts
    them from the source now (the template bot/locale/cardbot.pot is made of the same)."""
    singles: set[tuple[str | None, str]] = set()
    plurals: set[tuple[str, str]] = set()
    for message in template():
        if isinstance(message.id, (list, tuple)):
            plurals.add((message.id[0], message.id[1]))
        elif message.id:
            singles.add((message.context, message.id))
    return frozenset(singles), frozenset(plurals)


class PseudoTranslations(gettext.NullTranslations):
    """The pseudo catalog: every source message in the pseudo-locale; anything else as it is, like
    a message missing from a real catalog."""

    def __init__(self) -> None:
        super().__init__()
        singles, plurals = source_messages()
        self.singles = {key: pseudo(key[1], limited().get(key[1])) for key in singles}
        self.plurals = {key: (pseudo(key[0]), pseudo(key[1])) for key in plurals}

    def gettext(self, message: str) -> str:
        return self.singles.get((None, message), message)

    def pgettext(self, context: str, message: str) -> str:
        return self.singles.get((context, message), message)

    def ngettext(self, msgid1: str, msgid2: str, n: int) -> str:
        forms = self.plurals.get((msgid1, msgid2))
        if forms is None:
            return msgid1 if n == 1 else msgid2
        return forms[0] if n == 1 else forms[1]


class PseudoTranslator(Translator):
    """English numbers and dates, the pseudo catalog's words; `has` asks the catalog, as for any
    translated language (so a refusal joined from two templates is translated part by part)."""

    def has(self, message: str) -> bool:
        return self._t.gettext(message) != message

    # What Babel writes from the locale's data (CLDR) is marked too: "[45 šëç~]", not "45 sec", so
    # that a unit or a month written by hand would show.
    def seconds(self, n: int) -> str:
        return pseudo(super().seconds(n))

    def minutes(self, n: int) -> str:
        return pseudo(super().minutes(n))

    def month(self, year: int, month: int) -> str:
        return pseudo(super().month(year, month))

    def day(self, at: float) -> str:
        return pseudo(super().day(at))


@contextmanager
def pseudo_english() -> Iterator[Translator]:
    """While inside, the source language is the pseudo-locale (`translator("en")` and all it serves)."""
    translations = PseudoTranslations()

    def load(lang: str) -> gettext.NullTranslations:
        return translations if lang == i18n.SOURCE_LANGUAGE else real_load(lang)

    def make(lang: str, t: gettext.NullTranslations, ranks: str = i18n.LATIN_RANKS) -> Translator:
        return PseudoTranslator(lang, t, ranks) if t is translations else Translator(lang, t, ranks)

    real_load = i18n._load
    i18n._translator.cache_clear()  # translator() keeps one per language and court letters
    try:
        with mock.patch.object(i18n, "_load", load), mock.patch.object(i18n, "Translator", make):
            yield i18n.translator(i18n.SOURCE_LANGUAGE)
    finally:
        i18n._translator.cache_clear()


# --- the check --------------------------------------------------------------------------------

# Words people type (the parsers read them in English: docs/translating.md), game ids and house
# rules as /settings takes them, and what the platforms write themselves.
TYPED = frozenset(
    {
        *("pass", "joker", "play", "flip", "fill", "new", "demon", "waste", "turn"),  # moves
        *("help", "quit", "rules", "board"),  # the console's words
        *("alltime", "all", "everywhere", "on", "off"),  # commands' arguments
        *("svolota", "speed", "racing_demon", "easy", "normal", "hard"),  # games and levels as typed
    }
)
NOT_WORDS = re.compile(
    r"https?://\S+|/\w+|--?\w[\w-]*|@\w+|<[@#!&:t]*\d+(?::\w)?>"  # links, commands, options, mentions, tags
    r"|\w+>\w+"  # notation: from>to, demon>f
    r"|\b\w+:(?=\S)"  # a slash command's option, as typed: season:all
    r"|\b(?:10|[2-9AKQJ])[SHDC](?!\w)|\bJK\b"  # card codes
    r"|\b\w*\d\w*\b"  # anything with a digit: seeds, seasons, w1
)
WORD = re.compile(r"[A-Za-z]{2,}(?:_[A-Za-z]+)*")  # racing_demon, pt_BR: one word


@cache
def languages() -> frozenset[str]:
    """Language codes (typed: `/settings lang de`) and each language's name in itself ("English",
    "Deutsch": a list of languages names each so, whatever the reader's language)."""
    words = {w.lower() for lang in i18n.LANGUAGES for w in WORD.findall(f"{lang} {i18n.own_name(lang)}")}
    return frozenset(words)


def stray_words(text: str, names: Iterable[str] = ()) -> list[str]:
    """The plain English words of a text in the pseudo-locale that are none of: a name, a card, a
    command, a mention, a word people type, a language's code or own name. Each is a string that
    never went through a catalog."""
    allowed = TYPED | languages() | {w.lower() for name in names for w in WORD.findall(name)}
    return [w for w in WORD.findall(NOT_WORDS.sub(" ", text)) if w.lower() not in allowed]


def cut(text: str) -> bool:
    """Whether a pseudo text lost a closing bracket (or has one too many): a length limit cut it."""
    depth = 0
    for char in text:
        depth += {"[": 1, "]": -1}.get(char, 0)
        if depth < 0:
            return True
    return depth != 0


def problems(texts: Iterable[tuple[str, str]], names: Iterable[str] = ()) -> list[str]:
    """`(where, text)` pairs a bot sent → what is hard-coded or cut in them, one line each."""
    names = list(names)
    found: dict[str, None] = {}
    for where, text in texts:
        if stray := stray_words(text, names):
            found[f"{where}: hard-coded {sorted(set(stray))} in {text!r}"] = None
        if "/[" in text:  # a platform shows a command by its name, never by a catalog's word
            found[f"{where}: a command named through the catalog: {text!r}"] = None
        if cut(text):
            found[f"{where}: cut short: {text!r}"] = None
    return list(found)


# Fields of the platforms' JSON that people read (Bot API, Discord API)
READ: frozenset[str] = frozenset(
    {"text", "caption", "content", "label", "placeholder", "title", "description", "short_description", "message_text"}
)


def read_in(data: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every `(field path, text)` people read in a request's JSON."""
    if isinstance(data, dict):
        for key, value in data.items():
            if isinstance(value, str) and (key in READ or (key in ("name", "value") and where.endswith("fields"))):
                yield f"{where}.{key}", value
            else:
                yield from read_in(value, f"{where}.{key}")
    elif isinstance(data, list):
        for item in data:
            yield from read_in(item, where)
