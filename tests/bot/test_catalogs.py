"""The catalogs against the source: the template (bot/locale/cardbot.pot) holds every message the
source asks for, as `make i18n` extracts it; every language translates every message of the
template, keeps what a translation must keep (tests/bot/translation_rules.py), has as many plural
forms as the language has, compiles, and holds nothing left over.

The source's messages are the gettext calls (gettext/ngettext/pgettext, N_ marks, `button` labels
in bot/) and the reasons the core and the service give for refusing (bot/i18n_scan.py), found by
`pybabel extract` with pyproject.toml's settings, once a process (~0.5 s)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache
from pathlib import Path

import pytest
from babel.messages.catalog import Catalog, Message
from babel.messages.plurals import get_plural

from bot import i18n_catalogs
from bot.i18n import LANGUAGES, catalog_path, placeholders
from bot.i18n_catalogs import entries, is_join, problems
from bot.i18n_scan import refusals
from tests.bot.translation_rules import broken
from tests.template import template  # as the source asks for it now (not as checked in)

ROOT = Path(__file__).resolve().parents[2]
TRANSLATED = LANGUAGES[1:]
SOURCES = sorted(p for folder in ("core", "bot", "adapters") for p in ROOT.glob(f"{folder}/**/*.py"))

Key = tuple[str | None, str | tuple[str, str]]


def used_messages(places: Iterable[str] = ("core", "bot", "adapters")) -> frozenset[Key]:
    """(context, msgid) of every message asked for in these files or folders (a plural's msgid is
    its pair of ids)."""
    places = tuple(places)
    return frozenset(
        (m.context, (m.id[0], m.id[1]) if isinstance(m.id, (list, tuple)) else m.id)
        for m in template()
        if m.id and any(_under(path, place) for path, _line in m.locations for place in places)
    )


def _under(path: str, place: str) -> bool:
    return path == place or path.startswith(place.rstrip("/") + "/")


@cache
def catalog(lang: str) -> Catalog:
    return i18n_catalogs.read(Path(str(catalog_path(lang))), locale=lang)


def _strings(message: Message) -> tuple[str, ...]:
    return tuple(message.string) if isinstance(message.string, (list, tuple)) else (message.string,)


def test_the_scans_find_the_messages():
    used = used_messages()
    # the core's refusals: Svolota, Speed, Racing Demon (constants, joined constants, tables of them)
    for template_ in (
        "you can beat the pile, so you may not pass",
        "expected 'play <cards>' (e.g. play 8H 8C), 'joker' or 'pass'",
        "too slow: the pile is now {card}",
        "no move given: expected play S P, flip S, fill S or new (S a stack, P a pile)",
        "your waste is empty: turn some cards first",
        "{card} does not go on any foundation: it needs {need} on top",
    ):
        assert (None, template_) in used_messages(("core",)), template_
    # the service's refusals
    assert (None, "too late: the table has changed since") in used
    assert (None, "{game} needs at least {count} players") in used
    assert used_messages(("adapters/console",)), "the console's messages"
    # the bot: screens, plurals, button labels, game names, answers, a context
    assert (None, "🎴 {game}: a table is open") in used
    assert (None, ("{count} card", "{count} cards")) in used
    assert (None, "▶ Start") in used_messages(("bot/ui/lobby.py",))
    assert (None, "Racing Demon") in used
    assert (None, "Settings saved.") in used
    assert ("difficulty", "hard") in used
    assert len(used) >= 400


def test_the_template_is_up_to_date():
    """bot/locale/cardbot.pot holds the messages the source asks for: ids, plural ids, contexts,
    flags, translators' comments (not the dates or where each message is written)."""
    checked_in = entries(i18n_catalogs.read(i18n_catalogs.TEMPLATE))
    fresh = entries(template())
    assert checked_in == fresh, (
        "bot/locale/cardbot.pot is out of date with the source: run `make i18n` and commit it with the catalogs."
        f"\nnew in the source: {sorted(fresh - checked_in, key=repr)}"
        f"\nno longer in the source: {sorted(checked_in - fresh, key=repr)}"
    )


def test_every_refusal_template_is_readable_by_the_scan():
    unreadable = [
        f"{path.relative_to(ROOT)}:{r.line}" for path in SOURCES for r in refusals(path.read_bytes()) if not r.readable
    ]
    assert not unreadable, (
        f"refusals whose template the scan cannot read (nobody would see it untranslated): {unreadable}"
    )


@pytest.mark.parametrize("lang", TRANSLATED)
def test_every_message_is_translated(lang):
    cat = catalog(lang)
    missing = []
    for wanted in template():
        if not wanted.id:
            continue
        message = cat.get(wanted.id, context=wanted.context)
        translated = message is not None and not message.fuzzy and all(_strings(message))
        if not translated or wanted.pluralizable != message.pluralizable:
            missing.append((wanted.context, wanted.id))
    assert not missing, f"{lang}: untranslated (or fuzzy): {missing}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_translations_keep_what_they_must(lang):
    """Placeholders, markup, a leading emoji, line breaks and commands, in every plural form (each
    against the plural id, which names every placeholder)."""
    wrong = []
    for message in catalog(lang):
        if not message.id:
            continue
        ids = tuple(message.id) if isinstance(message.id, (list, tuple)) else (message.id,)
        if set().union(*map(placeholders, ids)) != placeholders(ids[-1]):
            wrong.append((message.id, "the singular has a placeholder the plural lacks"))
        for text in _strings(message):
            if text:
                wrong += [(message.id, text, what) for what in broken(ids[-1], text)]
    assert not wrong, f"{lang}: translations that break their message: {wrong}"


@pytest.mark.parametrize("lang", TRANSLATED)
def test_the_catalog_compiles_cleanly(lang):
    """Babel's checks (plural forms; %-style placeholders of python-format messages) and a compile."""
    assert problems(catalog(lang)) == []


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
    """A catalog entry is a message of the template, or messages of it joined by ": " (the core
    joins two refusals so, and a whole translation reads better than two halves)."""
    wanted = {(m.context, m.id if isinstance(m.id, str) else m.id[0]) for m in template() if m.id}
    ids = {msgid for context, msgid in wanted if context is None}
    stale = [
        (m.context, m.id)
        for m in catalog(lang)
        if m.id
        and (m.context, m.id if isinstance(m.id, str) else m.id[0]) not in wanted
        and not (m.context is None and isinstance(m.id, str) and is_join(m.id, ids))
    ]
    assert not stale, f"{lang}: no longer used (run `make i18n`): {stale}"


@pytest.mark.parametrize(
    ("english", "translated", "rule"),
    [
        ("{count} cards left", "noch {n} Karten", "placeholders"),
        ("*Bold* move", "Kühner Zug", "markup"),
        ("an _italic_ word", "ein _kursives Wort", "markup"),
        ("run `make i18n`", "führe `mache i18n` aus", "markup"),
        ("<b>Svolota</b> is open", "<b>Сволота открыта", "markup"),
        ("<b><i>Go</i></b>", "<i><b>Los</i></b>", "markup"),
        ("▶ Start", "Старт ▶", "leading symbol"),
        ("⚔️ {people}: you are challenged", "⚔ {people}: вас вызвали", "leading symbol"),
        ("Reserve: 3\nPile: 5", "Reserve: 3 · Pile: 5", "line breaks"),
        ("How to play: /rules [game]", "So spielt man: /regeln [Spiel]", "slash commands"),
    ],
)
def test_each_rule_catches_what_it_names(english, translated, rule):
    assert [w.split(":")[0] for w in broken(english, translated)] == [rule]


@pytest.mark.parametrize(
    ("english", "translated"),
    [
        (
            "A house rule: GAME NAME VALUE, e.g. svolota free_pass on",
            "Regel: SPIEL NAME WERT, z. B. svolota free_pass on",
        ),
        ("expected 'play <cards>' (e.g. play 8H 8C)", "erwartet 'play <Karten>' (z. B. play 8H 8C)"),
        ("An Ace played going ↑ turns the pile ↓", "↑ giderken oynanan As yığını ↓ çevirir"),
        ("*Bold* and <b>{name}</b>", "<b>{name}</b> und *fett*"),
        ("⚔️ {people}: you are challenged", "⚔️ {people}: вас вызвали"),
    ],
)
def test_the_rules_let_a_good_translation_be(english, translated):
    assert broken(english, translated) == []


def test_babel_checks_percent_placeholders():
    cat = Catalog(locale="de")
    cat.add("%(count)d cards", "%(anzahl)d Karten")
    cat.add("%s of %s", "%s von")
    cat.add("{count} cards", "{count} Karten")
    assert [p.split(":")[0] for p in problems(cat)] == ["'%(count)d cards'", "'%s of %s'"]


def test_a_changed_message_comes_untranslated_and_joins_stay():
    """`make i18n` on a catalog: a new message is added empty (no fuzzy guess from a near one), a
    message no longer used goes obsolete (until used again), a join of two messages stays."""
    old = Catalog(locale="de")
    old.add("Settings saved.", "Einstellungen gespeichert.")
    old.add("not a card: {text!r}", "keine Karte: {text!r}")
    old.add("expected a move", "Zug erwartet")
    old.add("expected a move: not a card: {text!r}", "Zug erwartet, keine Karte: {text!r}")
    new = Catalog()
    for msgid in ("Settings saved!", "not a card: {text!r}", "expected a move"):
        new.add(msgid)
    i18n_catalogs.update(old, new)
    assert not old["Settings saved!"].string and not old["Settings saved!"].fuzzy
    assert "Settings saved." in old.obsolete
    assert old["expected a move: not a card: {text!r}"].string == "Zug erwartet, keine Karte: {text!r}"
    back = Catalog()
    for msgid in ("Settings saved.", "not a card: {text!r}", "expected a move"):
        back.add(msgid)
    i18n_catalogs.update(old, back)  # the change undone: the translation comes back, the empty one goes
    assert old["Settings saved."].string == "Einstellungen gespeichert." and not old.obsolete
