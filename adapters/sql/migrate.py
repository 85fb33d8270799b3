"""Migrations through Alembic's API: `cardbot db upgrade|downgrade`, and on the bot's start.

The scripts live in the project's top-level migrations/ folder (the bot runs from its checkout).
On PostgreSQL a migration holds an advisory lock, so processes that start together (several bot
processes on one database) migrate one after the other: the first upgrades, the rest find nothing
to do."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from sqlalchemy import text

from adapters.sql.engine import make_engine

MIGRATIONS = Path(__file__).resolve().parents[2] / "migrations"
MIGRATION_LOCK = 0x63617264626F74  # "cardbot": the advisory lock key for migrations


def alembic_config(url: str) -> Config:
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    return config


def revisions() -> frozenset[str]:
    """Every revision id the migrations know (what a database's alembic_version may hold)."""
    scripts = ScriptDirectory.from_config(alembic_config("sqlite://"))
    return frozenset(script.revision for script in scripts.walk_revisions())


def upgrade(url: str, revision: str = "head") -> None:
    _migrate(url, lambda config: command.upgrade(config, revision))


def downgrade(url: str, revision: str = "base") -> None:
    _migrate(url, lambda config: command.downgrade(config, revision))


def _migrate(url: str, run: Callable[[Config], None]) -> None:
    config = alembic_config(url)
    engine = make_engine(url)
    if engine.dialect.name != "postgresql":
        engine.dispose()
        run(config)
        return
    try:
        with engine.connect() as conn:
            conn.execute(text("SELECT pg_advisory_lock(:key)"), {"key": MIGRATION_LOCK})
            conn.commit()
            try:
                config.attributes["connection"] = conn  # migrations/env.py runs on it
                run(config)
                conn.commit()
            finally:
                conn.execute(text("SELECT pg_advisory_unlock(:key)"), {"key": MIGRATION_LOCK})
                conn.commit()
    finally:
        engine.dispose()
