"""The operator's `cardbot` commands: `config` (the effective settings, secrets masked), game
names as the chats say them, and `db backup` / `db restore` on a real SQLite file."""

from __future__ import annotations

import argparse
import sqlite3
from contextlib import closing
from pathlib import Path

import pytest

from adapters import cli
from adapters.console import cli as console
from adapters.settings import ENV_FILE_VARIABLE
from adapters.sql import migrate
from bot.i18n import translator
from tests.adapters.clean_env import TOKEN, no_stray_settings  # noqa: F401 (the fixture)

# --- cardbot config ---


def test_config_prints_every_setting_with_the_secrets_masked(tmp_path, monkeypatch, capsys):
    env = tmp_path / "bot.env"
    env.write_text(
        f"TELEGRAM_BOT_TOKEN={TOKEN}\n"
        "TELEGRAM_WEBHOOK_SECRET=hook-secret-value\n"
        "DATABASE_URL=postgresql+psycopg://cardbot:db-password@db:5432/cardbot\n"
        "CARDBOT_WEB_SECRET=web-secret-value\n"
    )
    monkeypatch.setenv(ENV_FILE_VARIABLE, str(env))
    monkeypatch.setenv("DISCORD_WINDOW_SECONDS", "2.5")  # the environment, over the file's defaults
    assert cli.main(["config"]) == 0
    out = capsys.readouterr().out
    for secret in (TOKEN, "hook-secret-value", "db-password", "web-secret-value"):
        assert secret not in out
    lines = dict(line.split("=", 1) for line in out.splitlines() if line and not line.startswith("#"))
    assert lines["DATABASE_URL"] == "postgresql+psycopg://cardbot:********@db:5432/cardbot"
    assert lines["TELEGRAM_BOT_TOKEN"] == "********"
    assert lines["TELEGRAM_WEBHOOK_SECRET"] == "********"
    assert lines["CARDBOT_WEB_SECRET"] == "********"
    assert lines["TELEGRAM_PORT"] == "8443"
    assert lines["DISCORD_WINDOW_SECONDS"] == "2.5"
    assert lines["DISCORD_BOT_TOKEN"] == ""  # not set: noted, not an error (only one bot may run)
    assert "# ! DISCORD_BOT_TOKEN: not set" in out
    assert lines["CARDBOT_LOG_FORMAT"] == "text"
    assert set(lines) == {cli.variable(cls, name) for cls in cli.SETTINGS for name in cls.model_fields}


def test_config_says_which_value_does_not_parse(monkeypatch, capsys):
    monkeypatch.setenv("TELEGRAM_BOT_TOKEN", TOKEN)
    monkeypatch.setenv("TELEGRAM_PORT", "eighty")
    assert cli.main(["config"]) == 1
    out = capsys.readouterr().out
    assert "# ! TELEGRAM_PORT: Input should be a valid integer" in out
    assert "TELEGRAM_GROUP_BURST=5" in out  # the rest still shown
    assert TOKEN not in out


@pytest.mark.parametrize(
    ("url", "shown"),
    [
        ("sqlite:///cardbot.db", "sqlite:///cardbot.db"),
        ("postgresql://bot:pw@db/cardbot", "postgresql://bot:********@db/cardbot"),
        ("postgresql://bot@db/cardbot", "postgresql://bot@db/cardbot"),
        (
            "postgresql://bot:p%40ss@db:5432/cardbot?sslmode=require",
            "postgresql://bot:********@db:5432/cardbot?sslmode=require",
        ),
    ],
)
def test_a_url_is_shown_without_its_password(url, shown):
    assert cli.shown("DATABASE_URL", url) == shown


# --- game names ---


@pytest.mark.parametrize(
    ("args", "passed"),
    [
        (["play", "demon"], ["play", "racing_demon"]),
        (["play", "racing-demon"], ["play", "racing_demon"]),
        (["play", "RD"], ["play", "racing_demon"]),
        (["play", "racing_demon"], ["play", "racing_demon"]),
        (["play", "сволота"], ["play", "svolota"]),
        (["play", "--players", "3", "demon", "--seed", "1"], ["play", "--players", "3", "racing_demon", "--seed", "1"]),
        (["play", "--lang=ru", "rd"], ["play", "--lang=ru", "racing_demon"]),
        (["play", "--pl", "2", "speed"], ["play", "--pl", "2", "speed"]),
        (["play", "--name", "rd", "demon"], ["play", "--name", "rd", "racing_demon"]),  # a value stays a value
        (["play", "--", "demon"], ["play", "--", "racing_demon"]),
        (["play", "poker"], ["play", "poker"]),  # unknown: the console says which games there are
        (["play"], ["play"]),
        (["--help"], ["--help"]),
    ],
)
def test_play_takes_the_chat_names_of_a_game(monkeypatch, args, passed):
    seen: list[list[str]] = []
    monkeypatch.setattr(console, "main", lambda argv: seen.append(list(argv)) or 0)
    assert cli.main(args) == 0
    assert seen == [passed]


def test_the_options_that_take_a_value_are_the_consoles():
    parser = console._parser(translator("en"))
    sub = next(a for a in parser._actions if isinstance(a, argparse._SubParsersAction))
    play = sub.choices["play"]
    taking = {
        option
        for action in play._actions
        if action.option_strings and action.nargs != 0
        for option in action.option_strings
        if option.startswith("--")
    }
    assert taking == cli.PLAY_VALUE_OPTIONS


def test_cardbot_play_demon_plays_racing_demon(monkeypatch, capsys):
    monkeypatch.setattr("sys.stdin", __import__("io").StringIO("quit\n"))
    code = cli.main(["play", "demon", "--seed", "3", "--players", "2", "--difficulty", "easy"])
    out = capsys.readouterr().out
    assert code == 0, out
    assert "Racing Demon · 2 players" in out


# --- db backup / restore ---


def _database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    path = tmp_path / "cardbot.db"
    url = f"sqlite:///{path}"
    monkeypatch.setenv("DATABASE_URL", url)
    migrate.upgrade(url)
    with closing(sqlite3.connect(path)) as db:  # rows in a table of the schema: restore refuses any other
        db.execute("INSERT INTO table_ids VALUES (1), (2)")
        db.commit()
    return path


def _count(path: Path) -> int:
    with closing(sqlite3.connect(path)) as db:
        return int(db.execute("SELECT count(*) FROM table_ids").fetchone()[0])


def test_backup_copies_the_database_while_it_is_open(tmp_path, monkeypatch, capsys):
    database = _database(tmp_path, monkeypatch)
    with closing(sqlite3.connect(database)) as bot:  # a bot holding the database open, in WAL
        bot.execute("PRAGMA journal_mode=WAL")
        bot.execute("INSERT INTO table_ids VALUES (3)")
        bot.commit()
        assert cli.main(["db", "backup", str(tmp_path / "backup.db")]) == 0
        bot.execute("INSERT INTO table_ids VALUES (4)")
        bot.commit()
    assert "backed up" in capsys.readouterr().out
    assert _count(tmp_path / "backup.db") == 3
    assert not (tmp_path / "backup.db.partial").exists()
    assert not (tmp_path / "backup.db-wal").exists()  # one self-contained file


def test_backup_never_overwrites(tmp_path, monkeypatch, capsys):
    _database(tmp_path, monkeypatch)
    (tmp_path / "backup.db").write_text("precious")
    assert cli.main(["db", "backup", str(tmp_path / "backup.db")]) == 1
    assert "exists already" in capsys.readouterr().err
    assert (tmp_path / "backup.db").read_text() == "precious"


def test_backup_of_no_database(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("DATABASE_URL", f"sqlite:///{tmp_path / 'missing.db'}")
    assert cli.main(["db", "backup", str(tmp_path / "backup.db")]) == 1
    assert "there is no database" in capsys.readouterr().err
    assert not (tmp_path / "missing.db").exists()


def test_restore_puts_the_backup_back_and_keeps_the_old_database(tmp_path, monkeypatch, capsys):
    database = _database(tmp_path, monkeypatch)
    assert cli.main(["db", "backup", str(tmp_path / "backup.db")]) == 0
    with closing(sqlite3.connect(database)) as db:
        db.execute("INSERT INTO table_ids VALUES (3), (4), (5)")
        db.commit()
    assert cli.main(["db", "restore", str(tmp_path / "backup.db")]) == 0
    out = capsys.readouterr().out
    assert "every bot on this database must be stopped first" in out
    assert _count(database) == 2
    kept = list(tmp_path.glob("cardbot.db.before-restore-*"))
    assert len(kept) == 1
    assert _count(kept[0]) == 5
    migrate.upgrade(f"sqlite:///{database}")  # still a cardbot database at the newest schema


def test_restore_refuses_a_file_that_is_no_cardbot_database(tmp_path, monkeypatch, capsys):
    database = _database(tmp_path, monkeypatch)
    (tmp_path / "notes.txt").write_text("not a database at all" * 100)
    with closing(sqlite3.connect(tmp_path / "other.db")) as db:
        db.execute("CREATE TABLE t (x)")
    assert cli.main(["db", "restore", str(tmp_path / "notes.txt")]) == 1
    assert cli.main(["db", "restore", str(tmp_path / "other.db")]) == 1
    assert cli.main(["db", "restore", str(tmp_path / "nowhere.db")]) == 1
    err = capsys.readouterr().err
    assert "is no cardbot database" in err
    assert "there is no backup" in err
    assert _count(database) == 2


@pytest.mark.parametrize(("action", "tool"), [("backup", "pg_dump --format=custom"), ("restore", "pg_restore")])
def test_postgresql_gets_its_own_tools_line(monkeypatch, capsys, tmp_path, action, tool):
    monkeypatch.setenv("DATABASE_URL", "postgresql+psycopg://cardbot:db-password@db:5432/cardbot")
    assert cli.main(["db", action, str(tmp_path / "cardbot.dump")]) == 2
    err = capsys.readouterr().err
    assert tool in err
    assert "postgresql://cardbot:***@db:5432/cardbot" in err
    assert "db-password" not in err
    assert not (tmp_path / "cardbot.dump").exists()


def test_backup_needs_a_path(capsys):
    with pytest.raises(SystemExit):
        cli.main(["db", "backup"])
    assert "needs a PATH" in capsys.readouterr().err
