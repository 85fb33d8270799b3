"""The service suites run three times: on the in-memory store, on a real migrated SQLite file and
on a real PostgreSQL database."""

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


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if metafunc.module.__name__.rsplit(".", 1)[-1] in SERVICE_SUITES:
        metafunc.parametrize("store_kind", ["memory", "sqlite", POSTGRES], indirect=True)


@pytest.fixture(autouse=True)
def store_kind(request: pytest.FixtureRequest, tmp_path, monkeypatch) -> str:
    kind = getattr(request, "param", "memory")
    if kind != "memory":
        need(kind)
        count = iter(range(1000))
        monkeypatch.setattr(harness, "make_store", lambda: sql_store(kind, tmp_path / f"db{next(count)}"))
    return kind
