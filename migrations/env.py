"""Alembic's environment: the models' metadata, and the URL from the caller or DATABASE_URL."""

from __future__ import annotations

from alembic import context

from adapters.sql.engine import make_engine
from adapters.sql.models import Base
from adapters.sql.settings import DatabaseSettings

config = context.config
url = config.get_main_option("sqlalchemy.url") or DatabaseSettings().database_url


def run_offline() -> None:
    context.configure(url=url, target_metadata=Base.metadata, literal_binds=True, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


def run_online() -> None:
    connection = config.attributes.get("connection")
    if connection is not None:  # a caller (a test) lends its own connection
        _run(connection)
        return
    engine = make_engine(url)
    with engine.connect() as conn:
        _run(conn)
    engine.dispose()


def _run(connection: object) -> None:
    # render_as_batch: SQLite cannot ALTER most things; batch mode copies the table instead.
    context.configure(connection=connection, target_metadata=Base.metadata, render_as_batch=True)
    with context.begin_transaction():
        context.run_migrations()


if context.is_offline_mode():
    run_offline()
else:
    run_online()
