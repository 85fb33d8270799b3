"""A forgotten person's tournaments in the database (adapters/sql/forgetting.py's part; the decisions
are bot/forgotten_entrants.py's): the tournaments that name them, rewritten without them, and
their private tournament screens' message rows. Runs in forgetting's transaction.

A tournament is kept whole as JSON (adapters/sql/tournament_rows.py), so the ones of the person's
platform are read whole and compared parsed (every entrant and creator of a chat's tournament is of
its platform); /forget is rare, and a tournament's data a few kilobytes."""

from __future__ import annotations

from sqlalchemy import Connection, delete, select

from adapters.sql import tournament_rows
from adapters.sql.chat_rows import tournament_messages
from adapters.sql.tournament_rows import tournaments
from bot import forgotten_entrants
from bot.people import PersonRef
from bot.tournament import Tournament


def naming(conn: Connection, person: PersonRef) -> list[Tournament]:
    """The tournaments that name the person (creator, entrant), by id."""
    query = select(tournaments.c.data).where(tournaments.c.platform == person.platform).order_by(tournaments.c.id)
    found = (Tournament.from_dict(data) for data in conn.scalars(query))
    return [t for t in found if forgotten_entrants.named_in(t, person)]


def playing(found: list[Tournament], person: PersonRef) -> list[Tournament]:
    """Those of `found` the person still plays in (then nothing is forgotten)."""
    return [t for t in found if forgotten_entrants.plays_in(t, person)]


def names(found: list[Tournament], person: PersonRef) -> set[str]:
    return set().union(*(forgotten_entrants.entrant_names(t, person) for t in found))


def forget(conn: Connection, found: list[Tournament], person: PersonRef) -> None:
    """`found` saved without the person (over the version read, in this transaction); their
    private screens' message rows deleted."""
    for t in found:
        loaded = t.version
        forgotten_entrants.scrub(t, person)
        tournament_rows.save(conn, t, loaded)
    on_platform = select(tournaments.c.id).where(tournaments.c.platform == person.platform)
    mine = (tournament_messages.c.audience == person.user_id, tournament_messages.c.tournament_id.in_(on_platform))
    conn.execute(delete(tournament_messages).where(*mine))
