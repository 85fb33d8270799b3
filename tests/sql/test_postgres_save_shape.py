"""PostgreSQL's one-statement save (adapters/sql/postgres_save.py) stays within what psycopg keeps
parsed between executions: past 50 parameters or 4,096 characters it splits the whole statement
again on every save (3.86 ms of CPU a move instead of 3.14 in bench.load at 300 tables)."""

from __future__ import annotations

from psycopg import _queries
from sqlalchemy.dialects import postgresql

from adapters.sql.postgres_save import SAVE


def test_the_save_statement_is_one_psycopg_keeps_parsed() -> None:
    compiled = SAVE.compile(dialect=postgresql.psycopg.dialect())
    assert len(compiled.params) <= _queries.MAX_CACHED_STATEMENT_PARAMS
    assert len(str(compiled).encode()) <= _queries.MAX_CACHED_STATEMENT_LENGTH
