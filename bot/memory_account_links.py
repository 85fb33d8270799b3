"""Linked accounts (bot/store/account_links.py `LinkStore`) over the memory store's own dicts (bot/memory_store.py,
which hands them over at each call, as `Rows`): the same rows and decisions as the SQL store's
(adapters/sql/account_links.py), chosen by walking them. One event loop: each call is whole."""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, replace

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
    shared,
)
from bot.achievements import Earned, Tally
from bot.history import RatingPoint
from bot.people import PersonRef
from bot.ratings import Rating


@dataclass(frozen=True, slots=True)
class Code:
    person: PersonRef
    name: str
    expires_at: float
    used: bool = False


@dataclass(frozen=True, slots=True)
class Rows:
    """The memory store's dicts a link rewrites (changed in place)."""

    ratings: dict[tuple[str, str, PersonRef], Rating]
    earned: dict[tuple[PersonRef, str], Earned]
    tallies: dict[tuple[PersonRef, str], int]
    points: dict[tuple[PersonRef, str, str], list[RatingPoint]]


class MemoryLinks:
    def __init__(self, key: bytes) -> None:
        self._key = key
        self.codes: dict[str, Code] = {}  # by digest
        self.links: dict[PersonRef, Account] = {}  # by account

    def __repr__(self) -> str:  # (what it holds: tests/store/test_forget.py looks for a person in it)
        return f"MemoryLinks(codes={self.codes!r}, links={self.links!r})"

    def put(self, person: PersonRef, name: str, code: str, now: float) -> None:
        self.codes = {d: c for d, c in self.codes.items() if c.person != person and c.expires_at > now}
        self.codes[digest(self._key, code)] = Code(person, name, now + VALID_SECONDS)

    def redeem(self, code: str, person: PersonRef, name: str, now: float, forgotten: bool, rows: Rows) -> Redeemed:
        key = digest(self._key, code)
        found = self.codes.get(key)
        if found is None:
            return Redeemed(Linking.UNKNOWN)
        owner = found.person
        refusal = refused(found.used, found.expires_at, owner, person, now, self.links, forgotten)
        if refusal is not None:
            return Redeemed(refusal)
        self.codes[key] = replace(found, used=True)
        self.links[owner] = Account(owner, owner, found.name, now)
        self.links[person] = Account(person, owner, name, now)
        _merge(owner, found.name, person, rows)
        return Redeemed(Linking.LINKED, owner)

    def unlink(self, person: PersonRef, rows: Rows) -> PersonRef | None:
        account = self.links.get(person)
        if account is None:
            return None
        identity = account.identity
        theirs = [a for a in self.links.values() if a.identity == identity]
        for a in theirs:
            del self.links[a.person]
            if a.person != identity:
                _copy(identity, a, rows)
        for a in theirs:  # each under its own name (the identity's rows may have carried the other's)
            own = _name_on(a.person, rows.ratings) or a.name
            for key in [k for k in rows.ratings if k[2] == a.person and shared(k[1])]:
                rows.ratings[key] = replace(rows.ratings[key], name=own)
        return next((a.person for a in theirs if a.person != person), None)

    def identities(self, persons: Collection[PersonRef]) -> dict[PersonRef, PersonRef]:
        return {p: self.links[p].identity for p in persons if p in self.links}

    def accounts(self, identity: PersonRef) -> list[Account]:
        found = [a for a in self.links.values() if a.identity == identity]
        return sorted(found, key=lambda a: a.person.platform)

    def names_on(
        self, platform: str, persons: Collection[PersonRef], ratings: Mapping[tuple[str, str, PersonRef], Rating]
    ) -> dict[PersonRef, str]:
        names: dict[PersonRef, str] = {}
        for a in self.links.values():
            if a.identity in persons and a.person.platform == platform:
                names[a.identity] = _name_on(a.person, ratings) or a.name
        return names

    def forget(self, person: PersonRef) -> None:
        """The account's codes go (its links went by `unlink` first)."""
        self.codes = {d: c for d, c in self.codes.items() if c.person != person}


def _merge(identity: PersonRef, name: str, other: PersonRef, rows: Rows) -> None:
    """The other account's global rows, points, achievements and tallies into the identity's (`name`)."""
    for game, scope, p in [k for k in rows.ratings if k[2] == other and shared(k[1])]:
        mine = rows.ratings.get((game, scope, identity))
        rows.ratings[(game, scope, identity)] = merged_rating(identity, name, mine, rows.ratings.pop((game, scope, p)))
    for p, game, scope in [k for k in rows.points if k[0] == other and shared(k[2])]:
        joined = rows.points.setdefault((identity, game, scope), []) + rows.points.pop((p, game, scope))
        rows.points[(identity, game, scope)] = sorted(joined, key=lambda point: (point.at, point.table_id))
    both = [e for (p, _a), e in rows.earned.items() if p in (identity, other)]
    for key in [k for k in rows.earned if k[0] in (identity, other)]:
        del rows.earned[key]
    rows.earned.update({(e.person, e.achievement): e for e in merged_earned(identity, both)})
    counts = [Tally(p, name, n) for (p, name), n in rows.tallies.items() if p in (identity, other)]
    for key in [k for k in rows.tallies if k[0] in (identity, other)]:
        del rows.tallies[key]
    rows.tallies.update({(t.person, t.name): t.count for t in merged_tallies(identity, counts)})


def _copy(identity: PersonRef, account: Account, rows: Rows) -> None:
    """A copy of the identity's global rows, points, achievements and tallies for the account."""
    to = account.person
    name = _name_on(to, rows.ratings) or account.name
    for (game, scope, p), r in list(rows.ratings.items()):
        if p == identity and shared(scope):
            rows.ratings[(game, scope, to)] = replace(r, person=to, name=name)
    for (p, game, scope), found in list(rows.points.items()):
        if p == identity and shared(scope):
            rows.points[(to, game, scope)] = list(found)
    for (p, achievement), e in list(rows.earned.items()):
        if p == identity:
            rows.earned[(to, achievement)] = replace(e, person=to)
    for (p, name), n in list(rows.tallies.items()):
        if p == identity:
            rows.tallies[(to, name)] = n


def _name_on(account: PersonRef, ratings: Mapping[tuple[str, str, PersonRef], Rating]) -> str | None:
    """The account's name at its latest game in its platform's chats; None: none there."""
    there = [r for (_g, s, p), r in ratings.items() if p == account and s.startswith(f"{account.platform}:")]
    return max(there, key=lambda r: r.updated_at).name if there else None
