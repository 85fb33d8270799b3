"""Engines for any SQLAlchemy URL ("postgresql://…" means psycopg 3), and which of their errors
mean the database cannot be used now.

SQLite is tuned for a bot that writes on every move: WAL (readers never wait for the writer),
synchronous=NORMAL (durable at checkpoints, one fsync less per commit), foreign keys on, a busy
timeout, and `BEGIN IMMEDIATE` for write transactions (a deferred transaction that reads then
writes fails with "database is locked" or loses an update when another writer got in between)."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.engine import Connection, make_url
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from bot.store import StoreUnavailable

BUSY_TIMEOUT_MS = 5000
WRITE = {"cardbot_write": True}  # execution option: this connection's transactions write
DRIVERS = {"sqlite": "sqlite", "postgresql": "postgresql+psycopg"}
READ_ONLY = {"25006"}  # PostgreSQL: read_only_sql_transaction (a standby, or a database made read-only)


def with_driver(url: str, drivers: dict[str, str] = DRIVERS) -> str:
    """The URL with the driver we install (psycopg 3 for PostgreSQL; the DBAPI default is psycopg2)."""
    parsed = make_url(url)
    backend = parsed.get_backend_name()
    if backend not in drivers:
        return url
    return parsed.set(drivername=drivers[backend]).render_as_string(hide_password=False)


def make_engine(url: str, **kwargs: Any) -> Engine:
    engine = create_engine(with_driver(url), **kwargs)
    if engine.dialect.name == "sqlite":
        _tune_sqlite(engine)
    return engine


def _tune_sqlite(engine: Engine) -> None:
    @event.listens_for(engine, "connect")
    def on_connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None  # we say BEGIN ourselves (below)
        cursor = dbapi_connection.cursor()
        cursor.execute("PRAGMA journal_mode=WAL")
        cursor.execute("PRAGMA synchronous=NORMAL")
        cursor.execute("PRAGMA foreign_keys=ON")
        cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
        cursor.close()

    @event.listens_for(engine, "begin")
    def on_begin(connection: Connection) -> None:
        write = connection.get_execution_options().get("cardbot_write", False)
        connection.exec_driver_sql("BEGIN IMMEDIATE" if write else "BEGIN")


def unavailable(error: BaseException) -> bool:
    """The database cannot be reached or cannot write now (full disk, read-only, down, every
    connection busy): nothing is wrong with the table, try again later."""
    if isinstance(error, OperationalError | InterfaceError | PoolTimeout):
        return True
    return isinstance(error, DBAPIError) and getattr(error.orig, "sqlstate", None) in READ_ONLY


def translated(error: BaseException) -> BaseException:
    """`StoreUnavailable` for an `unavailable` database's error, else the error itself."""
    if unavailable(error):
        return StoreUnavailable(str(error).splitlines()[0][:200])
    return error
