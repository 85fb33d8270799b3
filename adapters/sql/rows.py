"""A table in rows: the statements of every move, built once (only their parameters change:
building a statement with its values in it costs more than running it), and the conversions between
a `Table` and its rows (the table row with its seats, and its timers)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import (
    Connection,
    Select,
    String,
    TextClause,
    bindparam,
    delete,
    func,
    insert,
    or_,
    select,
    text,
    update,
)

from adapters.sql.models import Base
from bot.deadlines import Deadline
from bot.people import ChatRef
from bot.tables import LoggedMove, Status, Table

OPEN = [s.value for s in Status if s.open]
_t = Base.metadata.tables
tables, moves_t, timers = _t["tables"], _t["moves"], _t["timers"]
chats, people, table_ids = _t["chats"], _t["people"], _t["table_ids"]
results, ratings, messages = _t["results"], _t["ratings"], _t["messages"]
deliveries, uploads = _t["deliveries"], _t["uploads"]

LOAD_TABLE = select(tables).where(tables.c.id == bindparam("table_id"))
# A table with its timers in one statement (one row per timer, or one with no timer), for a read.
_TIMER_COLUMNS = {"timer_kind": timers.c.kind, "timer_due": timers.c.due, "timer_version": timers.c.version}
WITH_TIMERS = (
    select(tables, *(column.label(name) for name, column in _TIMER_COLUMNS.items()), timers.c.seat.label("timer_seat"))
    .outerjoin(timers, timers.c.table_id == tables.c.id)
    .where(tables.c.id == bindparam("table_id"))
    .order_by(timers.c.id)
)
# A change that locks its table reads the timers after the lock, in a statement of their own: a
# locking SELECT that waited for another transaction re-reads the locked row as committed, but not
# the rows joined to it (PostgreSQL, READ COMMITTED), which would be the timers from before.
LOCK_TABLE = LOAD_TABLE.with_for_update()  # PostgreSQL: the row stays ours until commit (SQLite: BEGIN IMMEDIATE)
# A timer firing takes its table only if no other transaction holds it (a move, or another
# process's timer): nobody waits behind a busy table, and each deadline fires in one process.
CLAIM_TABLE = LOAD_TABLE.with_for_update(skip_locked=True)
# PostgreSQL: a table row's write stamp, the transaction that last wrote it (`xmin`: any write makes the
# row anew), and its timers, in one round trip. A change locks its table by reading only these, and
# plays on this process's own copy when the row is still the one its last save wrote and the timers
# are as it wrote them (table_rows.py `TableRows.load`). (The timers come from the statement's
# snapshot: a lock that waited reads the row as the holder left it, but the timers from before. The
# holder wrote timers only with the row, and a row written elsewhere is read again, timers and all,
# by a statement of its own.)
_STAMP_WITH_TIMERS = """
SELECT tables.xmin::text AS stamp, t.kinds, t.dues, t.versions, t.seats
FROM tables CROSS JOIN LATERAL (
    SELECT array_agg(kind ORDER BY id) AS kinds, array_agg(due ORDER BY id) AS dues,
        array_agg(version ORDER BY id) AS versions, array_agg(seat ORDER BY id) AS seats
    FROM timers WHERE timers.table_id = tables.id
) AS t
WHERE tables.id = :table_id
FOR UPDATE OF tables"""
LOCK_STAMP = text(_STAMP_WITH_TIMERS)
CLAIM_STAMP = text(_STAMP_WITH_TIMERS + " SKIP LOCKED")


@dataclass(frozen=True)
class Lock:
    """How a change takes its table: the row read locked (SQLite: under BEGIN IMMEDIATE already),
    or, on PostgreSQL, its write stamp and timers read with the row locked."""

    row: Select[Any]
    stamp: TextClause


LOCK = Lock(LOCK_TABLE, LOCK_STAMP)  # waits for a table another transaction holds
CLAIM = Lock(CLAIM_TABLE, CLAIM_STAMP)  # none when another transaction holds it
LOAD_TIMERS = select(timers).where(timers.c.table_id == bindparam("table_id")).order_by(timers.c.id)
TABLE_COLUMNS = tuple(c.name for c in tables.c)
UPDATE_TABLE = update(tables).where(tables.c.id == bindparam("_id"), tables.c.version == bindparam("_expected"))
DELETE_TIMERS = delete(timers).where(timers.c.table_id == bindparam("table_id"))
LIVE = tables.c.stopped.is_(None)  # a table set aside fires nothing
PLATFORM = or_(bindparam("platform", type_=String).is_(None), tables.c.platform == bindparam("platform", type_=String))
# The same text every time (no list of tables to leave out: the store drops those rows itself), so
# PostgreSQL's driver prepares it once and the plan is reused.
DUE_BATCH = (
    select(timers, tables.c.version.label("table_version"))
    .join(tables, tables.c.id == timers.c.table_id)
    .where(timers.c.due <= bindparam("now"), LIVE, PLATFORM)
    .order_by(timers.c.due, timers.c.table_id, timers.c.kind)
    .limit(bindparam("limit"))
)
DUE = select(timers).where(timers.c.due <= bindparam("now")).order_by(timers.c.due, timers.c.table_id, timers.c.kind)
NEXT_DUE = (
    select(func.min(timers.c.due)).join_from(timers, tables, tables.c.id == timers.c.table_id).where(LIVE, PLATFORM)
)
CLOSED = [s.value for s in Status if not s.open]
ADVISORY_LOCK = text("SELECT pg_advisory_xact_lock(hashtextextended(:name, 0))")


def load_many(conn: Connection, ids: Any) -> list[Table]:
    chosen = select(ids.subquery().c.id)
    rows = conn.execute(select(tables).where(tables.c.id.in_(chosen)).order_by(tables.c.id)).mappings().all()
    stored: dict[int, list[dict[str, Any]]] = {}
    for t in conn.execute(select(timers).where(timers.c.table_id.in_(chosen)).order_by(timers.c.id)):
        stored.setdefault(t.table_id, []).append(timer_of(t))
    return [table_of(row, stored.get(row["id"], [])) for row in rows]


def timer_of(t: Any) -> dict[str, Any]:
    return {"table_id": t.table_id, "kind": t.kind, "due": t.due, "version": t.version, "seat": t.seat}


def locked_timers(table_id: int, locked: Any) -> list[dict[str, Any]]:
    """The timers a row of LOCK_STAMP (or CLAIM_STAMP) brought, as `timer_of` gives them."""
    fields = (locked.kinds or (), locked.dues or (), locked.versions or (), locked.seats or ())
    return [
        {"table_id": table_id, "kind": k, "due": d, "version": v, "seat": s} for k, d, v, s in zip(*fields, strict=True)
    ]


def deadline_of(t: Any) -> Deadline:
    """A timer row (or anything with its fields) as the deadline it stands for."""
    return Deadline(t.table_id, t.kind, t.due, t.version, t.seat)


def with_timers(rows: Sequence[Any]) -> tuple[Any, list[dict[str, Any]]]:
    """The table row and its timers, from the rows of WITH_TIMERS (at least one)."""
    table_id = rows[0]["id"]
    stored = [
        {
            "table_id": table_id,
            "kind": r["timer_kind"],
            "due": r["timer_due"],
            "version": r["timer_version"],
            "seat": r["timer_seat"],
        }
        for r in rows
        if r["timer_kind"] is not None
    ]
    return rows[0], stored


def table_of(row: Any, deadlines: list[dict[str, Any]]) -> Table:
    data = {name: row[name] for name in TABLE_COLUMNS}
    data["chat"] = {key: data.pop(key) for key in ("platform", "chat_id", "thread_id")}
    data["creator"] = {"platform": data.pop("creator_platform"), "user_id": data.pop("creator_user_id")}
    data["deadlines"] = deadlines
    return Table.from_dict(data)


def on_platform(platform: str | None) -> tuple[Any, ...]:
    return () if platform is None else (tables.c.platform == platform,)


def open_in(chat: ChatRef) -> Any:
    return select(tables.c.id).where(
        tables.c.platform == chat.platform,
        tables.c.chat_id == chat.chat_id,
        tables.c.thread_id.is_(None) if chat.thread_id is None else tables.c.thread_id == chat.thread_id,
        tables.c.status.in_(OPEN),
        LIVE,
    )


def moves_of(conn: Connection, table_id: int) -> list[LoggedMove]:
    """A table's move log, oldest first."""
    rows = conn.execute(select(moves_t).where(moves_t.c.table_id == table_id).order_by(moves_t.c.number))
    return [LoggedMove(r.seat, r.move, r.at, r.by, tuple(r.notes or ())) for r in rows]


def new_table_id_in(conn: Connection) -> int:
    key = conn.execute(insert(table_ids)).inserted_primary_key
    assert key is not None
    return int(key[0])


def table_row(data: dict[str, Any]) -> dict[str, Any]:
    chat, creator = data.pop("chat"), data.pop("creator")
    return {
        **data,
        "platform": chat["platform"],
        "chat_id": chat["chat_id"],
        "thread_id": chat["thread_id"],
        "creator_platform": creator["platform"],
        "creator_user_id": creator["user_id"],
    }
