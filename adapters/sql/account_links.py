"""Linked accounts in the database (bot/store/account_links.py `LinkStore`, bot/account_links.py): `link_codes` (a
code's keyed digest, its account, until when, whether used) and `links` (account → identity). A
link, an unlink and the merge or copy of the identity's rows are one write transaction, under the
"ratings" advisory lock on PostgreSQL (SQLite: the one writer), so no finishing game reads an
identity's rows halfway.

Each function runs on a connection the store gives it."""

from __future__ import annotations

from collections.abc import Collection, Iterable
from dataclasses import replace
from typing import Any

from sqlalchemy import Connection, and_, delete, insert, or_, select, update

from adapters.sql.community import save_earned, save_tallies
from adapters.sql.models import Base
from adapters.sql.ratings import rating_of, rating_row
from adapters.sql.rows import ADVISORY_LOCK
from bot.account_links import (
    VALID_SECONDS,
    Account,
    Linking,
    Redeemed,
    digest,
    merged_earned,
    merged_rating,
    merged_tallies,
    refused,
)
from bot.achievements import Earned, Tally
from bot.people import PersonRef
from bot.ratings import GLOBAL, Rating

_t = Base.metadata.tables
codes, links, ratings = _t["link_codes"], _t["account_links"], _t["ratings"]
rating_points, achievements, tallies = _t["rating_points"], _t["achievements"], _t["tallies"]
SHARED = or_(ratings.c.scope == GLOBAL, ratings.c.scope.startswith(f"{GLOBAL}@"))  # bot/account_links.py `shared`
SHARED_POINTS = or_(rating_points.c.scope == GLOBAL, rating_points.c.scope.startswith(f"{GLOBAL}@"))


def _is(table: Any, person: PersonRef) -> Any:
    return and_(table.c.platform == person.platform, table.c.user_id == person.user_id)


def put_code(conn: Connection, key: bytes, person: PersonRef, name: str, code: str, now: float) -> None:
    conn.execute(delete(codes).where(or_(_is(codes, person), codes.c.expires_at <= now)))
    row = {"digest": digest(key, code), "platform": person.platform, "user_id": person.user_id}
    conn.execute(insert(codes).values(**row, name=name[:128], expires_at=now + VALID_SECONDS, used=False))


def redeem(
    conn: Connection, key: bytes, code: str, person: PersonRef, name: str, now: float, forgotten: bool
) -> Redeemed:
    """LinkStore.redeem; `forgotten`: whether `person` is (read in the same transaction)."""
    if conn.dialect.name == "postgresql":
        conn.execute(ADVISORY_LOCK, {"name": "ratings"})
    found = conn.execute(select(codes).where(codes.c.digest == digest(key, code))).first()
    if found is None:
        return Redeemed(Linking.UNKNOWN)
    owner = PersonRef(found.platform, found.user_id)
    linked = identities_of(conn, [owner, person])
    refusal = refused(found.used, found.expires_at, owner, person, now, linked, forgotten)
    if refusal is not None:
        return Redeemed(refusal)
    conn.execute(update(codes).where(codes.c.digest == found.digest).values(used=True))
    for account, named in ((owner, found.name), (person, name[:128])):
        row = {"platform": account.platform, "user_id": account.user_id, "name": named, "at": now}
        conn.execute(insert(links).values(**row, identity_platform=owner.platform, identity_user_id=owner.user_id))
    _merge(conn, owner, found.name, person)
    return Redeemed(Linking.LINKED, owner)


def unlink(conn: Connection, person: PersonRef) -> PersonRef | None:
    if conn.dialect.name == "postgresql":
        conn.execute(ADVISORY_LOCK, {"name": "ratings"})
    identity = identities_of(conn, [person]).get(person)
    if identity is None:
        return None
    theirs = accounts_of(conn, identity)
    for account in theirs:
        if account.person != identity:
            _copy(conn, identity, account)
    for account in theirs:  # each under its own name (the identity's rows may have carried the other's)
        own = names_on(conn, account.person.platform, [identity]).get(identity, account.name)
        conn.execute(update(ratings).where(_is(ratings, account.person), SHARED).values(name=own))
    conn.execute(
        delete(links).where(
            links.c.identity_platform == identity.platform, links.c.identity_user_id == identity.user_id
        )
    )
    return next((a.person for a in theirs if a.person != person), None)


def forget_codes(conn: Connection, person: PersonRef) -> None:
    conn.execute(delete(codes).where(_is(codes, person)))


def identities_of(conn: Connection, persons: Collection[PersonRef]) -> dict[PersonRef, PersonRef]:
    if not persons:
        return {}
    query = select(links.c.platform, links.c.user_id, links.c.identity_platform, links.c.identity_user_id)
    rows = conn.execute(query.where(or_(*(_is(links, p) for p in persons))))
    return {PersonRef(r.platform, r.user_id): PersonRef(r.identity_platform, r.identity_user_id) for r in rows}


def accounts_of(conn: Connection, identity: PersonRef) -> list[Account]:
    query = select(links).where(
        links.c.identity_platform == identity.platform, links.c.identity_user_id == identity.user_id
    )
    return sorted(
        (Account(PersonRef(r.platform, r.user_id), identity, r.name, r.at) for r in conn.execute(query)),
        key=lambda a: a.person.platform,
    )


def names_on(conn: Connection, platform: str, persons: Collection[PersonRef]) -> dict[PersonRef, str]:
    """LinkStore.names_on: two reads (the links, then those accounts' rows in their platform's chats)."""
    if not persons:
        return {}
    who = or_(*(and_(links.c.identity_platform == p.platform, links.c.identity_user_id == p.user_id) for p in persons))
    found = conn.execute(select(links).where(links.c.platform == platform, who)).all()
    if not found:
        return {}
    names = {PersonRef(r.platform, r.user_id): r.name for r in found}
    latest: dict[PersonRef, tuple[float, str]] = {}  # account -> its latest row's (updated_at, name)
    query = select(ratings.c.platform, ratings.c.user_id, ratings.c.name, ratings.c.updated_at).where(
        or_(*(_is(ratings, a) for a in names)), ratings.c.scope.startswith(f"{platform}:")
    )
    for r in conn.execute(query):
        account = PersonRef(r.platform, r.user_id)
        if account not in latest or r.updated_at > latest[account][0]:
            latest[account] = (r.updated_at, r.name)
    named = {}
    for r in found:
        account = PersonRef(r.platform, r.user_id)
        named[PersonRef(r.identity_platform, r.identity_user_id)] = latest.get(account, (0.0, names[account]))[1]
    return named


def _shared_rows(conn: Connection, person: PersonRef) -> list[Rating]:
    return [rating_of(r) for r in conn.execute(select(ratings).where(_is(ratings, person), SHARED))]


def _earned(conn: Connection, persons: Iterable[PersonRef]) -> list[Earned]:
    query = select(achievements).where(or_(*(_is(achievements, p) for p in persons)))
    return [
        Earned(PersonRef(r.platform, r.user_id), r.achievement, r.table_id, r.chat, r.at) for r in conn.execute(query)
    ]


def _tallies(conn: Connection, persons: Iterable[PersonRef]) -> list[Tally]:
    query = select(tallies).where(or_(*(_is(tallies, p) for p in persons)))
    rows = conn.execute(query).mappings()  # (a row's `count` is a method)
    return [Tally(PersonRef(r["platform"], r["user_id"]), r["name"], r["count"]) for r in rows]


def _write_ratings(conn: Connection, rows: Iterable[Rating]) -> None:
    for r in rows:
        key = and_(ratings.c.game == r.game, ratings.c.scope == r.scope, _is(ratings, r.person))
        conn.execute(delete(ratings).where(key))
        conn.execute(insert(ratings).values(**rating_row(r)))


def _merge(conn: Connection, identity: PersonRef, name: str, other: PersonRef) -> None:
    """The other account's global rows, points, achievements and tallies into the identity's (`name`)."""
    mine = {(r.game, r.scope): r for r in _shared_rows(conn, identity)}
    theirs = _shared_rows(conn, other)
    conn.execute(delete(ratings).where(_is(ratings, other), SHARED))
    _write_ratings(conn, [merged_rating(identity, name, mine.get((r.game, r.scope)), r) for r in theirs])
    points = update(rating_points).where(_is(rating_points, other), SHARED_POINTS)
    conn.execute(points.values(platform=identity.platform, user_id=identity.user_id))
    earned = merged_earned(identity, _earned(conn, (identity, other)))
    counted = merged_tallies(identity, _tallies(conn, (identity, other)))
    for table in (achievements, tallies):
        conn.execute(delete(table).where(or_(_is(table, identity), _is(table, other))))
    save_earned(conn, earned)
    save_tallies(conn, counted)


def _copy(conn: Connection, identity: PersonRef, account: Account) -> None:
    """A copy of the identity's global rows, points, achievements and tallies for the account."""
    to = account.person
    name = names_on(conn, to.platform, [identity]).get(identity, account.name)
    _write_ratings(conn, [replace(r, person=to, name=name) for r in _shared_rows(conn, identity)])
    columns = [c for c in rating_points.c if c.name not in ("platform", "user_id")]
    rows = conn.execute(select(*columns).where(_is(rating_points, identity), SHARED_POINTS)).mappings().all()
    conn.execute(delete(rating_points).where(_is(rating_points, to), SHARED_POINTS))
    if rows:
        conn.execute(insert(rating_points), [{**r, "platform": to.platform, "user_id": to.user_id} for r in rows])
    save_earned(conn, [replace(e, person=to) for e in _earned(conn, [identity])])
    save_tallies(conn, [replace(t, person=to) for t in _tallies(conn, [identity])])
