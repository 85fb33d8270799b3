"""Every message the console shows and every reason the Svolota core gives has a Russian and a
Ukrainian translation, with the same `{placeholders}` as the English; no entry is left over."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog
from babel.messages.extract import extract, extract_from_dir
from babel.messages.pofile import read_po

from bot.i18n import catalog_path, placeholders

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = ("ru", "uk")
EXCEPTIONS = {"IllegalMove", "BadNotation", "NotYourTurn", "GameOver", "TooSlow", "Refused"}
# Must be translated: the console's messages, and the reasons the core gives for refusing a move.
MESSAGE_DIRS = ("adapters/console", "bot/i18n.py")
CORE_FILES = sorted([*ROOT.glob("core/*.py"), *ROOT.glob("core/games/svolota/*.py")])
# May be in the catalogs: any message or refusal written anywhere in the project.
ALL_MESSAGE_DIRS = ("adapters", "bot")
ALL_TEMPLATE_FILES = sorted(p for folder in ("core", "bot", "adapters") for p in ROOT.glob(f"{folder}/**/*.py"))

Key = tuple[str | None, str | tuple[str, str]]


def _extract(place: Path) -> Iterator[tuple[object, str | None]]:
    if place.is_file():
        with place.open("rb") as source:
            for _line, message, _comments, context in extract("python", source):
                yield message, context
        return
    for _file, _line, message, _comments, context in extract_from_dir(place, method_map=[("**.py", "python")]):
        yield message, context


def used_messages(places: tuple[str, ...] = MESSAGE_DIRS) -> set[Key]:
    """(context, msgid) of every literal gettext/ngettext/pgettext call, found by Babel's extractor."""
    found: set[Key] = set()
    for place in places:
        for message, context in _extract(ROOT / place):
            if isinstance(message, tuple):
                if message[0] and message[1]:
                    found.add((context, (message[0], message[1])))
            elif message:
                found.add((context, message))
    return found


def illegal_templates(files: list[Path] = CORE_FILES) -> set[str]:
    """The first argument of every IllegalMove (or subclass) raised in `files`, where it is a string
    literal or a module-level string constant."""
    templates: set[str] = set()
    for path in files:
        tree = ast.parse(path.read_text(encoding="utf-8"))
        constants = {
            target.id: node.value.value
            for node in tree.body
            if isinstance(node, ast.Assign)
            and isinstance(node.value, ast.Constant)
            and isinstance(node.value.value, str)
            for target in node.targets
            if isinstance(target, ast.Name)
        }
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.args):
                continue
            if node.func.id not in EXCEPTIONS:
                continue
            first = node.args[0]
            if isinstance(first, ast.Constant) and isinstance(first.value, str):
                templates.add(first.value)
            elif isinstance(first, ast.Name) and first.id in constants:
                templates.add(constants[first.id])
    return templates


def catalog(lang: str) -> Catalog:
    with catalog_path(lang).open("rb") as po:
        return read_po(po, locale=lang, abort_invalid=True)


def required() -> set[Key]:
    keys: set[Key] = used_messages()
    keys |= {(None, template) for template in illegal_templates()}
    return keys


def test_the_scans_find_the_messages():
    assert len(illegal_templates()) >= 15
    assert "you can beat the pile, so you may not pass" in illegal_templates()
    assert "expected 'play <cards>' (e.g. play 8H 8C), 'joker' or 'pass'" in illegal_templates()
    assert (None, "Your moves:") in used_messages()
    assert ("computer player", "Ann") in used_messages()


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
    assert cat.num_plurals == 3
    for message in cat:
        if message.pluralizable:
            assert len(message.string) == 3 and all(message.string), message.id


@pytest.mark.parametrize("lang", TRANSLATED)
def test_no_message_is_left_over(lang):
    """A catalog entry is a message in use, or two of the core's templates joined by ": " (the core
    joins them so, and a whole translation reads better than two halves)."""
    everywhere = used_messages(ALL_MESSAGE_DIRS) | {(None, t) for t in illegal_templates(ALL_TEMPLATE_FILES)}
    used = {(context, msgid[0] if isinstance(msgid, tuple) else msgid) for context, msgid in everywhere}
    templates = illegal_templates(ALL_TEMPLATE_FILES)
    joined = {(None, a + ": " + b) for a in templates for b in templates}
    stale = [
        (m.context, m.id)
        for m in catalog(lang)
        if m.id and (m.context, m.id[0] if isinstance(m.id, tuple) else m.id) not in used | joined
    ]
    assert not stale, f"{lang}: no longer used: {stale}"
