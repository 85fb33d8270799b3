"""Translated texts fit where the platforms put them, whole (the adapters cut what is too long, so
a long translation would show cut, not fail):

- a button label: Discord's 80 characters (a select option's label, where a panel's moves become
  a menu, may be 100); Telegram documents no limit for a button's text;
- a toast, the answer to a press (a refusal, or a short answer): Telegram's answerCallbackQuery
  text, 200 characters.

The limits are read from the platforms' published schemas in ../shared/specs when present, else
taken from the adapters' own constants (which cite the same documentation). Each message is
measured in every language with its placeholders filled by long, realistic values (a 64-character
name, the longest game name of the language, a four-card play). Discord's slash command names and
descriptions are checked in tests/adapters/discord/test_menu.py; the bot puts no translated text in
a Discord embed (a screen's picture is an embed of the image alone).

Which messages are labels and toasts is read from the source (core/, bot/ and adapters/):
- labels: `button(t, LABEL, …)`; the gettext calls in the label of a `Button(…)`,
  `InlineKeyboardButton(…)`, `SelectOption(label=…)`, `discord.ui.Button(label=…)`; in a function
  called there (`_label(m, t)`, `value_word(v, t)`), or named for building labels (`move_label`);
  and the N_ tables indexed there (`t.gettext(NAMES[name])`);
- toasts: every refusal the core and the service give, and the gettext calls in a `Reply(…)`
  (bot/ui/screen.py: its text is the toast) or an adapter's `_answer(query, …)`, or in a function
  called there.
"""

from __future__ import annotations

import ast
import json
import re
import string
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path

import pytest
from telegram.constants import CallbackQueryLimit

from adapters.discord.components import MAX_LABEL
from bot.i18n import LANGUAGES, SOURCE_LANGUAGE, translator
from bot.i18n_scan import refusals
from tests.adapters.discord.spec_check import SPEC_PATH as DISCORD_SPEC
from tests.adapters.telegram.spec_check import SPEC_PATH as TELEGRAM_SPEC
from tests.bot.test_catalogs import catalog

ROOT = Path(__file__).resolve().parents[2]
SOURCES = sorted(p for folder in ("core", "bot", "adapters") for p in ROOT.glob(f"{folder}/**/*.py"))
# The arguments that are a gettext call's context and message (a plural's: its singular, the key).
GETTEXT: dict[str, tuple[int | None, int]] = {
    "gettext": (None, 0),
    "N_": (None, 0),
    "ngettext": (None, 0),
    "pgettext": (0, 1),
    "npgettext": (0, 1),
}
LABELS = {"Button": ("label", 0), "InlineKeyboardButton": ("text", 0), "SelectOption": ("label", None)}
TOASTS = {"Reply": ("text", 0), "_answer": ("text", 1)}

Key = tuple[str | None, str]
NAME = "Ж" * 64  # a long display name (Telegram's first + last name may be longer; Discord's is 32)
# Long but realistic values for the fields messages have (any other field: 16 characters).
VALUES = {
    "card": "10♥",
    "cards": "10♥ 10♦ 10♣ 10♠",
    "need": "10♥",
    "count": 1000,
    "n": 1000,
    "seconds": 600,
    "minutes": 60,
    "level": "normal",
    "look": "four-colour deck",
    "reason": "r" * 100,  # a house rule's complaint, cut at 100 by the service
    "languages": "en, ru, uk, es, pt_BR, de, fr, it, pl, tr, id, fa, ar, zh_Hans, ja, ko",
}
NAMES = {"name", "player", "people", "names", "who", "by", "winner", "creator", "opponent", "member"}


@dataclass
class _Index:
    """Per name across the source: a function's gettext messages, a module table's N_ values."""

    functions: dict[str, set[Key]] = field(default_factory=dict)
    tables: dict[str, set[Key]] = field(default_factory=dict)


@cache
def _trees() -> tuple[ast.Module, ...]:
    return tuple(ast.parse(p.read_bytes()) for p in SOURCES)


def _name(func: ast.expr) -> str | None:
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None


def _messages(node: ast.AST) -> Iterator[Key]:
    """(context, msgid) of the gettext calls under `node` that name a literal message."""
    for call in ast.walk(node):
        if isinstance(call, ast.Call) and (at := GETTEXT.get(_name(call.func) or "")) is not None:
            context, message = (None if at[0] is None else _literal(call, at[0])), _literal(call, at[1])
            if message is not None and (at[0] is None or context is not None):
                yield context, message


def _literal(call: ast.Call, position: int) -> str | None:
    arg = call.args[position] if len(call.args) > position else None
    return arg.value if isinstance(arg, ast.Constant) and isinstance(arg.value, str) else None


@cache
def _index() -> _Index:
    index = _Index()
    for tree in _trees():
        for node in tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                index.functions.setdefault(node.name, set()).update(_messages(node))
            elif isinstance(node, (ast.Assign, ast.AnnAssign)) and isinstance(node.value, ast.Dict):
                for target in node.targets if isinstance(node, ast.Assign) else [node.target]:
                    if isinstance(target, ast.Name):
                        index.tables.setdefault(target.id, set()).update(_messages(node.value))
    return index


def _shown(node: ast.expr) -> set[Key]:
    """The messages a text built by `node` may show: its gettext calls, those of the functions it
    calls, and the N_ tables it looks up."""
    index, found = _index(), set(_messages(node))
    for sub in ast.walk(node):
        if isinstance(sub, ast.Call) and (name := _name(sub.func)) in index.functions:
            found |= index.functions[name]
        if isinstance(sub, ast.Name) and sub.id in index.tables:
            found |= index.tables[sub.id]
    return found


def _argument(call: ast.Call, keyword: str, position: int | None) -> ast.expr | None:
    for k in call.keywords:
        if k.arg == keyword:
            return k.value
    return call.args[position] if position is not None and len(call.args) > position else None


def _found_in(calls: dict[str, tuple[str, int | None]]) -> set[Key]:
    found: set[Key] = set()
    for tree in _trees():
        for node in ast.walk(tree):
            is_call = isinstance(node, ast.Call) and (name := _name(node.func)) in calls
            if is_call and (arg := _argument(node, *calls[name])) is not None:
                found |= _shown(arg)
    return found


@cache
def labels() -> frozenset[Key]:
    found = _found_in(LABELS)
    for tree in _trees():
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _name(node.func) == "button" and len(node.args) > 1:
                label = node.args[1]
                if isinstance(label, ast.Constant) and isinstance(label.value, str):
                    found.add((None, label.value))
    found |= {m for name, messages in _index().functions.items() if name.endswith("label") for m in messages}
    return frozenset(found)


@cache
def toasts() -> frozenset[Key]:
    refused = {(None, s) for tree in _trees() for r in refusals(tree) for s in r.strings or ()}
    return frozenset(refused | _found_in(TOASTS))


@cache
def limits() -> dict[str, int]:
    """Label and toast limits from the published schemas, where ../shared/specs has them."""
    label, option, toast = MAX_LABEL, 100, int(CallbackQueryLimit.ANSWER_CALLBACK_QUERY_TEXT_LENGTH)
    if DISCORD_SPEC.is_file():
        schemas = json.loads(DISCORD_SPEC.read_text(encoding="utf-8"))["components"]["schemas"]
        label = schemas["ButtonComponentForMessageRequest"]["properties"]["label"]["maxLength"]
        option = schemas["StringSelectOptionForRequest"]["properties"]["label"]["maxLength"]
    if TELEGRAM_SPEC.is_file():
        fields = json.loads(TELEGRAM_SPEC.read_text(encoding="utf-8"))["methods"]["answerCallbackQuery"]["fields"]
        text = next(f for f in fields if f["name"] == "text")["description"]
        toast = int(re.search(r"0-(\d+) characters", text).group(1))
    return {"label": min(label, option), "toast": toast}


def filled(text: str, lang: str) -> str:
    """`text` with every field filled by a long, realistic value."""
    games = [translator(lang).gettext(g) for g in ("Svolota", "Speed", "Racing Demon")]
    values: dict[str, object] = {}
    for _literal, name, _spec, _conversion in string.Formatter().parse(text):
        if name:
            key = name.split(".")[0].split("[")[0]
            values[key] = NAME if key in NAMES else max(games, key=len) if key == "game" else VALUES.get(key, "x" * 16)
    return text.format(**values)


def _too_long(lang: str, messages: frozenset[Key], limit: int) -> list[tuple[int, str]]:
    """(length, translation) of the messages longer than `limit` once filled in (English: the msgid)."""
    cat = catalog(lang) if lang != SOURCE_LANGUAGE else None
    out = []
    for context, msgid in sorted(messages, key=repr):
        message = cat.get(msgid, context=context) if cat is not None else None
        strings = message.string if message is not None else msgid
        for text in strings if isinstance(strings, (list, tuple)) else (strings,):
            if text and len(shown := filled(text, lang)) > limit:
                out.append((len(shown), text))
    return out


def test_the_scans_find_labels_and_toasts():
    found = labels()
    for label in ("▶ Start", "🃏 Live table", "✅ Remove", "Computers: {level}", "Pass", "Free pass", "on"):
        assert (None, label) in found, label
    assert ("difficulty", "hard") in found
    said = {msgid for _context, msgid in toasts()}
    assert "Start the bot in private to get your panel." in said
    assert "too slow: the pile is now {card}" in said and "Settings saved." in said
    assert len(found) > 30 and len(toasts()) > 100


def test_the_limits_are_the_platforms():
    assert limits() == {"label": 80, "toast": 200}


def test_a_long_translation_is_caught():
    assert _too_long("en", frozenset({(None, "{name} " + "x" * 20)}), limits()["label"])
    assert not _too_long("en", frozenset({(None, "▶ Start")}), limits()["label"])
    assert filled("{name} plays {cards}", "de") == NAME + " plays 10♥ 10♦ 10♣ 10♠"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_button_labels_fit(lang):
    too_long = _too_long(lang, labels(), limits()["label"])
    assert not too_long, f"{lang}: labels over {limits()['label']} characters (length, label): {too_long}"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_toasts_fit(lang):
    too_long = _too_long(lang, toasts(), limits()["toast"])
    assert not too_long, f"{lang}: toasts over {limits()['toast']} characters (length, toast): {too_long}"
