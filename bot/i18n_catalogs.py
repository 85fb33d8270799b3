"""The catalogs' life cycle (`make i18n`, docs/translating.md): after `pybabel extract` has written
a fresh template, keep it only if it differs from the checked-in one by more than its date, bring
every catalog up to date with it, and compile each one to check it.

    python -m bot.i18n_catalogs bot/locale/cardbot.pot.new

A catalog is updated without fuzzy matching: a new or changed message is added untranslated (the
catalog tests then name it), never filled with a near miss marked fuzzy. The runtime reads the
`.po` files themselves (bot/i18n.py), so the compiled catalogs are not written anywhere.
"""

from __future__ import annotations

import contextlib
import io
import re
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.frontend import CommandLineInterface
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

from bot.i18n import DOMAIN

LOCALE = Path(__file__).resolve().parent / "locale"
TEMPLATE = LOCALE / f"{DOMAIN}.pot"
# Where pyproject.toml's [tool.babel] settings are read, and the paths in them start.
ROOT = LOCALE.parents[1]
WIDTH = 100  # as pyproject.toml gives pybabel extract: the lines of every file wrap alike
_CREATED = re.compile(rb'^"POT-Creation-Date: [^"]*"\n', re.MULTILINE)

# A message as the template holds it: context, id (a pair for plurals), flags, comments for the
# translator. Locations and dates are left out: they move without any message changing.
Entry = tuple[str | None, str | tuple[str, ...], frozenset[str], tuple[str, ...]]


def catalog_paths() -> list[Path]:
    """Every language's catalog in the source tree (shipped or on its way)."""
    return sorted(LOCALE.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))


def read(path: Path, locale: str | None = None) -> Catalog:
    with path.open("rb") as po:
        return read_po(po, locale=locale, domain=DOMAIN, abort_invalid=True)


def extract() -> Catalog:
    """The template as `make i18n` would extract it now (pybabel extract, in this process)."""
    with tempfile.TemporaryDirectory() as folder, contextlib.chdir(ROOT):
        output = Path(folder) / f"{DOMAIN}.pot"
        cli = CommandLineInterface()
        cli.run(["pybabel", "--quiet", "extract", "--output-file", str(output)])  # type: ignore[no-untyped-call]
        return read(output)


def entries(template: Catalog) -> frozenset[Entry]:
    return frozenset(
        (
            m.context,
            tuple(m.id) if isinstance(m.id, (list, tuple)) else m.id,
            frozenset(m.flags),
            tuple(m.auto_comments),
        )
        for m in template
        if m.id
    )


def is_join(msgid: str, known: Iterable[str]) -> bool:
    """Whether `msgid` is messages of `known` joined by ": ", as the core joins two refusals
    (`expected …: not a card: …`): a whole translation of the join reads better than its parts, so
    a catalog may keep one (bot/i18n.py reads it whole, or else part by part)."""
    known = known if isinstance(known, (set, frozenset)) else set(known)
    start = msgid.find(": ")
    while start != -1:
        head, tail = msgid[:start], msgid[start + 2 :]
        if head in known and (tail in known or is_join(tail, known)):
            return True
        start = msgid.find(": ", start + 1)
    return False


def update(catalog: Catalog, template: Catalog) -> None:
    """Bring a catalog up to date with the template: new messages untranslated, those no longer
    used kept as obsolete if translated (`#~`, for a translator to reuse; one used again comes back
    with its translation), joins of the template's messages kept."""
    for key, message in list(catalog.obsolete.items()):
        if template.get(message.id, context=message.context) is not None:
            del catalog.obsolete[key]
            catalog[message.id] = message
    catalog.update(template, no_fuzzy_matching=True, update_header_comment=False)
    for key, message in list(catalog.obsolete.items()):
        if not any(message.string if isinstance(message.string, (list, tuple)) else (message.string,)):
            del catalog.obsolete[key]  # nothing to reuse
    ids = {m.id for m in template if isinstance(m.id, str) and m.context is None}
    for key, message in list(catalog.obsolete.items()):
        if isinstance(message.id, str) and message.context is None and is_join(message.id, ids):
            del catalog.obsolete[key]
            catalog[message.id] = message


def problems(catalog: Catalog) -> list[str]:
    """What keeps a catalog from compiling cleanly (Babel's checks: plural forms, %-formats)."""
    found = [f"{message.id!r}: {error}" for message, errors in catalog.check() for error in errors]
    try:
        write_mo(io.BytesIO(), catalog, use_fuzzy=False)
    except Exception as error:  # any failure to compile is reported, not raised
        found.append(f"does not compile: {error}")
    return found


def write(path: Path, catalog: Catalog) -> None:
    out = io.BytesIO()
    write_po(out, catalog, width=WIDTH, no_location=True)
    if not path.exists() or path.read_bytes() != out.getvalue():
        path.write_bytes(out.getvalue())


def replace_template(fresh: Path, template: Path = TEMPLATE) -> bool:
    """Move a freshly extracted template over the checked-in one, unless only its date differs
    (then the fresh one is dropped: nothing changed). Whether the template changed."""
    new = fresh.read_bytes()
    if template.exists() and _CREATED.sub(b"", template.read_bytes()) == _CREATED.sub(b"", new):
        fresh.unlink()
        return False
    fresh.replace(template)
    return True


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python -m bot.i18n_catalogs NEW_TEMPLATE (written by pybabel extract)", file=sys.stderr)
        return 2
    changed = replace_template(Path(argv[0]))
    template = read(TEMPLATE)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(template)} messages{'' if changed else ', unchanged'}")
    failed = False
    for path in catalog_paths():
        catalog = read(path, locale=path.parents[1].name)
        update(catalog, template)
        write(path, catalog)
        wrong = problems(catalog)
        failed = failed or bool(wrong)
        print(f"{path.relative_to(ROOT)}: {'; '.join(wrong) if wrong else 'up to date, compiles'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
