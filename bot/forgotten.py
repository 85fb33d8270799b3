"""Forgotten people (`/forget`): what the store keeps of someone who asked to be forgotten, which is
nothing that names them. Their seats at finished tables stay (the games are the others' too) as
`person` None, `forgotten` True and no name; their results likewise; a table they opened has
a creator of user id "" (`NOBODY`); their ratings, achievements,
tallies, language, look and notify entries are gone. The readers write "a former player" in their
own language (bot/ui/words.py `FORMER`). Tournaments likewise: bot/forgotten_entrants.py.

What stays is a *mark*: a keyed hash (HMAC-SHA256 under the store's key, never the bare id, which a
plain hash of a small number space would give back) of their platform identity, so that a second
`/forget` is answered "already forgotten" and a page link naming them answers 410. The mark goes
when a game of theirs finishes again: they play on as a new person."""

from __future__ import annotations

import hashlib
import hmac
from collections.abc import Collection
from dataclasses import dataclass, replace
from enum import StrEnum

from bot.people import PersonRef
from bot.tables import Seat, Table
from bot.tournament import Tournament

MARK_SALT = b"cardbot forgotten person"
NOBODY = ""  # the user id of a forgotten person who opened a table (its creator names nobody)


def mark(key: bytes, person: PersonRef) -> str:
    """The forgotten person's mark: hex HMAC-SHA256 of their platform identity under `key`."""
    identity = f"{person.platform}:{person.user_id}".encode()
    return hmac.new(hashlib.sha256(MARK_SALT + key).digest(), identity, hashlib.sha256).hexdigest()


class Forgot(StrEnum):
    """What `PeopleStore.forget` did."""

    DONE = "done"  # forgotten now
    AGAIN = "again"  # marked already: whatever was kept of them since is gone too
    SEATED = "seated"  # at an open table: nothing changed


@dataclass(frozen=True, slots=True)
class Forgetting:
    """`PeopleStore.forget`'s answer: what it did, and (SEATED) the open tables that hold them and
    their games, and the open tournaments they play in (bot/forgotten_entrants.py) as (name, game)."""

    forgot: Forgot
    tables: tuple[int, ...] = ()
    games: tuple[str, ...] = ()
    tournaments: tuple[tuple[str, str], ...] = ()

    @staticmethod
    def seated(tables: Collection[Table], tournaments: Collection[Tournament] = ()) -> Forgetting:
        ordered = sorted(tables, key=lambda t: t.id)
        cups = tuple((t.name, t.game) for t in sorted(tournaments, key=lambda t: t.id))
        return Forgetting(Forgot.SEATED, tuple(t.id for t in ordered), tuple(t.game for t in ordered), cups)


def holds(table: Table, person: PersonRef) -> bool:
    """Whether the table names this person anywhere: its creator, a seat, an invite, the removed."""
    return (
        table.creator == person
        or any(person in (s.person, s.left) for s in table.seats)
        or any(i.person == person for i in table.invites)
        or person in table.kicked
    )


def expects(table: Table, person: PersonRef) -> bool:
    """Whether the person takes part in this open table (seated, or invited to its challenge): they
    leave it or finish it before they can be forgotten."""
    return (
        table.status.open
        and table.stopped is None
        and (table.seat_of(person) is not None or any(i.person == person for i in table.invites))
    )


def names_at(table: Table, person: PersonRef) -> set[str]:
    """The names the table shows for this person."""
    seated = {s.name for s in table.seats if person in (s.person, s.left)}
    return seated | {i.name for i in table.invites if i.person == person}


def scrub(table: Table, person: PersonRef, names: Collection[str]) -> list[int]:
    """The table without this person: their seats forgotten (also one they left during the game:
    the seat stays, for the others' game), out of its invites and removed list, nobody as its
    creator, a notice naming them (by any of `names`) naming nobody; a new version, so a copy
    loaded before is stale. The seats forgotten (their results too)."""
    theirs = [i for i, s in enumerate(table.seats) if person in (s.person, s.left)]
    for i in theirs:
        table.seats[i] = Seat("", None, table.seats[i].level, missed=table.seats[i].missed, forgotten=True)
    table.invites = [i for i in table.invites if i.person != person]
    table.kicked = [p for p in table.kicked if p != person]
    if table.creator == person:
        table.creator = PersonRef(person.platform, NOBODY)
    if table.notice is not None and table.notice.name in names:
        table.notice = replace(table.notice, name="")
    table.version += 1
    return theirs
