"""Every message the bot and the console show, and every reason the core gives for refusing a move
(Svolota, Speed, Racing Demon) or the service gives for refusing a command, has a translation in
every language of the bot with the same `{placeholders}` as the English, and as many plural forms
as the language has; no entry is left over."""

from __future__ import annotations

import ast
import itertools
from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import DEFAULT_KEYWORDS, extract, extract_from_dir
from babel.messages.plurals import get_plural
from babel.messages.pofile import read_po

from bot.i18n import LANGUAGES, catalog_path, placeholders

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = LANGUAGES[1:]
EXCEPTIONS = {"IllegalMove", "BadNotation", "NotYourTurn", "GameOver", "TooSlow", "Refused"}
# Must be translated: the console's and the bot's messages (screens, answers, game names marked
# with N_), and the reasons the core and the service give for refusing.
MESSAGE_DIRS = ("adapters/console", "adapters/web", "bot")
CORE_GAMES = ("svolota", "speed", "racing_demon")
TEMPLATE_FILES = sorted(
    [
        *ROOT.glob("core/*.py"),
        *(p for game in CORE_GAMES for p in ROOT.glob(f"core/games/{game}/*.py")),
        *ROOT.glob("bot/**/*.py"),
    ]
)
# May be in the catalogs: any message or refusal written anywhere in the project.
ALL_MESSAGE_DIRS = ("adapters", "bot")
ALL_TEMPLATE_FILES = sorted(p for folder in ("core", "bot", "adapters") for p in ROOT.glob(f"{folder}/**/*.py"))
# In bot/, `button(t, label, table, action)` (bot/ui/buttons.py) translates its label.
BOT_KEYWORDS = {**DEFAULT_KEYWORDS, "button": (2,)}

Key = tuple[str | None, str | tuple[str, str]]


def _keywords(place: str) -> dict[str, object]:
    return BOT_KEYWORDS if place == "bot" or place.startswith("bot/") else dict(DEFAULT_KEYWORDS)


def _extract(place: str) -> Iterator[tuple[object, str | None]]:
    path, keywords = ROOT / place, _keywords(place)
    if path.is_file():
        with path.open("rb") as source:
            for _line, message, _comments, context in extract("python", source, keywords=keywords):
                yield message, context
        return
    found = extract_from_dir(path, method_map=[("**.py", "python")], keywords=keywords)
    for _file, _line, message, _comments, context in found:
        yield message, context


@cache
def used_messages(places: tuple[str, ...] = MESSAGE_DIRS) -> frozenset[Key]:
    """(context, msgid) of every literal gettext/ngettext/pgettext call and N_ mark (and, in bot/,
    every literal button label), found by Babel's extractor (once a process: a scan takes ~0.5 s)."""
    found: set[Key] = set()
    for place in places:
        for message, context in _extract(place):
            if isinstance(message, tuple):
                if message[0] and message[1]:
                    found.add((context, (message[0], message[1])))
            elif message:
                found.add((context, message))
    return frozenset(found)


class _Module:
    """The module-level strings of a source file, to read templates that are not literals:
    `EXPECTED`, `"no move given: " + EXPECTED`, `_EMPTY[source]` (every value of a dict)."""

    def __init__(self, tree: ast.Module) -> None:
        self.strings: dict[str, str] = {}
        self.tables: dict[str, tuple[str, ...]] = {}
        for node in tree.body:
            if isinstance(node, ast.Assign):
                targets, value = node.targets, node.value
            elif isinstance(node, ast.AnnAssign) and node.value is not None:
                targets, value = [node.target], node.value
            else:
                continue
            names = [t.id for t in targets if isinstance(t, ast.Name)]
            strings = self.resolve(value)
            if strings is not None and len(strings) == 1:
                self.strings.update(dict.fromkeys(names, strings[0]))
            elif isinstance(value, ast.Dict) and value.values:
                parts = [self.resolve(v) for v in value.values]
                if all(p is not None for p in parts):
                    self.tables.update(dict.fromkeys(names, tuple(s for p in parts if p for s in p)))

    def resolve(self, node: ast.expr) -> tuple[str, ...] | None:
        """Every string `node` may be, or None if it is not built from literals alone."""
        if isinstance(node, ast.Constant) and isinstance(node.value, str):
            return (node.value,)
        if isinstance(node, ast.Name) and node.id in self.strings:
            return (self.strings[node.id],)
        if isinstance(node, ast.Subscript) and isinstance(node.value, ast.Name) and node.value.id in self.tables:
            return self.tables[node.value.id]
        if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
            left, right = self.resolve(node.left), self.resolve(node.right)
            if left is not None and right is not None:
                return tuple(a + b for a, b in itertools.product(left, right))
        return None


def _refusals(path: Path) -> Iterator[tuple[int, ast.expr, tuple[str, ...] | None]]:
    """(line, first argument, its strings or None) of every IllegalMove-family call in a file."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module = _Module(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name in EXCEPTIONS:
            yield node.lineno, node.args[0], module.resolve(node.args[0])


def illegal_templates(files: list[Path] = TEMPLATE_FILES) -> set[str]:
    """The template of every IllegalMove (or subclass, or Refused) raised in `files`, where it is
    built from string literals and module-level string constants."""
    return {s for path in files for _line, _arg, strings in _refusals(path) if strings for s in strings}


def _passes_on(node: ast.expr) -> bool:
    """Another refusal's `.template`, maybe joined to a literal one (`_EXPECTED + ": " + e.template`:
    the translator reads such a join part by part)."""
    if isinstance(node, ast.Attribute):
        return node.attr == "template"
    if isinstance(node, ast.BinOp) and isinstance(node.op, ast.Add):
        parts = (node.left, node.right)
        return any(_passes_on(p) for p in parts) and all(_passes_on(p) or _literal(p) for p in parts)
    return False


def _literal(node: ast.expr) -> bool:
    return isinstance(node, (ast.Constant, ast.Name)) or (
        isinstance(node, ast.BinOp) and _literal(node.left) and _literal(node.right)
    )


def unreadable_templates(files: list[Path] = TEMPLATE_FILES) -> list[str]:
    """Refusals whose template the scan cannot read (so nobody would notice it is untranslated);
    passing on another refusal's `.template` is fine."""
    return [
        f"{path.relative_to(ROOT)}:{line}: {ast.unparse(arg)}"
        for path in files
        for line, arg, strings in _refusals(path)
        if strings is None and not _passes_on(arg)
    ]


def catalog(lang: str) -> Catalog:
    with catalog_path(lang).open("rb") as po:
        return read_po(po, locale=lang, abort_invalid=True)


@cache
def required() -> frozenset[Key]:
    return used_messages() | {(None, template) for template in illegal_templates()}


def test_the_scans_find_the_messages():
    templates = illegal_templates()
    assert len(templates) >= 60
    # the core: Svolota, Speed, Racing Demon (constants, joined constants, tables of them)
    assert "you can beat the pile, so you may not pass" in templates
    assert "expected 'play <cards>' (e.g. play 8H 8C), 'joker' or 'pass'" in templates
    assert "too slow: the pile is now {card}" in templates
    assert "no move given: expected play S P, flip S, fill S or new (S a stack, P a pile)" in templates
    assert "your waste is empty: turn some cards first" in templates
    assert "{card} does not go on any foundation: it needs {need} on top" in templates
    # the service's refusals
    assert "too late: the table has changed since" in templates
    assert "{game} needs at least {count} players" in templates
    used = used_messages()
    assert used_messages(("adapters/console",)), "the console's messages"
    # the bot: screens, plurals, button labels, game names, answers
    assert (None, "🎴 {game}: a table is open") in used
    assert (None, ("{count} card", "{count} cards")) in used
    assert (None, "▶ Start") in used
    assert (None, "Racing Demon") in used
    assert (None, "Settings saved.") in used


def test_every_refusal_template_is_readable_by_the_scan():
    unreadable = unreadable_templates()
    assert not unreadable, f"templates the catalog checks cannot see: {unreadable}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    cat = catalog(lang)
    missing = []
    for context, msgid in sorted(required(), key=repr):
        lookup = msgid[0] if isinstance(msgid, tuple) else msgid
        message = cat.get(lookup, context=context)
        if message is None or message.fuzzy:
            missing.append((context, msgid))
            continue
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        if isinstance(msgid, tuple) != isinstance(message.string, tuple) or not all(strings):
            missing.append((context, msgid))
    assert not missing, f"{lang}: untranslated: {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_placeholders_match(lang):
    wrong = []
    for message in catalog(lang):
        if not message.id:
            continue
        ids = message.id if isinstance(message.id, tuple) else (message.id,)
        strings = message.string if isinstance(message.string, tuple) else (message.string,)
        expected = placeholders(ids[-1])
        if any(placeholders(i) - expected for i in ids):
            wrong.append((message.id, "singular and plural differ"))
        for text in strings:
            if text and placeholders(text) != expected:
                wrong.append((message.id, text))
    assert not wrong, f"{lang}: placeholders differ: {wrong}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_plural_messages_have_every_form(lang):
    cat = catalog(lang)
    forms = get_plural(lang).num_plurals
    assert cat.num_plurals == forms
    for message in cat:
        if message.pluralizable:
            assert len(message.string) == forms and all(message.string), message.id


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_message_is_left_over(lang):
    """A catalog entry is a message in use, or two of the core's templates joined by ": " (the core
    joins them so, and a whole translation reads better than two halves)."""
    in_use = messages_in_use()
    stale = [
        (m.context, m.id)
        for m in catalog(lang)
        if m.id and (m.context, m.id[0] if isinstance(m.id, tuple) else m.id) not in in_use
    ]
    assert not stale, f"{lang}: no longer used: {stale}"


@cache
def messages_in_use() -> frozenset[tuple[str | None, str]]:
    """(context, msgid) of every message in use, and of every two core templates joined by ": "."""
    everywhere = used_messages(ALL_MESSAGE_DIRS) | {(None, t) for t in illegal_templates(ALL_TEMPLATE_FILES)}
    used = {(context, msgid[0] if isinstance(msgid, tuple) else msgid) for context, msgid in everywhere}
    templates = illegal_templates(ALL_TEMPLATE_FILES)
    return frozenset(used | {(None, a + ": " + b) for a in templates for b in templates})
