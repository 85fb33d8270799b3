"""Whether an SQLite file is a cardbot database that `cardbot db restore` may put back.

A backup is refused unless it is an SQLite file that passes SQLite's full integrity check and its
foreign-key check, names in `alembic_version` exactly one revision the migrations know, and has
exactly the schema the migrations create at that revision: a trigger, view, index, table or
column that they do not create (or one missing) would break the bot or quietly change what it
writes. What a revision creates is learned by migrating a scratch file to it, once a process."""

from __future__ import annotations

import sqlite3
import tempfile
from contextlib import closing
from functools import cache
from pathlib import Path

from adapters.sql import migrate
from adapters.sql.schema_shape import Shape, first_difference, shape_of

SQLITE_HEADER = b"SQLite format 3\x00"  # the first 16 bytes of every SQLite 3 database file


def what_is_wrong(path: Path) -> str | None:
    """Why the file at `path` must not be restored, as a sentence; None when it may be."""
    try:
        with path.open("rb") as file:
            if file.read(len(SQLITE_HEADER)) != SQLITE_HEADER:
                return "it is not an SQLite database"
        with closing(sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)) as db:
            return _damage(db) or _broken_reference(db) or _unknown_schema(db)
    except OSError as e:
        return f"it cannot be read ({e.strerror or e})"
    except sqlite3.DatabaseError as e:
        return f"SQLite cannot read it ({e})"


@cache  # a revision's schema never changes; the scratch migration takes a fraction of a second
def created_shape(revision: str) -> Shape:
    """The schema the migrations create at `revision` (a known revision id)."""
    with tempfile.TemporaryDirectory(prefix="cardbot-schema-") as scratch:
        made = Path(scratch) / "made.db"
        migrate.upgrade(f"sqlite:///{made}", revision)
        with closing(sqlite3.connect(made)) as db:
            return shape_of(db)


def _damage(db: sqlite3.Connection) -> str | None:
    found = [str(row[0]) for row in db.execute("PRAGMA integrity_check")]
    if found == ["ok"]:
        return None
    more = f" (and {len(found) - 1} more)" if len(found) > 1 else ""
    return f"SQLite's integrity check finds it damaged: {found[0]}{more}"


def _broken_reference(db: sqlite3.Connection) -> str | None:
    row = db.execute("PRAGMA foreign_key_check").fetchone()
    if row is None:
        return None
    table, rowid, parent, _ = row
    return f"a row of '{table}' (rowid {rowid}) refers to a row of '{parent}' that is not there"


def _unknown_schema(db: sqlite3.Connection) -> str | None:
    has_versions = db.execute("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'alembic_version'")
    if has_versions.fetchone() is None:
        return "it has no schema version (no alembic_version table)"
    rows = db.execute("SELECT version_num FROM alembic_version").fetchall()
    if len(rows) != 1:
        return f"its alembic_version holds {len(rows)} rows, where a cardbot database has one"
    revision = rows[0][0]
    if revision not in migrate.revisions():
        return f"its schema version {revision!r} is not one this cardbot's migrations know (a newer cardbot's backup?)"
    difference = first_difference(created_shape(revision), shape_of(db))
    return f"{difference} (schema version {revision})" if difference else None
