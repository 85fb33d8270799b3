"""The service suites run three times: on the in-memory store, on a real migrated SQLite file and
on a real PostgreSQL database. The two SQL runs are in the slow tier: `make test-fast` plays the
suites on the memory store (a third of the CPU of their SQLite runs), and meets SQLite through the
store's shared contract (tests/store), tests/sql and every platform's end-to-end tests, which all
run on a SQLite file."""

from __future__ import annotations

import pytest

from tests.bot import harness
from tests.sql.databases import POSTGRES, need, sql_store

SERVICE_SUITES = {
    "test_lobby",
    "test_challenge",
    "test_svolota_table",
    "test_realtime_table",
    "test_leaderboard",
    "test_isolation",
    "test_own_look",
    "test_table_control",
    "test_notify",
    "test_seasons",
    "test_achievements_stored",
    "test_quick_match",
    "test_link",  # (/link: bot/account_links.py)
}
SQLITE = pytest.param("sqlite", marks=pytest.mark.slow)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.module.__name__.rsplit(".", 1)[-1] in SERVICE_SUITES:
        metafunc.parametrize("store_kind", ["memory", SQLITE, POSTGRES], indirect=True)


@pytest.fixture(autouse=True)
def store_kind(request: pytest.FixtureRequest, tmp_path, monkeypatch) -> str:
    kind = getattr(request, "param", "memory")
    if kind != "memory":
        need(kind)
        count = iter(range(1000))
        monkeypatch.setattr(harness, "make_store", lambda: sql_store(kind, tmp_path / f"db{next(count)}"))
    return kind
