"""PostgreSQL: the due deadlines a process takes to fire, leased to it for a few seconds.

Several processes sharing the database read their batches of due deadlines at the same moments.
Each deadline still fires once (its table is claimed with SKIP LOCKED, and a deadline fired
elsewhere is no longer among its table's), but without leases every process would try the same
earliest deadlines, and all but one would spend a transaction on each in vain (`bench.processes`:
at 4 processes and 500 tables, about 73 % of what each took at 047d82c; about 6 % with leases). So a batch
is taken in one statement, its rows marked as this process's until `LEASE_SECONDS` from now:
the other processes take the next ones (rows being marked are skipped, not waited for). A process's own
leased rows stay its own; a save that rewrites a table's timers ends their leases; a process that
stops leaves its leases to run out, and its deadlines then fire elsewhere."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import Connection, text

LEASE_SECONDS = 5.0  # (a batch of 32 fires in well under a second; a dead process's deadlines wait this long)
TAKE = text(
    """
UPDATE timers SET leased_by = :me, leased_until = :until
FROM (
    SELECT timers.id FROM timers JOIN tables ON tables.id = timers.table_id
    WHERE timers.due <= :now AND tables.stopped IS NULL
        AND (CAST(:platform AS varchar) IS NULL OR tables.platform = CAST(:platform AS varchar))
        AND (timers.leased_until IS NULL OR timers.leased_until <= :now OR timers.leased_by = :me)
        AND timers.table_id <> ALL(CAST(:skip AS integer[]))
    ORDER BY timers.due, timers.table_id, timers.kind
    LIMIT :limit
    FOR UPDATE OF timers SKIP LOCKED
) AS chosen, tables
WHERE timers.id = chosen.id AND tables.id = timers.table_id
RETURNING timers.id, timers.table_id, timers.kind, timers.due, timers.version, timers.seat,
    tables.version AS table_version
"""
)


def take(conn: Connection, me: str, now: float, limit: int, platform: str | None, skip: Collection[int]) -> list[Any]:
    """Up to `limit` deadlines due by `now` (of `platform`'s chats, if given), not of the tables in
    `skip` nor leased to another process, earliest first, leased to `me` (`conn` in autocommit)."""
    query = {
        "me": me,
        "until": now + LEASE_SECONDS,
        "now": now,
        "platform": platform,
        "skip": list(skip),
        "limit": limit,
    }
    rows = conn.execute(TAKE, query).all()
    return sorted(rows, key=lambda r: (r.due, r.table_id, r.kind))
