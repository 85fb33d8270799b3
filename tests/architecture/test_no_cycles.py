"""No import cycles in core/, bot/, adapters/ or bench/, counting the imports under TYPE_CHECKING
(a circle of concepts all the same); the layers themselves are import-linter's contracts
(pyproject.toml, `make lint`)."""

from __future__ import annotations

import sys
from pathlib import Path

import grimp

PACKAGES = ("core", "bot", "adapters", "bench")
ROOT = Path(__file__).resolve().parents[2]


def cycles(graph: grimp.ImportGraph) -> list[list[str]]:
    """The import graph's strongly connected components of more than one module (Tarjan's)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []

    def visit(module: str) -> None:
        index[module] = low[module] = len(index)
        stack.append(module)
        on_stack.add(module)
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            if imported not in index:
                visit(imported)
                low[module] = min(low[module], low[imported])
            elif imported in on_stack:
                low[module] = min(low[module], index[imported])
        if low[module] == index[module]:
            component = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == module:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10_000))
    try:
        for module in sorted(graph.modules):
            if module not in index:
                visit(module)
    finally:
        sys.setrecursionlimit(limit)
    return found


def a_chain(graph: grimp.ImportGraph, component: list[str]) -> str:
    """One circle through the component, to read in the failure: a -> b -> ... -> a."""
    first, second = component[0], None
    for imported in sorted(graph.find_modules_directly_imported_by(first)):
        if imported in component:
            second = imported
            break
    assert second is not None
    back = graph.find_shortest_chain(importer=second, imported=first) or (second, first)
    return " -> ".join((first, *back))


def test_no_module_imports_itself_back_through_others(monkeypatch):
    monkeypatch.syspath_prepend(str(ROOT))  # bench/ is a package of the repository, not installed
    graph = grimp.build_graph(*PACKAGES, include_external_packages=False)
    circles = [a_chain(graph, c) for c in cycles(graph)]
    assert not circles, "import cycles:\n" + "\n".join(circles)


def test_the_check_finds_a_cycle_under_type_checking(tmp_path, monkeypatch):
    """The check itself: two modules that import each other only for typing are a cycle."""
    package = tmp_path / "circle"
    package.mkdir()
    (package / "__init__.py").write_text("")
    (package / "a.py").write_text("from typing import TYPE_CHECKING\nif TYPE_CHECKING:\n    from circle import b\n")
    (package / "b.py").write_text("from circle import a\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    graph = grimp.build_graph("circle", include_external_packages=False, cache_dir=None)
    assert cycles(graph) == [["circle.a", "circle.b"]]
    assert a_chain(graph, ["circle.a", "circle.b"]) == "circle.a -> circle.b -> circle.a"
