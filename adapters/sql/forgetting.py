"""A person forgotten in the database (`/forget`, bot/forgotten.py), in one write transaction: every
row that names them by identity or by name, table by table. A table added to the schema that holds
a person's id or name is added here too: tests/store/test_forget.py reads every column of every
table after a forget and fails on any trace left.

Which tables hold a person, and how each is cleaned:
- tables: creator, seats (also a seat they left during the game: `Seat.left`), invites, removed
  (`kicked`), a notice's name (JSON): bot/forgotten.py `scrub`;
- results: name, platform, user_id → "", NULL, NULL, forgotten;
- ratings, rating points (the history their page charted), achievements, tallies, people (language,
  look), notify, quick_match (their queue entry): their rows deleted;
- messages (the platforms' records): the rows of their private screens (audience = their user id)
  deleted; a turn alert's note naming them (alert_note: "<message> <seat> <platform> <user>
  <since>") cut to its message id;
- tournaments: their entrants (also one a computer replaced) forgotten, a tournament they created
  naming nobody (bot/forgotten_entrants.py); tournament_messages: their private screens' rows
  deleted (adapters/sql/forgetting_tournaments.py);
- links (/link): unlinked first (adapters/sql/account_links.py `unlink`: the other account keeps its copy
  of the joint record), their link codes deleted;
- forgotten: their mark, kept.
"""

from __future__ import annotations

import time
from typing import Any

from sqlalchemy import Connection, and_, delete, exists, select, update

from adapters.sql import account_links, forgetting_tournaments
from adapters.sql.community import notify
from adapters.sql.models import Base
from adapters.sql.rows import load_many, messages, people, ratings, results, table_row, tables
from bot.forgotten import Forgetting, Forgot, expects, names_at, scrub
from bot.people import PersonRef

_t = Base.metadata.tables
rating_points = _t["rating_points"]
achievements, tallies, forgotten = _t["achievements"], _t["tallies"], _t["forgotten"]
quick_match = _t["quick_match"]  # a person's quick-match row (issue #38)
JSON_PEOPLE = (tables.c.seats, tables.c.invites, tables.c.kicked)  # the table row's JSON that names people
TABLE_FIELDS = ("creator_platform", "creator_user_id", "seats", "invites", "kicked", "notice", "version")


def is_forgotten(conn: Connection, person: PersonRef, mark: str) -> bool:
    """Marked, and no finished game of theirs since (a result row names them only if it came after)."""
    if conn.scalar(select(forgotten.c.mark).where(forgotten.c.mark == mark)) is None:
        return False
    played = exists().where(results.c.platform == person.platform, results.c.user_id == person.user_id)
    return not conn.scalar(select(played))


def forget(conn: Connection, person: PersonRef, mark: str) -> tuple[Forgetting, list[int]]:
    """Forget the person (PeopleStore.forget); also the tables rewritten (a process's copy of each
    is stale)."""
    theirs = load_many(conn, select(tables.c.id).where(tables.c.id.in_(_tables_naming(conn, person))))
    seated = [t for t in theirs if expects(t, person)]
    cups = forgetting_tournaments.naming(conn, person)
    entered = forgetting_tournaments.playing(cups, person)
    if seated or entered:
        return Forgetting.seated(seated, entered), []
    again = is_forgotten(conn, person, mark)
    account_links.unlink(conn, person)  # (before their rows go: the other account keeps a copy)
    account_links.forget_codes(conn, person)
    names = _names(conn, person) | forgetting_tournaments.names(cups, person)
    for table in theirs:
        names |= names_at(table, person)
    for table in theirs:
        for seat in scrub(table, person, names):  # (a seat they left has a result without them: by its seat)
            at = and_(results.c.table_id == table.id, results.c.seat == seat)
            conn.execute(update(results).where(at).values(name="", platform=None, user_id=None, forgotten=True))
        row = table_row({k: v for k, v in table.to_dict().items() if k != "deadlines"})
        conn.execute(update(tables).where(tables.c.id == table.id).values({k: row[k] for k in TABLE_FIELDS}))
    who = and_(results.c.platform == person.platform, results.c.user_id == person.user_id)
    conn.execute(update(results).where(who).values(name="", platform=None, user_id=None, forgotten=True))
    for rows in (ratings, rating_points, achievements, tallies, people, quick_match):
        conn.execute(delete(rows).where(rows.c.platform == person.platform, rows.c.user_id == person.user_id))
    conn.execute(delete(notify).where(notify.c.person_platform == person.platform, notify.c.user_id == person.user_id))
    _platform_records(conn, person)
    forgetting_tournaments.forget(conn, cups, person)
    if conn.execute(update(forgotten).where(forgotten.c.mark == mark).values(at=time.time())).rowcount == 0:
        conn.execute(forgotten.insert().values(mark=mark, at=time.time()))
    return Forgetting(Forgot.AGAIN if again else Forgot.DONE), [t.id for t in theirs]


def _tables_naming(conn: Connection, person: PersonRef) -> list[int]:
    """The tables whose row names the person (read lightly: no game state); the JSON is compared
    parsed, not as text, which the two databases write differently."""
    found = []
    query = select(tables.c.id, tables.c.creator_platform, tables.c.creator_user_id, *JSON_PEOPLE)
    for r in conn.execute(query):
        if (r.creator_platform, r.creator_user_id) == (person.platform, person.user_id) or any(
            _is(p, person) for p in _people_in(r)
        ):
            found.append(r.id)
    return found


def _people_in(row: Any) -> list[Any]:
    return (
        [s.get(key) for s in row.seats or () for key in ("person", "left")]
        + [i.get("person") for i in row.invites or ()]
        + list(row.kicked or ())
    )


def _is(stored: Any, person: PersonRef) -> bool:
    return isinstance(stored, dict) and (stored.get("platform"), stored.get("user_id")) == (
        person.platform,
        person.user_id,
    )


def _names(conn: Connection, person: PersonRef) -> set[str]:
    """Every name the rows beside the tables keep for the person."""
    names: set[str] = set()
    for table in (ratings, results):
        names |= set(
            conn.scalars(
                select(table.c.name).where(table.c.platform == person.platform, table.c.user_id == person.user_id)
            )
        )
    listed = select(notify.c.name).where(
        notify.c.person_platform == person.platform, notify.c.user_id == person.user_id
    )
    return names | set(conn.scalars(listed))


def _platform_records(conn: Connection, person: PersonRef) -> None:
    """Their private screens' message rows, and their id in a turn alert's note (tables of their platform)."""
    on_platform = select(tables.c.id).where(tables.c.platform == person.platform)
    conn.execute(delete(messages).where(messages.c.audience == person.user_id, messages.c.table_id.in_(on_platform)))
    named = f" {person.platform} {person.user_id} "
    query = select(messages.c.table_id, messages.c.audience, messages.c.slot, messages.c.message_id).where(
        messages.c.message_id.contains(named, autoescape=True), messages.c.table_id.in_(on_platform)
    )
    for r in conn.execute(query).all():
        key = and_(messages.c.table_id == r.table_id, messages.c.audience == r.audience, messages.c.slot == r.slot)
        conn.execute(update(messages).where(key).values(message_id=r.message_id.split()[0]))
