"""The suite's own order: every file it hands out first is a test file that exists (a renamed one
would silently lose its place and could become the run's tail again)."""

from __future__ import annotations

from pathlib import Path

from tests.conftest import LONGEST_FIRST

ROOT = Path(__file__).resolve().parents[1]


def test_every_file_handed_out_first_exists_once():
    assert len(set(LONGEST_FIRST)) == len(LONGEST_FIRST)
    missing = [path for path in LONGEST_FIRST if not (ROOT / path).is_file()]
    assert not missing, f"not test files (renamed or removed?): {missing}"


def test_a_test_file_marks_itself_once():
    """A second `pytestmark = ...` replaces the first: a file marked slow, then skipif, would run in
    the fast tier (it happened)."""
    twice = [
        str(path.relative_to(ROOT))
        for path in sorted(ROOT.glob("tests/**/test_*.py"))
        if sum(line.startswith("pytestmark") for line in path.read_text().splitlines()) > 1
    ]
    assert not twice, f"pytestmark set more than once (make it a list): {twice}"
