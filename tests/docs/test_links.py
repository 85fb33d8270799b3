"""Every relative link in the project's documents leads somewhere: to a file of the repository
(not outside it), and, with a `#fragment`, to a heading of that Markdown file (GitHub's anchors).
Links in code (fenced blocks, `inline code`) are text, not links; web addresses are not followed."""

from __future__ import annotations

import re
from pathlib import Path
from urllib.parse import unquote

import pytest

ROOT = Path(__file__).resolve().parents[2]
DOCUMENTS = sorted(
    {
        ROOT / "README.md",
        ROOT / "CHANGELOG.md",
        ROOT / "bench" / "README.md",
        *ROOT.glob("docs/**/*.md"),
        *ROOT.glob("adapters/*/README.md"),
    }
)
FENCE = re.compile(r"^(```|~~~).*?^\1[ \t]*$", re.MULTILINE | re.DOTALL)
CODE = re.compile(r"`[^`\n]*`")
LINK = re.compile(r"!?\[[^\]\n]*\]\(\s*<?([^)\s>]+)>?(?:\s+\"[^\"]*\")?\s*\)")  # [text](target "title")
HTML = re.compile(r"""<(?:img|a)\b[^>]*?\b(?:src|href)=["']([^"']+)["']""", re.IGNORECASE)
HEADING = re.compile(r"^#{1,6}[ \t]+(.+?)[ \t]*#*[ \t]*$", re.MULTILINE)
ELSEWHERE = re.compile(r"^[a-z][a-z0-9+.-]*:", re.IGNORECASE)  # https:, mailto:, ...


def prose(text: str) -> str:
    """The text without its code: fenced blocks and inline code spans."""
    return CODE.sub("", FENCE.sub("", text))


def targets(document: Path) -> list[str]:
    text = prose(document.read_text())
    return [*LINK.findall(text), *HTML.findall(text)]


def anchor(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, inline markup and punctuation dropped (letters,
    digits, `_` and `-` stay), spaces become `-`."""
    plain = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", heading)  # a link in a heading: its text
    plain = plain.replace("`", "").lower()
    return re.sub(r"[^\w\- ]", "", plain).replace(" ", "-")


def anchors(document: Path) -> set[str]:
    found: set[str] = set()
    for heading in HEADING.findall(prose(document.read_text())):
        base = anchor(heading)
        name, n = base, 0
        while name in found:  # a repeated heading gets -1, -2, ...
            n += 1
            name = f"{base}-{n}"
        found.add(name)
    return found


LINKS = [(doc, target) for doc in DOCUMENTS for target in targets(doc) if not ELSEWHERE.match(target)]


def test_the_documents_are_found_and_link_to_each_other():
    names = {d.relative_to(ROOT).as_posix() for d in DOCUMENTS}
    assert {"README.md", "docs/players.md", "docs/operating.md", "bench/README.md", "CHANGELOG.md"} <= names
    linked = {(doc.parent / target.partition("#")[0]).resolve() for doc, target in LINKS if doc.name == "README.md"}
    assert {ROOT / "docs" / "players.md", ROOT / "docs" / "operating.md", ROOT / "bench" / "README.md"} <= linked


@pytest.mark.parametrize(("document", "target"), LINKS, ids=[f"{d.relative_to(ROOT)}:{t}" for d, t in LINKS])
def test_a_relative_link_leads_to_a_file_of_the_repository(document: Path, target: str):
    path, _, fragment = target.partition("#")
    where = (document.parent / unquote(path)).resolve() if path else document
    assert where.is_relative_to(ROOT), f"{target} leaves the repository"
    assert where.exists(), f"{target}: no {where.relative_to(ROOT)}"
    if fragment and where.suffix == ".md":
        assert fragment in anchors(where), f"{target}: no heading #{fragment} in {where.relative_to(ROOT)}"
