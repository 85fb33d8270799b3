"""Real databases for tests: a SQLite file or a PostgreSQL database (tests/postgres.py), migrated
with Alembic once per session and copied for each test that needs a fresh one.

Suites that run on both take the `db_kind` fixture ("sqlite" or "postgres"); without a PostgreSQL
server the "postgres" runs skip, or fail when CARDBOT_REQUIRE_POSTGRES=1 (CI). The PostgreSQL runs
are in the slow tier (`make test`, not `make test-fast`): the same suites on a SQLite file keep the
edit-run loop short, and a server costs each test worker seconds to start."""

from __future__ import annotations

import atexit
import shutil
from functools import cache
from pathlib import Path
from tempfile import mkdtemp

import pytest

from adapters.sql.migrate import upgrade
from adapters.sql.store import SqlStore
from tests import postgres

POSTGRES = pytest.param("postgres", marks=pytest.mark.slow)
KINDS = ["sqlite", POSTGRES]


@cache
def migrated_template() -> Path:
    folder = mkdtemp(prefix="cardbot-template-")
    atexit.register(shutil.rmtree, folder, True)  # (each test worker makes one: gone when it ends)
    path = Path(folder) / "template.db"
    upgrade(f"sqlite:///{path}")
    return path


def fresh_sqlite(folder: Path, name: str = "cardbot.db") -> str:
    """The URL of a new, migrated SQLite file in `folder`."""
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / name
    shutil.copyfile(migrated_template(), path)
    return f"sqlite:///{path}"


def need(kind: str) -> None:
    """Skip (or, in CI, fail) a PostgreSQL run on a machine without a server."""
    if kind == "postgres" and not postgres.available():
        message = "no PostgreSQL server (install Debian's postgresql, or set CARDBOT_TEST_POSTGRES_URL)"
        if postgres.required():
            pytest.fail(message)
        pytest.skip(message)


def fresh_url(kind: str, folder: Path) -> str:
    """A new database migrated to the newest schema."""
    need(kind)
    return postgres.fresh_database() if kind == "postgres" else fresh_sqlite(folder)


def empty_url(kind: str, folder: Path) -> str:
    """A new database with nothing in it."""
    need(kind)
    if kind == "postgres":
        return postgres.empty_database()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'empty.db'}"


def sqlite_store(folder: Path) -> SqlStore:
    return SqlStore(fresh_sqlite(folder))


def sql_store(kind: str, folder: Path) -> SqlStore:
    return SqlStore(fresh_url(kind, folder))
