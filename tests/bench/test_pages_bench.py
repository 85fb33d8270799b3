"""bench/pages.py runs: a tiny seeded history and one real game of each game, the bot's web server
asked over HTTP for every kind of page, API answer and replay; no timing asserts."""

from __future__ import annotations

import re

import pytest

from bench import pages
from tests import postgres
from tests.sql.databases import need

pytestmark = pytest.mark.slow  # real games played, a server started, a few hundred requests


def test_the_bench_times_every_kind_of_answer(
    db_kind: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    need(db_kind)
    # The bench's durable server (fsync on) is for its figures; here the tests' own server will do
    # (a second cluster, and its games' fsyncs, cost seconds). One request of each kind: each is
    # answered and printed with its figures (a replay's two visits give its computed and cached kinds).
    fresh = postgres.fresh_database
    monkeypatch.setattr(postgres, "fresh_database", lambda durable=False: fresh())
    args = ["--store", db_kind, "--games", "60", "--players", "20", "--groups", "3", "--requests", "1"]
    assert pages.main([*args, "--replays", "1"]) == 0
    out = capsys.readouterr().out
    name = "sqlite" if db_kind == "sqlite" else "postgresql"
    assert f"{name}: seeded 60 games" in out
    assert "played 3 real games" in out
    number = r"\d+\.\d\d"
    for kind in pages.KINDS:
        # each kind answered (200), with its count, p50, p99, max and the server's CPU
        row = rf"^  {re.escape(kind)} +(\d+) +{number} +{number} +\d+\.\d +{number} +{number} "
        found = re.search(row, out, re.MULTILINE)
        assert found is not None, f"{kind!r} not printed with figures:\n{out}"
        assert int(found[1]) > 0
    assert re.search(r"the slowest replays to compute: \w+ x\d, [\d,]+ moves: \d+ ms", out)
    assert "not 200" not in out
