"""Everything core/, bot/ and adapters/ import at run time is a declared runtime dependency
(`[project].dependencies` in pyproject.toml), and each declared one is imported somewhere or says
why not (a `# not imported: ...` comment on or above its line).

Imports are read from the source: at module level and inside functions, `importlib.import_module`
of a literal name too; those under `if TYPE_CHECKING:` are left out (they never run). Which
distribution provides an import is asked of the installed ones (`importlib.metadata`). A package
that only comes through another dependency (yarl through aiohttp, pydantic through
pydantic-settings) does not count: what the code imports itself, it declares itself, so that a
dependency dropping it cannot break the bot.
"""

from __future__ import annotations

import ast
import sys
import tomllib
from collections.abc import Iterator
from functools import cache
from importlib.metadata import PackageNotFoundError, packages_distributions, requires
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).parents[2]
PACKAGES = ("core", "bot", "adapters")
NOT_IMPORTED = "not imported:"


def imports(source: str) -> Iterator[tuple[str, int]]:
    """(top-level module, line) of every absolute import that can run."""
    tree = ast.parse(source)
    for node in _statements(tree.body):
        if isinstance(node, ast.Import):
            yield from ((alias.name.partition(".")[0], node.lineno) for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            yield node.module.partition(".")[0], node.lineno
    if "import_module" in source:  # (walking every expression of every file would take seconds)
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and _named(node.func, "import_module") and node.args:
                name = node.args[0]
                if isinstance(name, ast.Constant) and isinstance(name.value, str) and not name.value.startswith("."):
                    yield name.value.partition(".")[0], node.lineno


def _statements(body: list[ast.stmt]) -> Iterator[ast.stmt]:
    """The statements, and those nested in them (functions, classes, branches, handlers), but not
    the body of an `if TYPE_CHECKING:`."""
    for statement in body:
        yield statement
        for name in ("body", "orelse", "finalbody"):
            if name == "body" and _type_checking(statement):
                continue
            yield from _statements(getattr(statement, name, []))
        for nested in [*getattr(statement, "handlers", []), *getattr(statement, "cases", [])]:
            yield from _statements(nested.body)


def _named(node: ast.expr, name: str) -> bool:
    return (isinstance(node, ast.Name) and node.id == name) or (isinstance(node, ast.Attribute) and node.attr == name)


def _type_checking(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and _named(node.test, "TYPE_CHECKING")


@cache
def third_party() -> dict[str, list[str]]:
    """Each third-party top-level module the project imports -> where ("path:line")."""
    found: dict[str, list[str]] = {}
    for package in PACKAGES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for name, line in imports(path.read_text(encoding="utf-8")):
                if name not in sys.stdlib_module_names and name not in PACKAGES:
                    found.setdefault(name, []).append(f"{path.relative_to(ROOT)}:{line}")
    return found


@cache
def declared() -> dict[str, str]:
    """The runtime dependencies: canonical name -> the requirement as written."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    return {canonicalize_name(Requirement(text).name): text for text in project["dependencies"]}


@cache
def providers() -> dict[str, set[str]]:
    """Top-level module -> the canonical names of the installed distributions that provide it."""
    return {module: {canonicalize_name(d) for d in dists} for module, dists in packages_distributions().items()}


def through() -> dict[str, str]:
    """Every distribution the runtime dependencies bring in (their extras' too) -> the declared
    one it first comes through."""
    came: dict[str, str] = {}
    queue = [(name, set(Requirement(text).extras), name) for name, text in declared().items()]
    while queue:
        name, extras, root = queue.pop()
        try:
            wanted = requires(name) or []
        except PackageNotFoundError:
            continue
        for text in wanted:
            r = Requirement(text)
            environments = [{"extra": extra} for extra in extras | {""}]
            if r.marker is not None and not any(r.marker.evaluate(e) for e in environments):
                continue
            dist = canonicalize_name(r.name)
            if dist not in came and dist not in declared():
                came[dist] = root
                queue.append((dist, set(r.extras), root))
    return came


def comments(requirement: str) -> str:
    """The comment on the requirement's line in pyproject.toml and the comment lines just above it."""
    lines = (ROOT / "pyproject.toml").read_text(encoding="utf-8").splitlines()
    at = next(i for i, line in enumerate(lines) if line.strip().startswith(f'"{requirement}"'))
    said = [lines[at].partition("#")[2]]
    above = at - 1
    while above >= 0 and lines[above].strip().startswith("#"):
        said.append(lines[above].strip().lstrip("#"))
        above -= 1
    return " ".join(said)


def test_the_reader_finds_imports_in_functions_and_skips_type_checking_ones():
    source = (
        "from __future__ import annotations\n"
        "import a.b, c\n"
        "from typing import TYPE_CHECKING\n"
        "if TYPE_CHECKING:\n"
        "    import never\n"
        "    from never2 import x\n"
        "else:\n"
        "    import otherwise\n"
        "from . import relative\n"
        "def f():\n"
        "    from d.e import g\n"
        "    importlib.import_module('h.i')\n"
        "    try:\n"
        "        import j\n"
        "    except ImportError:\n"
        "        import k\n"
        "    finally:\n"
        "        import m\n"
        "class C:\n"
        "    async def f(self):\n"
        "        with x:\n"
        "            match y:\n"
        "                case 1:\n"
        "                    import n\n"
        "        for _ in z:\n"
        "            import o\n"
    )
    found = sorted(name for name, _ in imports(source))
    assert found == ["__future__", "a", "c", "d", "h", "j", "k", "m", "n", "o", "otherwise", "typing"]


def test_every_third_party_import_is_a_declared_runtime_dependency():
    assert third_party(), "no third-party import found: the reader reads nothing"
    brought = through()
    problems = []
    for module, where in sorted(third_party().items()):
        dists = providers().get(module, set())
        if dists & declared().keys():
            continue
        if not dists:
            problems.append(f"{module} ({where[0]}): no installed distribution provides it")
            continue
        came = sorted({brought[d] for d in dists if d in brought})
        how = f"comes only through {', '.join(came)}: declare it directly" if came else "is no runtime dependency"
        problems.append(f"{module} ({where[0]}) is {' or '.join(sorted(dists))}, which {how}")
    assert not problems, "\n".join(problems)


def test_every_declared_dependency_is_imported_or_says_why_not():
    imported = {dist for module in third_party() for dist in providers().get(module, set())}
    problems = []
    for name, requirement in declared().items():
        said = NOT_IMPORTED in comments(requirement)
        if name in imported and said:
            problems.append(f"{requirement} is imported after all: drop its '# {NOT_IMPORTED}' comment")
        elif name not in imported and not said:
            problems.append(f"{requirement} is never imported: drop it, or say why it is needed ('# {NOT_IMPORTED}')")
    assert not problems, "\n".join(problems)
