"""Alembic migrations: up, down, up again on an empty database, and they build exactly the models;
on SQLite and on PostgreSQL."""

from __future__ import annotations

import subprocess
import sys

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from sqlalchemy import inspect

from adapters.sql.engine import make_engine
from adapters.sql.migrate import downgrade, upgrade
from adapters.sql.models import Base
from tests.sql.databases import empty_url


def tables_in(url: str) -> set[str]:
    engine = make_engine(url)
    try:
        return set(inspect(engine).get_table_names()) - {"alembic_version"}
    finally:
        engine.dispose()


def test_upgrade_downgrade_upgrade_on_an_empty_database(db_kind, tmp_path):
    url = empty_url(db_kind, tmp_path)
    upgrade(url)
    assert tables_in(url) == set(Base.metadata.tables)
    downgrade(url, "base")
    assert tables_in(url) == set()
    upgrade(url)
    assert tables_in(url) == set(Base.metadata.tables)


def test_the_migrated_schema_is_the_models_schema(db_kind, tmp_path):
    url = empty_url(db_kind, tmp_path)
    upgrade(url)
    engine = make_engine(url)
    with engine.connect() as conn:
        differences = compare_metadata(MigrationContext.configure(conn), Base.metadata)
    engine.dispose()
    assert differences == []


@pytest.mark.slow  # PostgreSQL: see tests/sql/databases.py
def test_processes_starting_together_migrate_one_after_the_other(tmp_path):
    """Several bot processes on one new PostgreSQL database all upgrade it on start."""
    url = empty_url("postgres", tmp_path)
    starts = [
        subprocess.Popen([sys.executable, "-c", f"from adapters.sql.migrate import upgrade; upgrade({url!r})"])
        for _ in range(3)
    ]
    assert [p.wait(timeout=120) for p in starts] == [0, 0, 0]
    assert tables_in(url) == set(Base.metadata.tables)
