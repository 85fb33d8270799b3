"""`cardbot`: every entry point of the bot in one command.

cardbot play [GAME] …          a game in the terminal (adapters/console); GAME as in the chats:
                               svolota, speed, demon (racing_demon, racing-demon, rd), …
cardbot config                 the effective settings (environment, then .env), secrets masked
cardbot db upgrade [REV]       migrate the database in DATABASE_URL (default: to the newest)
cardbot db downgrade [REV]     migrate it back (default: one step)
cardbot db backup PATH         copy the database to PATH while bots run (SQLite; PostgreSQL: pg_dump)
cardbot db restore PATH        put a checked backup back, with every bot stopped (SQLite; PostgreSQL: pg_restore)
cardbot replay TABLE_ID        a game from the database, move by move
cardbot tables                 the tables set aside after repeated errors, and why
cardbot tables retry TABLE_ID  put a table set aside back into play (after fixing the cause)
cardbot seed-history [--games N --players N --groups N --seasons N --seed N]
                               a realistic made-up history in an empty database (adapters/sql/seed.py)
cardbot telegram               the Telegram bot (TELEGRAM_BOT_TOKEN; the database migrated first)
cardbot discord                the Discord bot (DISCORD_BOT_TOKEN; the database migrated first)

Settings are read from the environment, then from `.env` in the working directory (or the file in
CARDBOT_ENV_FILE); `.env.example` lists them all.
"""

from __future__ import annotations

import argparse
import asyncio
import sqlite3
import sys
from collections.abc import Sequence
from contextlib import closing
from datetime import UTC, datetime
from pathlib import Path
from typing import Any, Final
from urllib.parse import urlsplit, urlunsplit

from pydantic import SecretStr, ValidationError
from pydantic_settings import BaseSettings
from sqlalchemy.engine import make_url

from adapters.console import cli as console
from adapters.discord.settings import DiscordSettings
from adapters.logs import LogSettings
from adapters.pictures.settings import PictureSettings
from adapters.process_secrets import SECRET_WORDS
from adapters.sql import migrate
from adapters.sql.backup_check import what_is_wrong
from adapters.sql.replay import replay_lines
from adapters.sql.seed import seed_history
from adapters.sql.settings import DatabaseSettings, FiringSettings, ForgetSettings, LinkCodeSettings
from adapters.sql.store import SqlStore
from adapters.telegram.settings import TelegramSettings
from adapters.web.settings import WebSettings
from bot.games import game_named, known_game

BOT_COMMANDS: Final = ("telegram", "discord")  # long-lived: adapters/launch.py holds collections off until started
OPERATOR_COMMANDS = ("config", "db", "replay", "tables", "seed-history", *BOT_COMMANDS)
# Every settings class, in the order `cardbot config` and `.env.example` show them.
SETTINGS: Final[tuple[type[BaseSettings], ...]] = (
    DatabaseSettings,
    FiringSettings,
    ForgetSettings,
    LinkCodeSettings,
    TelegramSettings,
    DiscordSettings,
    WebSettings,
    PictureSettings,
    LogSettings,
)
HIDDEN: Final = "********"
STAND_IN: Final = "unset"  # a required field's value while the others are read
# A game as an operator types it: the chats' words (bot/games.py), with `-` for `_`, and `rd`.
CLI_GAME_WORDS: Final = {"rd": "racing_demon"}
# `cardbot play` options that take a value (adapters/console/cli.py; a test keeps them in step).
PLAY_VALUE_OPTIONS: Final = frozenset({"--players", "--seed", "--difficulty", "--lang", "--name", "--delay", "--port"})


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    if not args or args[0] not in OPERATOR_COMMANDS:
        return console.main(with_game_ids(args))  # play, and the localised help
    parser = argparse.ArgumentParser(prog="cardbot", description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("config", help="print the effective settings, secrets masked")
    db = commands.add_parser("db", help="migrate, back up or restore the database in DATABASE_URL")
    db.add_argument("direction", choices=["upgrade", "downgrade", "backup", "restore"])
    db.add_argument(
        "revision", nargs="?", metavar="REV|PATH", help="upgrade/downgrade: default head/-1; backup/restore: a file"
    )
    replay = commands.add_parser("replay", help="print a game move by move from the database")
    replay.add_argument("table_id", type=int)
    stopped = commands.add_parser("tables", help="the tables set aside after repeated errors")
    stopped.add_argument("action", nargs="?", choices=["retry"])
    stopped.add_argument("table_id", nargs="?", type=int)
    seeding = commands.add_parser("seed-history", help="fill an empty database with a realistic made-up history")
    for option, default in (("games", 10_000), ("players", 2_000), ("groups", 200), ("seasons", 3), ("seed", 1)):
        seeding.add_argument(f"--{option}", type=int, default=default, help=f"default {default}")
    telegram = commands.add_parser("telegram", help="run the Telegram bot until stopped (see adapters/telegram)")
    telegram.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    discord = commands.add_parser("discord", help="run the Discord bot until stopped (see adapters/discord)")
    discord.add_argument("--log-level", default="INFO", choices=["DEBUG", "INFO", "WARNING", "ERROR"])
    ns = parser.parse_args(args)
    if ns.command == "telegram":
        from adapters.telegram.main import main as telegram_bot  # python-telegram-bot only when asked

        return telegram_bot(ns.log_level)
    if ns.command == "discord":
        from adapters.discord.main import main as discord_bot  # discord.py only when asked

        return discord_bot(ns.log_level)
    if ns.command == "config":
        return print_config()
    url = DatabaseSettings().database_url
    if ns.command == "db":
        if ns.direction in ("backup", "restore"):
            if ns.revision is None:
                parser.error(f"db {ns.direction} needs a PATH")
            path = Path(ns.revision)
            return backup(url, path) if ns.direction == "backup" else restore(url, path)
        if ns.direction == "upgrade":
            migrate.upgrade(url, ns.revision or "head")
        else:
            migrate.downgrade(url, ns.revision or "-1")
        return 0
    if ns.command == "seed-history":
        return seed(url, ns.games, ns.players, ns.groups, ns.seasons, ns.seed)
    if ns.command == "tables":
        if ns.action == "retry" and ns.table_id is None:
            parser.error("tables retry needs a TABLE_ID")
        return asyncio.run(_tables(url, ns.table_id if ns.action == "retry" else None))
    return asyncio.run(_replay(url, ns.table_id))


async def _tables(url: str, retry: int | None) -> int:
    store = SqlStore(url)
    try:
        if retry is not None:
            if not await store.retry(retry):
                sys.stderr.write(f"cardbot: table {retry} is not set aside\n")
                return 1
            print(f"table {retry} is back in play: its timers fire again")
            return 0
        for table_id, chat, game, why in await store.stopped():
            print(f"{table_id}\t{chat}\t{game}\t{why}")
        return 0
    finally:
        await store.close()


async def _replay(url: str, table_id: int) -> int:
    store = SqlStore(url)
    try:
        table = await store.load(table_id)
        if table is None:
            sys.stderr.write(f"cardbot: there is no table {table_id} in the database\n")
            return 1
        for line in replay_lines(table, await store.moves(table_id)):
            print(line)
        return 0
    finally:
        await store.close()


def seed(url: str, games: int, players: int, groups: int, seasons: int, seed: int) -> int:
    """The database migrated, then seeded (adapters/sql/seed.py); what was built, and how long it took."""
    if min(games, players, groups, seasons) < 1:
        return _fail("seed-history: --games, --players, --groups and --seasons must be at least 1")
    migrate.upgrade(url)
    try:
        built = seed_history(url, games, players, groups, seasons, seed)
    except ValueError as e:
        return _fail(str(e))
    rows = ", ".join(f"{n:,} {name}" for name, n in built.rows.items())
    print(f"seeded {without_password(url)}: {built.games:,} finished games of {len(built.people):,} people in")
    print(f"{len(built.chats):,} chats over seasons {', '.join(built.seasons)} in {built.seconds:.1f} s")
    print(f"rows: {rows}")
    return 0


def game_id(word: str) -> str:
    """The game an operator's word names (`demon`, `racing-demon`, `rd`, `сволота`…); an unknown
    word is passed on as it is (the console says which games there are)."""
    key = word.lower().replace("-", "_")
    named = CLI_GAME_WORDS.get(key) or game_named(key)
    return named if named is not None and known_game(named) else word


def with_game_ids(args: list[str]) -> list[str]:
    """`play`'s GAME (its first positional argument) as the game's id."""
    if not args or args[0] != "play":
        return args
    out = list(args)
    i, options = 1, True
    while i < len(out):
        token = out[i]
        if options and token == "--":
            options = False
        elif options and token.startswith("-") and len(token) > 1:
            name = token.split("=", 1)[0]
            takes_value = "=" not in token and any(
                o.startswith(name) for o in PLAY_VALUE_OPTIONS if name.startswith("--")
            )
            i += 2 if takes_value else 1
            continue
        else:
            out[i] = game_id(token)
            break
        i += 1
    return out


# --- cardbot config ---------------------------------------------------------------------------


def variable(cls: type[BaseSettings], field: str) -> str:
    """A field's environment variable: `TELEGRAM_BOT_TOKEN`."""
    return (str(cls.model_config.get("env_prefix", "")) + field).upper()


def shown(name: str, value: Any) -> str:
    """A setting's value as `cardbot config` prints it: secrets hidden, a URL without its password."""
    if value is None:
        return ""
    if isinstance(value, SecretStr):
        return HIDDEN if value.get_secret_value() else ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return "[" + ", ".join(str(v) for v in value) + "]"
    text = str(value)
    if any(word in name.lower() for word in SECRET_WORDS):
        return HIDDEN if text else ""
    return without_password(text)


def without_password(text: str) -> str:
    """A URL with its password (if any) hidden: `postgresql://bot:********@db/cardbot`."""
    if "://" not in text:
        return text
    try:
        parts = urlsplit(text)
        password = parts.password
    except ValueError:
        return text
    if not password:
        return text
    user, _, host = parts.netloc.rpartition("@")
    user = user.partition(":")[0]
    return urlunsplit(parts._replace(netloc=f"{user}:{HIDDEN}@{host}"))


def effective(cls: type[BaseSettings]) -> tuple[dict[str, str], list[str], bool]:
    """A settings class's variables as `cardbot config` prints them, the notes on them (a required
    variable unset, a value that does not parse), and whether a value did not parse."""
    notes: list[str] = []
    invalid = False
    stand_ins: dict[str, Any] = {}
    try:
        settings = cls()
    except ValidationError as e:
        for error in e.errors(include_input=False, include_url=False):
            field = str(error["loc"][0]) if error["loc"] else ""
            info = cls.model_fields.get(field)
            if info is None:
                continue
            missing = error["type"] == "missing"
            invalid = invalid or not missing
            note = "not set (required to run this part)" if missing else error["msg"]
            notes.append(f"{variable(cls, field)}: {note}")
            stand_ins[field] = STAND_IN if info.is_required() else info.get_default(call_default_factory=True)
        try:
            settings = cls(**stand_ins)
        except ValidationError:
            return {variable(cls, name): "?" for name in cls.model_fields}, notes, True
    values = {name: (None if name in stand_ins else getattr(settings, name)) for name in cls.model_fields}
    return {variable(cls, name): shown(variable(cls, name), value) for name, value in values.items()}, notes, invalid


def print_config() -> int:
    """`cardbot config`: every settings class's variables as they apply now (environment, then
    .env); 1 when a value does not parse (an unset token is only noted: each bot needs its own)."""
    failed = False
    for cls in SETTINGS:
        values, notes, invalid = effective(cls)
        failed = failed or invalid
        print(f"# {cls.__name__} ({cls.__module__})")
        for name, value in values.items():
            print(f"{name}={value}")
        for note in notes:
            print(f"# ! {note}")
        print()
    return 1 if failed else 0


# --- cardbot db backup / restore ----------------------------------------------------------------


def sqlite_file(url: str) -> Path | None:
    """The database file of a SQLite URL; None for another database (or SQLite in memory)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


def libpq_url(url: str) -> str:
    """A PostgreSQL URL as pg_dump and psql take it: no `+driver`, the password hidden."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=True)


def backup(url: str, path: Path) -> int:
    """`cardbot db backup PATH`: SQLite's online backup API, page by page, while bots keep playing;
    PATH must not exist yet (a backup never overwrites)."""
    database = sqlite_file(url)
    if database is None:
        return _elsewhere(url, "backup", f"pg_dump --format=custom --file={path} '{libpq_url(url)}'")
    if not database.is_file():
        return _fail(f"there is no database at {database} (DATABASE_URL)")
    if path.exists():
        return _fail(f"{path} exists already: a backup never overwrites, choose another name")
    if not path.parent.is_dir():
        return _fail(f"there is no folder {path.parent} to put the backup in")
    failed = _copied(database, path)
    if failed:
        return _fail(f"could not write the backup {path}: {failed}")
    print(f"backed up {database} to {path}")
    return 0


def restore(url: str, path: Path) -> int:
    """`cardbot db restore PATH`: the backup replaces the database, once it is found sound and of a
    schema the migrations make (adapters/sql/backup_check.py; else nothing is touched). Every bot on
    it must be stopped first (one still running would go on writing, over the restored tables); the
    database as it was is kept beside it, `<name>.before-restore-<time>`."""
    database = sqlite_file(url)
    if database is None:
        line = f"pg_restore --clean --if-exists --no-owner --dbname='{libpq_url(url)}' {path}"
        return _elsewhere(url, "restore", line + "   (a plain SQL dump: psql --file=PATH instead)")
    if not path.is_file():
        return _fail(f"there is no backup at {path}")
    problem = what_is_wrong(path)
    if problem:
        return _fail(f"{path} is no cardbot database to restore: {problem}; the database is as it was")
    print(f"restoring {path} over {database}: every bot on this database must be stopped first")
    if database.exists():
        kept = database.with_name(f"{database.name}.before-restore-{datetime.now(UTC):%Y%m%dT%H%M%SZ}")
        failed = _copied(database, kept)
        if failed:
            return _fail(f"could not keep the database as it was in {kept}: {failed}; the database is as it was")
        print(f"the database as it was: {kept}")
    failed = _copied(path, database, into_existing=True)
    if failed:  # the backup API writes through the database's journal: a failed copy is rolled back
        return _fail(f"could not restore {path} over {database}: {failed}")
    print(f"restored {database} from {path}")
    return 0


def _copied(source: Path, target: Path, *, into_existing: bool = False) -> str | None:
    """One SQLite database into another through the backup API (consistent while others write;
    into an existing database through its own journal, so its WAL stays right); why it failed
    (an unwritable folder, a full disk), or None."""
    partial = target if into_existing else target.with_name(target.name + ".partial")
    try:
        reading = sqlite3.connect(f"{source.resolve().as_uri()}?mode=ro", uri=True)
        with closing(reading) as reader, closing(sqlite3.connect(partial)) as writer:
            reader.backup(writer)
            if not into_existing:
                writer.execute("PRAGMA journal_mode=DELETE")  # one self-contained file
        if not into_existing:
            partial.replace(target)
    except (sqlite3.Error, OSError) as e:
        if not into_existing:
            partial.unlink(missing_ok=True)
        return str(e)
    return None


def _elsewhere(url: str, action: str, line: str) -> int:
    sys.stderr.write(
        f"cardbot: db {action} copies SQLite files only; for {make_url(url).get_backend_name()} use its own tool:\n"
        f"  {line}\n"
        "(put the password back for ***, or leave it out and use PGPASSWORD or ~/.pgpass)\n"
    )
    return 2


def _fail(message: str) -> int:
    sys.stderr.write(f"cardbot: {message}\n")
    return 1
