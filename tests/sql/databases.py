"""Real databases for tests: a SQLite file migrated with Alembic once per session, copied for each
test that needs a fresh one."""

from __future__ import annotations

import shutil
from functools import cache
from pathlib import Path
from tempfile import mkdtemp

from adapters.sql.engine import make_engine
from adapters.sql.migrate import upgrade
from adapters.sql.store import SqlStore


@cache
def migrated_template() -> Path:
    path = Path(mkdtemp(prefix="cardbot-template-")) / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


def fresh_sqlite(folder: Path, name: str = "cardbot.db") -> str:
    """The URL of a new, migrated SQLite file in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    shutil.copyfile(migrated_template(), path)
    return f"sqlite:///{path}"


def sqlite_store(folder: Path) -> SqlStore:
    return SqlStore(make_engine(fresh_sqlite(folder)))
