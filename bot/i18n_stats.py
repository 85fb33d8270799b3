"""How far each language's catalog is translated (`make i18n-stats`), against the template:

    python -m bot.i18n_stats

A message of the template counts as translated when the catalog has it, not fuzzy, with every
plural form filled in; fuzzy when it is marked so; untranslated otherwise (missing or empty).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass

from babel import Locale
from babel.messages.catalog import Catalog

from bot.i18n import LANGUAGES, SOURCE_LANGUAGE
from bot.i18n_catalogs import TEMPLATE, catalog_paths, read


@dataclass(frozen=True, slots=True)
class Counts:
    total: int
    translated: int
    fuzzy: int

    @property
    def untranslated(self) -> int:
        return self.total - self.translated - self.fuzzy

    @property
    def percent(self) -> float:
        return 100 * self.translated / self.total if self.total else 100.0


def counts(catalog: Catalog, template: Catalog) -> Counts:
    translated = fuzzy = total = 0
    for wanted in template:
        if not wanted.id:
            continue
        total += 1
        message = catalog.get(wanted.id, context=wanted.context)
        if message is None:
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else (message.string,)
        if message.fuzzy:
            fuzzy += 1
        elif all(strings):
            translated += 1
    return Counts(total, translated, fuzzy)


def table() -> list[str]:
    """One line per language: the source, then every catalog (those not yet shipped say so)."""
    template = read(TEMPLATE)
    head = f"{'language':<28} {'messages':>8} {'translated':>10} {'fuzzy':>5} {'untranslated':>12} {'done':>7}"
    lines = [head, f"{_name(SOURCE_LANGUAGE) + ' (source)':<28} {len(template):>8}"]
    for path in catalog_paths():
        lang = path.parents[1].name
        c = counts(read(path, locale=lang), template)
        name = _name(lang) + ("" if lang in LANGUAGES else " (not shipped)")
        lines.append(f"{name:<28} {c.total:>8} {c.translated:>10} {c.fuzzy:>5} {c.untranslated:>12} {c.percent:>6.1f}%")
    return lines


def _name(lang: str) -> str:
    return f"{lang} {Locale.parse(lang).get_display_name('en')}"


if __name__ == "__main__":
    print("\n".join(table()))
    sys.exit(0)
