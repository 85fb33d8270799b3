"""Quick match's rows (bot/store/queue.py `QueueStore`) in the database: one row per person, keyed
by their identity, so a second entry replaces the first. Seating a group checks every row first
(`seat`), in the transaction that saves its table (adapters/sql/transaction.py `open_match`): two
processes matching the same people, one wins. SQLite and
PostgreSQL say these statements alike. Each function runs on a connection the store gives it."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from sqlalchemy import Connection, and_, delete, select, update

from adapters.sql.community import NAME, dialect_insert
from adapters.sql.models import Base
from bot.people import PersonRef
from bot.store.queue import Queued

quick_match = Base.metadata.tables["quick_match"]
WAITING = quick_match.c.table_id.is_(None)


def _who(person: PersonRef) -> Any:
    return and_(quick_match.c.platform == person.platform, quick_match.c.user_id == person.user_id)


def _entry(row: Any) -> Queued:
    return Queued(
        PersonRef(row.platform, row.user_id),
        row.game,
        row.name,
        row.lang,
        row.joined,
        row.ordinal,
        row.computers_after,
        row.table_id,
    )


def queued(conn: Connection, person: PersonRef) -> Queued | None:
    row = conn.execute(select(quick_match).where(_who(person))).first()
    return None if row is None else _entry(row)


def put(conn: Connection, entry: Queued, read: Queued | None) -> bool:
    """The row written over `read` (bot/store/queue.py `put_queued`): inserted if there was none and
    still is none, else updated where it is still the row read."""
    values = {
        "game": entry.game,
        "name": entry.name[:NAME],
        "lang": entry.lang,
        "joined": entry.joined,
        "ordinal": entry.ordinal,
        "computers_after": entry.computers_after,
        "table_id": entry.table_id,
    }
    if read is None:
        statement = dialect_insert(conn, quick_match).values(
            platform=entry.person.platform, user_id=entry.person.user_id, **values
        )
        statement = statement.on_conflict_do_nothing(index_elements=["platform", "user_id"])
        return conn.execute(statement.execution_options(preserve_rowcount=True)).rowcount == 1
    same = quick_match.c.table_id.is_(None) if read.table_id is None else quick_match.c.table_id == read.table_id
    still = and_(_who(entry.person), quick_match.c.joined == read.joined, same)
    return conn.execute(update(quick_match).where(still).values(**values)).rowcount == 1


def drop(conn: Connection, person: PersonRef, joined: float | None) -> Queued | None:
    which = [_who(person), WAITING, *([] if joined is None else [quick_match.c.joined == joined])]
    row = conn.execute(select(quick_match).where(*which)).first()
    if row is None:
        return None
    # (PostgreSQL: a group being seated holds the row; once it is committed the row is no longer
    # waiting, nothing is deleted, and the person is not told they left)
    if conn.execute(delete(quick_match).where(*which)).rowcount != 1:
        return None
    return _entry(row)


def waiting(conn: Connection, platform: str | None) -> list[Queued]:
    query = select(quick_match).where(WAITING)
    if platform is not None:
        query = query.where(quick_match.c.platform == platform)
    order = (quick_match.c.joined, quick_match.c.platform, quick_match.c.user_id)
    return [_entry(row) for row in conn.execute(query.order_by(*order))]


def seat(conn: Connection, entries: Sequence[Queued], table_id: int) -> bool:
    """Mark each row matched, all or none: every row is checked (and on PostgreSQL locked, so a
    process seating the same person waits, then finds the row taken) before any is written."""
    rows = [and_(_who(e.person), WAITING, quick_match.c.joined == e.joined) for e in entries]
    for which in rows:
        query = select(quick_match.c.user_id).where(which)
        if conn.dialect.name == "postgresql":
            query = query.with_for_update()
        if conn.execute(query).first() is None:
            return False
    for which in rows:
        conn.execute(update(quick_match).where(which).values(table_id=table_id))
    return True
