"""Every test's PostgreSQL databases are dropped after it (their connections closed with them)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests import postgres


@pytest.fixture(autouse=True)
def _drop_postgres_databases() -> Iterator[None]:
    yield
    postgres.drop_made()


@pytest.fixture(params=["sqlite", "postgres"])
def db_kind(request: pytest.FixtureRequest) -> str:
    """Run the test on a SQLite file and on PostgreSQL."""
    return str(request.param)
