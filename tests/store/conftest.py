"""One contract for every store (bot/store/): the memory store of the tests and the console, a
SQLite file and PostgreSQL each run every test here. A test that needs a second process on the
same database asks `stores()` again (each SQL store has its own engine; the memory store is one
process, so it hands back the same store)."""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Iterator

import pytest

from adapters.sql.store import SqlStore
from bot.memory_store import MemoryStore
from tests.sql.databases import POSTGRES, fresh_url

Store = MemoryStore | SqlStore
FORGET_KEY = b"the tests' key of forgotten people's marks"  # one deployment's: every store of a test shares it


@pytest.fixture(params=["memory", "sqlite", POSTGRES])
def kind(request: pytest.FixtureRequest) -> str:
    return str(request.param)


@pytest.fixture
def stores(kind: str, tmp_path) -> Iterator[Callable[[], Store]]:
    """Makes stores on one database (each SQL one with its own engine: as another process would)."""
    made: list[SqlStore] = []
    url = None if kind == "memory" else fresh_url(kind, tmp_path)
    memory = MemoryStore(FORGET_KEY)

    def make() -> Store:
        if url is None:
            return memory
        made.append(SqlStore(url, forget_key=FORGET_KEY))
        return made[-1]

    yield make
    for store in made:
        asyncio.run(store.close())


@pytest.fixture
def store(stores: Callable[[], Store]) -> Store:
    return stores()
