"""The docs' tables of settings read their defaults from nowhere but the settings classes: every
`| `NAME` | `default` |` row of a README or of docs/ names a field of one of them, with that field's
default, so a document cannot drift from the code again (Telegram's README once gave a 2.0 s window
where another said 1.5)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from pydantic_settings import BaseSettings

from adapters.cli import SETTINGS

ROOT = Path(__file__).resolve().parents[2]
READMES = sorted([ROOT / "README.md", *ROOT.glob("adapters/*/README.md"), *ROOT.glob("docs/**/*.md")])
CLASSES: tuple[type[BaseSettings], ...] = SETTINGS  # every settings class (`cardbot config` prints them)
ROW = re.compile(r"^\| `([A-Z][A-Z0-9_]+)` \| `([^`|]*)` \|", re.MULTILINE)


def defaults() -> dict[str, Any]:
    """Every settings field by its environment variable, with its default."""
    found: dict[str, Any] = {}
    for cls in CLASSES:
        prefix = str(cls.model_config.get("env_prefix", ""))
        for name, field in cls.model_fields.items():
            found[(prefix + name).upper()] = field.default
    return found


def written(value: Any) -> set[str]:
    """How a document may write a default: `true`, `2.0`, `840` (a whole float as 840.0 or 840)."""
    if isinstance(value, bool):
        return {str(value).lower()}
    if isinstance(value, float) and value.is_integer():
        return {str(value), str(int(value))}
    return {str(value)}


def rows() -> list[tuple[str, str, str]]:
    return [
        (path.relative_to(ROOT).as_posix(), *m.groups()) for path in READMES for m in ROW.finditer(path.read_text())
    ]


def test_the_readmes_have_settings_tables():
    assert {readme for readme, _, _ in rows()} >= {
        "docs/operating.md",
        "adapters/telegram/README.md",
        "adapters/discord/README.md",
    }


@pytest.mark.parametrize(("readme", "name", "default"), rows(), ids=[f"{r[0]}:{r[1]}" for r in rows()])
def test_each_default_a_readme_states_is_the_settings_default(readme: str, name: str, default: str):
    known = defaults()
    assert name in known, f"{readme}: {name} is no setting of {[c.__name__ for c in CLASSES]}"
    if known[name] is None and default in known:  # unset: another setting's value (TELEGRAM_WEBAPP_URL)
        return
    assert default in written(known[name]), f"{readme}: {name} is {known[name]!r} in the code"
