"""bench/pg_paths.py runs: a few tables' moves made each of the five ways on the tests' PostgreSQL
server, every way printed with its figures, and every save written (each table's row at the
version of its last move). No timing asserts."""

from __future__ import annotations

import re

import pytest

from bench import pg_paths
from tests import postgres
from tests.sql.databases import need

pytestmark = pytest.mark.slow  # a PostgreSQL database, tables opened through the service


def test_each_way_makes_moves_and_every_save_is_written(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    need("postgres")
    fresh = postgres.fresh_database  # (the tests' server will do: the bench's durable one is for its figures)
    monkeypatch.setattr(postgres, "fresh_database", lambda durable=False: fresh())
    assert pg_paths.main(["--tables", "3", "--seconds", "0.1", "--rounds", "1"]) == 0
    out = capsys.readouterr().out
    for way in pg_paths.WAYS:
        row = rf"^  {re.escape(way)} +(\d+) moves/s; CPU per move: this process \d+\.\d\d ms, the server \d+\.\d\d ms"
        found = re.search(row, out, re.MULTILINE)
        assert found is not None and int(found[1]) > 0, f"{way!r} not printed with moves:\n{out}"
    assert "tables whose row is not at the version of their last move: 0 " in out
