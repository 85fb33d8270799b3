"""PostgreSQL: a change's save in one statement (one round trip instead of one a row kind), in the
transaction that loaded the table locked (adapters/sql/transaction.py).

A data-modifying WITH: the table row is updated only if its version is still the one loaded, and
its timers, new moves and the updates delivered to it are written only if it was (each part reads
`saved`, the updated row); the other processes' live tables are told (pg_notify, delivered at the
commit). The row back carries the row's new write stamp (its `xmin`), kept with this process's copy
of the table (table_rows.py); no row back: the table was saved by someone else meanwhile
(StaleTable), and nothing of it is written. The saves this does not cover (a new table, a finished
game's outcome, anything beside the table) are written statement by statement (table_rows.py
`SaveWrite`).

Timers and moves go as one JSON text each (json_to_recordset), not an array a column, so that the
statement has at most 50 parameters: psycopg keeps such a statement's parsed form
(`MAX_CACHED_STATEMENT_PARAMS`); above that it split the 2,500 characters again on every save:
3.86 ms of CPU a move instead of 3.14 in bench.load at 300 tables
(tests/sql/test_postgres_save_shape.py)."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from typing import Any

from sqlalchemy import Connection, bindparam, text
from sqlalchemy.dialects import postgresql

from adapters.sql.rows import tables
from adapters.sql.table_rows import Noted, SaveWrite, Saving, TableRows
from bot.store.errors import StaleTable

_quote = postgresql.dialect().identifier_preparer.quote  # type: ignore[no-untyped-call]
_COLUMNS = [c for c in tables.c if c.name != "id"]  # (setting the key, even to itself, costs: table_rows.py)
TIMER_FIELDS = ("kind", "due", "version", "seat")
MOVE_FIELDS = ("number", "seat", "move", "at", "by")
SAVE = text(
    f"""
WITH saved AS (
    UPDATE tables SET {", ".join(f"{_quote(c.name)} = :t_{c.name}" for c in _COLUMNS)}
    WHERE id = :table_id AND version = :expected RETURNING id, xmin::text AS stamp
), dropped AS (
    DELETE FROM timers WHERE :rewrite AND table_id IN (SELECT id FROM saved)
), armed AS (
    INSERT INTO timers (table_id, kind, due, version, seat)
    SELECT saved.id, t.kind, t.due, t.version, t.seat FROM saved,
        json_to_recordset(CAST(:timers AS json)) AS t(kind text, due float8, version integer, seat integer)
), logged AS (
    INSERT INTO moves (table_id, number, seat, move, at, by, notes)
    SELECT saved.id, m.number, m.seat, m.move, m.at, m.by, m.notes FROM saved, json_to_recordset(CAST(:moves AS json))
        AS m(number integer, seat integer, move text, at float8, by text, notes json)
), noted AS (
    INSERT INTO deliveries (table_id, delivery)
    SELECT saved.id, d.delivery FROM saved, unnest(CAST(:noted AS text[])) AS d(delivery)
), cleared AS (
    DELETE FROM deliveries WHERE :closed AND table_id IN (SELECT id FROM saved)
)
SELECT pg_notify('cardbot_tables', :payload), saved.stamp FROM saved
"""
).bindparams(*(bindparam(f"t_{c.name}", type_=c.type) for c in _COLUMNS))


def one_statement(writes: Sequence[Callable[[Connection], Any]]) -> tuple[Saving, list[str]] | None:
    """The save and the deliveries noted with it, if `writes` are one plain save (not of a new
    table, without an outcome) and updates delivered to that table; else None."""
    saves = [w.saving for w in writes if isinstance(w, SaveWrite)]
    noted = [w for w in writes if isinstance(w, Noted)]
    if len(saves) != 1 or len(saves) + len(noted) != len(writes):
        return None
    s = saves[0]
    if s.expected == -1 or s.outcome is not None or any(n.table_id != s.table_id for n in noted):
        return None
    if noted and not s.still_open:  # (a closed table keeps no deliveries: written the long way)
        return None
    return s, [n.delivery for n in noted]


def save(conn: Connection, rows: TableRows, s: Saving, noted: list[str]) -> Callable[[], None]:
    """Run the save on `conn`; what to do once it is committed."""
    rewrite = not rows.timers_kept(s)
    timers = s.timer_rows if rewrite else []
    params: dict[str, Any] = {f"t_{c.name}": s.row[c.name] for c in _COLUMNS}
    params |= {
        "table_id": s.table_id,
        "expected": s.expected,
        "rewrite": rewrite,
        "timers": json.dumps([{k: t[k] for k in TIMER_FIELDS} for t in timers]),
        "moves": json.dumps([{k: m[k] for k in MOVE_FIELDS} | {"notes": list(m["notes"] or ())} for m in s.moves]),
        "noted": noted,
        "closed": not s.still_open,
        "payload": f"{s.table_id} {s.version}",
    }
    saved = conn.execute(SAVE, params).first()
    if saved is None:
        rows.forget(s.table_id)
        raise StaleTable(f"table {s.table_id} is no longer at version {s.expected}")

    def committed() -> None:
        rows.remember(s, saved.stamp)
        for delivery in noted:
            rows.noted(s.table_id, delivery)

    return committed
