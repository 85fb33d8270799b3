"""The store the bot runs on: the database in DATABASE_URL, upgraded to the newest schema first
(the bot migrates on start, so a deploy is: stop, pull, start)."""

from __future__ import annotations

from adapters.sql.migrate import upgrade
from adapters.sql.settings import DatabaseSettings
from adapters.sql.store import SqlStore


def open_store(url: str | None = None) -> SqlStore:
    url = url or DatabaseSettings().database_url
    upgrade(url)
    return SqlStore(url)
