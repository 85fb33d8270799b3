"""Every test's PostgreSQL databases are dropped after it (their connections closed with them).

With pytest-xdist (pyproject.toml runs three workers), each worker is a process of its own with
its own throwaway PostgreSQL server (tests/postgres.py). Each test file runs whole on one worker,
in order (the fuzz suites' last test reads what the others counted). The kill -9 test, the long
pole (it mostly waits on the bot processes it starts and kills), is handed out first.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest

from adapters.settings import ENV_FILE_VARIABLE
from tests import postgres
from tests.examples import PROFILE
from tests.sql.databases import KINDS

LONG_POLE = "tests/adapters/telegram/test_kill9.py"
# A developer's `.env` beside the project configures their bot, not the tests: none is read unless a
# test writes its own (and names it, or runs the bot where it is, with CARDBOT_* cleared).
os.environ[ENV_FILE_VARIABLE] = os.devnull


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
    """`--dist loadfile`, with the LONG_POLE handed out first."""
    if config.getvalue("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class LongPoleFirst(LoadFileScheduling):
        def _assign_work_unit(self, node: Any) -> None:
            if LONG_POLE in self.workqueue:
                self.workqueue.move_to_end(LONG_POLE, last=False)
            super()._assign_work_unit(node)

    return LongPoleFirst(config, log)
