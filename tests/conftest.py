"""Every test's PostgreSQL databases are dropped after it (their connections closed with them).

With pytest-xdist (pyproject.toml runs three workers), each worker is a process of its own with
its own throwaway PostgreSQL server (tests/postgres.py). Each test file runs whole on one worker,
in order (the fuzz suites' last test reads what the others counted). The files that take longest
are handed out first, longest first (`LONGEST_FIRST`), so that no worker starts a long one when
the others are nearly done; the rest follow, those with the most tests first (xdist's order).
"""

from __future__ import annotations

import gc
import os
from collections.abc import Generator, Iterator
from functools import cache
from typing import Any

import httpx._transports.default
import pytest

from adapters.settings import ENV_FILE_VARIABLE
from bot import heap
from tests import postgres
from tests.examples import PROFILE
from tests.sql.databases import KINDS

# Seconds each file held its worker in a whole run on two cores, four workers, at edddc78 (the
# browser and load files were cut after, and keep their places); a file that grows long belongs
# here, in its place.
LONGEST_FIRST = (
    "tests/adapters/telegram/test_kill9.py",  # 100 s: it mostly waits on the bot processes it kills
    "tests/browser/test_live_table.py",  # 45
    "tests/sql/test_recovery.py",  # 40
    "tests/core/svolota/test_computer.py",  # 33
    "tests/browser/test_whole_games.py",  # 26 alone (a whole game of each on a phone and a desktop)
    "tests/browser/test_local_play.py",  # 25 (`cardbot play --web`: a whole Speed game and a rematch)
    "tests/adapters/telegram/test_scenarios.py",  # 27 (of the fast tier, the longest)
    "tests/bot/test_leaderboard.py",  # 27
    "tests/bot/test_realtime_table.py",  # 22
    "tests/browser/test_cards.py",  # 10 alone (the card table's gestures; whole games: test_whole_games.py)
    "tests/processes/test_load.py",  # 20
    "tests/processes/test_three_processes.py",  # 19
    "tests/adapters/discord/test_scenarios.py",  # 17
    "tests/bench/test_service_bench.py",  # 17
    "tests/bench/test_load_bench.py",  # 15
    "tests/adapters/telegram/test_pacing.py",  # 15
    "tests/bench/test_bench_smoke.py",  # 13
    "tests/bot/test_table_control.py",  # 13
    "tests/processes/test_tournament_kill9.py",  # 14 (slow tier: a process killed seven times)
    "tests/adapters/telegram/test_tournament.py",  # 13 (slow tier: a whole elimination in a forum topic)
    "tests/adapters/discord/test_outage.py",  # 12 (measured alone)
    "tests/adapters/telegram/test_community.py",  # 12
    "tests/adapters/telegram/test_refused_edits.py",  # 11 (alone, on one core; slow tier)
    "tests/adapters/telegram/test_outage.py",  # 10 (measured alone)
)
# Each Telegram bot a test builds makes httpx clients, and each client a TLS context that loads the
# certificate store (~20 ms of CPU, ~2 % of the fast tier). The tests speak plain HTTP to fakes on
# 127.0.0.1, which never use one: one context per set of arguments serves every client.
httpx._transports.default.create_ssl_context = cache(httpx._transports.default.create_ssl_context)
# A developer's `.env` beside the project configures their bot, not the tests: none is read unless a
# test writes its own (and names it, or runs the bot where it is, with CARDBOT_* cleared).
os.environ[ENV_FILE_VARIABLE] = os.devnull


def pytest_configure(config: pytest.Config) -> None:
    """The tests allocate fast: a young-generation collection every 20,000 allocations instead of
    700 leaves the garbage collector a much smaller share of the fast tier's CPU; each async test
    still collects and freezes its leftovers when its loop closes (tests/adapters/conftest.py)."""
    gc.set_threshold(20_000, 50, 100)


@pytest.hookimpl(wrapper=True)
def pytest_collection(session: pytest.Session) -> Generator[None, object, object]:
    """Collection imports every test module and the stack beneath them, which live as long as the
    worker: it runs with the collector held, then the heap is frozen (as `cardbot` starts:
    bot/heap.py), about a third less of collection's CPU in each worker (bench/README.md,
    fourteenth round). (xdist's controller collects nothing: it passes through.)"""
    heap.hold()
    try:
        return (yield)
    finally:
        heap.freeze()


def pytest_report_header() -> str:
    return f"hypothesis profile: {PROFILE} (CARDBOT_HYPOTHESIS; tests/examples.py)"


@pytest.fixture(autouse=True)
def _drop_postgres_databases() -> Iterator[None]:
    yield
    postgres.drop_made()


@pytest.fixture(params=KINDS)
def db_kind(request: pytest.FixtureRequest) -> str:
    """Run the test on a SQLite file and on PostgreSQL."""
    return str(request.param)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config: pytest.Config, log: Any) -> Any:
    """`--dist loadfile`, with the files of LONGEST_FIRST handed out first, in its order."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LongestFirst(LoadFileScheduling):
        def _assign_work_unit(self, node: Any) -> None:
            for path in reversed(LONGEST_FIRST):
                if path in self.workqueue:
                    self.workqueue.move_to_end(path, last=False)
            super()._assign_work_unit(node)

    return LongestFirst(config, log)
