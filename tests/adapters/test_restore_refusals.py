"""`cardbot db restore` puts back only a cardbot database the migrations made: a file that is not
SQLite, is damaged, breaks a foreign key, names an unknown schema version, or whose schema is not
exactly what its version's migrations create is refused in one line, and the live database stays
byte for byte as it was. `cardbot db backup` into a folder it cannot write says so in one line."""

from __future__ import annotations

import re
import shutil
import sqlite3
from collections.abc import Callable
from contextlib import closing
from pathlib import Path

import pytest

from adapters import cli
from adapters.sql import migrate
from tests.adapters.clean_env import no_stray_settings  # noqa: F401 (the fixture)
from tests.sql.databases import fresh_sqlite

Tamper = Callable[[Path], None]


def _person(path: Path, name: str) -> None:
    with closing(sqlite3.connect(path)) as db:
        db.execute("INSERT INTO people (platform, user_id, name) VALUES ('telegram', ?, ?)", (f"{name}-1", name))
        db.commit()


def _people(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as db:
        return [row[0] for row in db.execute("SELECT name FROM people ORDER BY id")]


def _revision(path: Path) -> str:
    with closing(sqlite3.connect(path)) as db:
        return str(db.execute("SELECT version_num FROM alembic_version").fetchone()[0])


@pytest.fixture(scope="session")
def real_backup(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A backup made by `cardbot db backup` of a database with a person in it."""
    folder = tmp_path_factory.mktemp("real-backup")
    url = fresh_sqlite(folder, "played.db")
    _person(folder / "played.db", "Alice")
    assert cli.backup(url, folder / "backup.db") == 0
    return folder / "backup.db"


@pytest.fixture
def live(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The bot's database (DATABASE_URL), with its own person, in a folder of its own."""
    url = fresh_sqlite(tmp_path / "live")
    monkeypatch.setenv("DATABASE_URL", url)
    _person(tmp_path / "live" / "cardbot.db", "Bob")
    return tmp_path / "live" / "cardbot.db"


def _sql(*statements: str) -> Tamper:
    def tamper(path: Path) -> None:
        with closing(sqlite3.connect(path)) as db:
            for statement in statements:
                db.execute(statement)
            db.commit()

    return tamper


def _only_a_version(revision: str | None) -> Tamper:
    """A new file holding nothing but alembic_version at `revision` (None: the newest)."""

    def tamper(path: Path) -> None:
        version = revision or _revision(path)
        path.unlink()
        _sql(
            "CREATE TABLE alembic_version (version_num VARCHAR(32) NOT NULL PRIMARY KEY)",
            f"INSERT INTO alembic_version VALUES ('{version}')",
        )(path)

    return tamper


def _index_out_of_step(path: Path) -> None:
    """A byte of Alice's entry in people's unique index changed: the pages are sound (SQLite's
    quick check passes), the index no longer matches the table (the full check sees it)."""
    with closing(sqlite3.connect(path)) as db:
        page_size = db.execute("PRAGMA page_size").fetchone()[0]
        root = db.execute("SELECT rootpage FROM sqlite_master WHERE name = 'sqlite_autoindex_people_1'").fetchone()[0]
    data = bytearray(path.read_bytes())
    page = slice((root - 1) * page_size, root * page_size)
    at = data[page].index(b"Alice-1") + (root - 1) * page_size
    data[at : at + 7] = b"Alicf-1"
    path.write_bytes(bytes(data))
    with closing(sqlite3.connect(path)) as db:
        assert db.execute("PRAGMA quick_check").fetchall() == [("ok",)]  # what the old check ran


def _pages_scribbled(path: Path) -> None:
    data = bytearray(path.read_bytes())
    data[4096 : 4096 * 3] = b"\xff" * (4096 * 2)
    path.write_bytes(bytes(data))


def _text(path: Path) -> None:
    path.write_text("these are not the tables you are looking for\n" * 100)


REFUSED: list[tuple[str, Tamper, str]] = [
    (
        "unknown revision",
        _sql("UPDATE alembic_version SET version_num = 'zzzz'"),
        "its schema version 'zzzz' is not one this cardbot's migrations know",
    ),
    ("first revision, no tables", _only_a_version("0001"), "it lacks the table '\\w+' that its migrations create"),
    ("newest revision, no tables", _only_a_version(None), "it lacks the table '\\w+' that its migrations create"),
    ("no schema version", _sql("DROP TABLE alembic_version"), "it has no schema version"),
    ("two schema versions", _sql("INSERT INTO alembic_version VALUES ('0001')"), "alembic_version holds 2 rows"),
    (
        "a trigger that empties tables",
        _sql("CREATE TRIGGER wipe AFTER INSERT ON tables BEGIN DELETE FROM tables; END"),
        "it has a trigger 'wipe' that no migration creates",
    ),
    (
        "a view",
        _sql("CREATE VIEW everyone AS SELECT name FROM people"),
        "it has a view 'everyone' that no migration creates",
    ),
    (
        "an index",
        _sql("CREATE INDEX ix_people_name ON people (name)"),
        "it has an index 'ix_people_name' that no migration creates",
    ),
    ("a missing index", _sql("DROP INDEX ix_tables_status"), "it lacks the index 'ix_tables_status'"),
    ("a table", _sql("CREATE TABLE probe (n INTEGER)"), "it has a table 'probe' that no migration creates"),
    ("a missing column", _sql("ALTER TABLE people DROP COLUMN look"), "its table 'people' lacks the column 'look'"),
    ("a column", _sql("ALTER TABLE people ADD COLUMN secret TEXT"), "its table 'people' has a column 'secret'"),
    (
        "a column of another type",
        _sql(
            "PRAGMA writable_schema = ON",
            "UPDATE sqlite_master SET sql = replace(sql, 'look VARCHAR(16)', 'look BLOB') WHERE name = 'people'",
        ),
        "its column 'people.look' is 'BLOB' where its migrations make it 'VARCHAR\\(16\\)'",
    ),
    ("an index out of step with its table", _index_out_of_step, "SQLite's integrity check finds it damaged"),
    ("scribbled pages", _pages_scribbled, "(integrity check finds it damaged|SQLite cannot read it)"),
    ("a text file", _text, "it is not an SQLite database"),
    ("an empty file", lambda path: path.write_bytes(b""), "it is not an SQLite database"),
    (
        "a move of no table",
        _sql("INSERT INTO moves (table_id, number, seat, move, at, by) VALUES (999, 1, 0, 'x', 0, 'person')"),
        "a row of 'moves' \\(rowid \\d+\\) refers to a row of 'tables' that is not there",
    ),
]


@pytest.mark.parametrize(("tamper", "said"), [pytest.param(t, s, id=name) for name, t, s in REFUSED])
def test_restore_refuses_and_leaves_the_database_as_it_was(real_backup, live, tmp_path, capsys, tamper, said):
    offered = tmp_path / "offered.db"
    shutil.copyfile(real_backup, offered)
    tamper(offered)
    before = live.read_bytes()
    files = sorted(live.parent.iterdir())
    assert cli.main(["db", "restore", str(offered)]) == 1
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1, captured.err
    assert captured.err.startswith(f"cardbot: {offered} is no cardbot database to restore: ")
    assert re.search(said, captured.err), captured.err
    assert live.read_bytes() == before
    assert sorted(live.parent.iterdir()) == files  # no copy of it kept either: nothing was begun


def _older(path: Path) -> None:
    migrate.downgrade(f"sqlite:///{path}", "-1")


@pytest.mark.parametrize(
    "change",
    [
        pytest.param(lambda path: None, id="as made"),
        pytest.param(_sql("ANALYZE"), id="analysed (SQLite's own statistics table)"),
        pytest.param(_older, id="one revision older"),
    ],
)
def test_restore_accepts_a_real_backup_and_puts_it_back(real_backup, live, tmp_path, capsys, change):
    offered = tmp_path / "offered.db"
    shutil.copyfile(real_backup, offered)
    change(offered)
    assert cli.main(["db", "restore", str(offered)]) == 0, capsys.readouterr().err
    assert f"restored {live}" in capsys.readouterr().out
    assert _people(live) == ["Alice"]
    assert _revision(live) == _revision(offered)
    assert [_people(kept) for kept in live.parent.glob("cardbot.db.before-restore-*")] == [["Bob"]]


@pytest.mark.parametrize(
    "where",
    [
        pytest.param(lambda tmp: tmp / "nodir" / "x.db", id="a folder that does not exist"),
        pytest.param(lambda tmp: tmp / "file.txt" / "x.db", id="a file for a folder"),
        pytest.param(lambda tmp: Path("/proc/cardbot-backup.db"), id="a folder nobody may write"),
    ],
)
def test_backup_where_it_cannot_be_written_says_so_in_one_line(live, tmp_path, capsys, where):
    (tmp_path / "file.txt").write_text("a file")
    target = where(tmp_path)
    assert cli.main(["db", "backup", str(target)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1, err
    assert err.startswith("cardbot: ") and str(target.parent) in err
    assert not target.exists()
    assert not target.with_name(target.name + ".partial").exists()
