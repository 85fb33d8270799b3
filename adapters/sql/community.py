"""Achievements, tallies, who to notify when a game opens, and seasons, as rows (issue #18).

Earned achievements and tallies are written in the save of the table that finished, beside its
ratings (ratings.save_outcome) and read under the "ratings" lock (SqlTransaction). A person's
achievement is inserted once (INSERT … ON CONFLICT DO NOTHING: the first one stays); a tally is
written whole over the stored one. The notify list keeps its order by the row's id; a season's end
is claimed by inserting its row, which only one process can do. SQLite and PostgreSQL say these
statements alike. Each function runs on a connection the store gives it."""

from __future__ import annotations

import time
from collections.abc import Collection, Sequence
from typing import Any

from sqlalchemy import Connection, Table, and_, delete, or_, select
from sqlalchemy.dialects import postgresql, sqlite

from adapters.sql.models import Base
from bot.achievements import Earned, Tally
from bot.people import ChatRef, PersonRef

_t = Base.metadata.tables
achievements, tallies, notify = _t["achievements"], _t["tallies"], _t["notify"]
season_claims, ratings = _t["season_claims"], _t["ratings"]
NAME = 128  # the column's length: a Telegram name may be longer (first and last: 64 each)


def dialect_insert(conn: Connection, table: Table) -> Any:
    """INSERT with ON CONFLICT, in the connection's dialect."""
    return (postgresql if conn.dialect.name == "postgresql" else sqlite).insert(table)


def _persons(table: Table, persons: Collection[PersonRef]) -> Any:
    return or_(*(and_(table.c.platform == p.platform, table.c.user_id == p.user_id) for p in persons))


def save_earned(conn: Connection, earned: Sequence[Earned]) -> None:
    """Insert each achievement; one a person has already is kept as it was."""
    if not earned:
        return
    rows = [
        {
            "platform": e.person.platform,
            "user_id": e.person.user_id,
            "achievement": e.achievement,
            "table_id": e.table_id,
            "chat": e.chat,
            "at": e.at,
        }
        for e in earned
    ]
    key = ["platform", "user_id", "achievement"]
    conn.execute(dialect_insert(conn, achievements).on_conflict_do_nothing(index_elements=key), rows)


def save_tallies(conn: Connection, counts: Sequence[Tally]) -> None:
    """Write each tally over the stored one, or insert it."""
    if not counts:
        return
    rows = [
        {"platform": t.person.platform, "user_id": t.person.user_id, "name": t.name, "count": t.count} for t in counts
    ]
    statement = dialect_insert(conn, tallies)
    key = ["platform", "user_id", "name"]
    conn.execute(statement.on_conflict_do_update(index_elements=key, set_={"count": statement.excluded["count"]}), rows)


def achievements_of(conn: Connection, persons: Collection[PersonRef]) -> dict[PersonRef, set[str]]:
    if not persons:
        return {}
    query = select(achievements.c.platform, achievements.c.user_id, achievements.c.achievement)
    found: dict[PersonRef, set[str]] = {}
    for r in conn.execute(query.where(_persons(achievements, persons))):
        found.setdefault(PersonRef(r.platform, r.user_id), set()).add(r.achievement)
    return found


def tallies_of(conn: Connection, persons: Collection[PersonRef]) -> dict[PersonRef, dict[str, int]]:
    if not persons:
        return {}
    found: dict[PersonRef, dict[str, int]] = {}
    query = select(tallies.c.platform, tallies.c.user_id, tallies.c.name, tallies.c.count)
    for platform, user_id, name, count in conn.execute(query.where(_persons(tallies, persons))):
        found.setdefault(PersonRef(platform, user_id), {})[name] = count
    return found


def earned_by(conn: Connection, person: PersonRef) -> list[Earned]:
    """Every achievement of one person, oldest first."""
    query = (
        select(achievements)
        .where(achievements.c.platform == person.platform, achievements.c.user_id == person.user_id)
        .order_by(achievements.c.at, achievements.c.achievement)
    )
    return [Earned(person, r.achievement, r.table_id, r.chat, r.at) for r in conn.execute(query)]


def _chat(chat: ChatRef) -> list[Any]:
    return [notify.c.platform == chat.platform, notify.c.chat_id == chat.chat_id]


def notify_list_of(conn: Connection, chat: ChatRef) -> list[tuple[PersonRef, str]]:
    query = select(notify.c.person_platform, notify.c.user_id, notify.c.name).where(*_chat(chat)).order_by(notify.c.id)
    return [(PersonRef(r.person_platform, r.user_id), r.name) for r in conn.execute(query)]


def set_notify(conn: Connection, chat: ChatRef, person: PersonRef, name: str, on: bool) -> None:
    """On: add the person at the end, or (already there) update their name in their place. Off:
    take them off."""
    if not on:
        who = (notify.c.person_platform == person.platform, notify.c.user_id == person.user_id)
        conn.execute(delete(notify).where(*_chat(chat), *who))
        return
    name = name[:NAME]
    statement = dialect_insert(conn, notify).values(
        platform=chat.platform, chat_id=chat.chat_id, person_platform=person.platform, user_id=person.user_id, name=name
    )
    key = ["platform", "chat_id", "person_platform", "user_id"]
    conn.execute(statement.on_conflict_do_update(index_elements=key, set_={"name": name}))


def season_scopes_of(conn: Connection, season: str) -> list[str]:
    """The chat scopes with a rating row in the season (a scan of the ratings: once a season)."""
    end = f"@{season}"
    query = select(ratings.c.scope).distinct().where(ratings.c.scope.endswith(end, autoescape=True))
    found = {scope[: -len(end)] for scope in conn.scalars(query)}
    return sorted(scope for scope in found if scope != "global")


def claim_season(conn: Connection, scope: str, season: str) -> bool:
    """Insert the claim: True if this call did (no other process before it, or at the same time)."""
    statement = dialect_insert(conn, season_claims).values(scope=scope, season=season, claimed_at=time.time())
    statement = statement.on_conflict_do_nothing(index_elements=["scope", "season"])
    # an INSERT's row count is kept only when asked for (SQLAlchemy 2; psycopg would say -1)
    return conn.execute(statement.execution_options(preserve_rowcount=True)).rowcount == 1


def newest_place(conn: Connection, platform: str, chat_id: str) -> ChatRef | None:
    """Where the chat's newest table was (a forum topic, a channel): where its season post goes."""
    t = _t["tables"].c
    row = conn.execute(
        select(t.platform, t.chat_id, t.thread_id)
        .where(t.platform == platform, t.chat_id == chat_id)
        .order_by(t.id.desc())
        .limit(1)
    ).first()
    return None if row is None else ChatRef(row.platform, row.chat_id, row.thread_id)
