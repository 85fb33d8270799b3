"""The messages a source file asks to be translated, for the catalog template (`make i18n`).

Babel's Python extractor finds the gettext calls (`gettext`, `ngettext`, `pgettext`, `N_`, and in
bot/ the label of `button(t, label, ...)`). The reasons the core and the service give for refusing
a move are not gettext calls: the core knows no language, so it raises `IllegalMove("too slow: the
pile is now {card}", card=...)` and bot/i18n.py looks the English template up as a msgid. This
module reads those templates from the syntax tree too, and `extract` hands both to Babel as one
extraction method (registered in pyproject.toml, `[tool.babel.extractors]`).
"""

from __future__ import annotations

import ast
import io
import itertools
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from typing import IO, Any

from babel.messages.extract import extract_python

# The IllegalMove family (core/errors.py) and the service's Refused (bot/refusals.py).
REFUSALS = frozenset({"IllegalMove", "BadNotation", "NotYourTurn", "GameOver", "TooSlow", "Refused"})


@dataclass(frozen=True, slots=True)
class Refusal:
    """One refusal raised in a file: its first argument, and every string that argument may be
    (None when it is not built from literals and module-level constants alone)."""

    line: int
    template: ast.expr
    strings: tuple[str, ...] | None

    @property
    def readable(self) -> bool:
        """Whether the scan knows its template, or it passes another refusal's on (`_EXPECTED + ": "
        + e.template`: the translator reads such a join part by part)."""
        return self.strings is not None or _passes_on(self.template)


def extract(
    fileobj: IO[bytes], keywords: Any, comment_tags: Collection[str], options: Any
) -> Iterator[tuple[Any, ...]]:
    """Babel's extraction method for the project's Python: the gettext calls, then the refusals'
    templates (without a function name, so Babel takes the message as it is). `keywords` are the
    keyword names and `options` the mapping's settings, as Babel passes them on."""
    source = fileobj.read()
    yield from extract_python(io.BytesIO(source), keywords, comment_tags, options)
    for refusal in refusals(source):
        for template in refusal.strings or ():
            yield refusal.line, None, template, []


def refusals(source: str | bytes | ast.Module) -> Iterator[Refusal]:
    """Every IllegalMove-family call in a module's source (or its syntax tree)."""
    tree = source if isinstance(source, ast.Module) else ast.parse(source)
    module = _Module(tree)
    for node in ast.walk(tree):
        if not (isinstance(node, ast.Call) and node.args):
            continue
        func = node.func
        name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
        if name in REFUSALS:
            yield Refusal(node.lineno, node.args[0], module.resolve(node.args[0]))


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


def _passes_on(node: ast.expr) -> bool:
    """Another refusal's `.template`, maybe joined to a literal one."""
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
