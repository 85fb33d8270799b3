"""One person on both platforms (`/link`, `/unlink`): their Telegram and their Discord account become
one *identity*, whose ratings, achievements and stats are one. Pure: codes, their digests, and how
two accounts' records merge and part again; the store keeps the rows (bot/store/account_links.py), the
service's `Linker` (bot/linker.py) says what a person reads.

The model. A *link* maps an account (`PersonRef`) to its identity: the account that showed the
code, which maps to itself. Links come in pairs (one account per platform; an account linked
already cannot link again until `/unlink`), so an identity is one or two accounts.

What is one, and what stays per account:
- the global scope (`"global"` and each season's `"global@<season>"`): its rating rows, and their
  rating points (the /stats chart, the player page), are kept under the identity only; every game
  of either account is rated there as the identity's (bot/saver.py resolves the seats' accounts
  in the transaction that saves the game);
- achievements and tallies are the identity's;
- a chat's scope stays per account: a chat is on one platform, so only one of the two ever plays
  there, and its leaderboard shows the name that platform shows.

Merging, when the link is made (`merged_rating`, `merged_earned`, `merged_tallies`), per game and
global scope: the account with more rated games there keeps its rating (mu, sigma, trend: the
better-measured skill; a tie keeps the identity's), games, wins and practice counts are summed,
the best score is the better of the two, the best streak the longer, the current streak the
latest game's, the name the identity's; achievements are the union, each with its earliest date;
tallies are summed (the running "streak" takes the longer). Rating points are all kept: the chart shows both
accounts' games, in time order.

Unlinking (`/unlink`, either account): both accounts keep a copy of the joint global rows, rating
points, achievements and tallies as they stand, and go on from there apart. `/forget` on a linked
account unlinks it first, so the other account keeps its copy, then forgets the asking account
alone (the other account is another platform's identity: forgetting it asks there).

Codes: 8 characters of an alphabet without look-alikes (no 0/O, 1/I), shown as ABCD-EFGH, typed in
any case with or without the dash; valid 10 minutes, once, for the account that asked; kept as a
keyed digest (HMAC-SHA256 under the store's link key), so a database dump hands out no usable code.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets
from collections.abc import Collection, Iterable, Mapping
from dataclasses import dataclass, replace
from enum import StrEnum
from typing import TypeVar

from bot.achievements import Earned, Tally
from bot.people import PersonRef
from bot.ratings import GLOBAL, Rating, best_higher

ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"  # 32: no 0/O, no 1/I
LENGTH = 8  # 32**8 = 2**40 codes
VALID_SECONDS = 600.0  # a code lasts 10 minutes
CODE_SALT = b"cardbot link code"
# The key of a deployment that set none (adapters/sql/startup.py `link_key`): the same everywhere, so
# a code shown by one process is known to another; the digests then keep codes out of sight, but a
# database dump could be searched for one within its 10 minutes.
UNKEYED = hashlib.sha256(b"cardbot link key").digest()
LONGEST = ("streak",)  # tallies that are a run, not a count: the longer one stands


T = TypeVar("T")


def new_code() -> str:
    """A fresh code (secrets: a code is a credential, not a game's randomness)."""
    return "".join(secrets.choice(ALPHABET) for _ in range(LENGTH))


def shown_code(code: str) -> str:
    """A code as people read it: ABCD-EFGH."""
    return f"{code[:4]}-{code[4:]}"


def typed_code(text: str) -> str | None:
    """The code a person typed (any case, spaces and dashes ignored); None: it cannot be one."""
    code = "".join(c for c in text.upper() if c not in " -\t")
    return code if len(code) == LENGTH and all(c in ALPHABET for c in code) else None


def digest(key: bytes, code: str) -> str:
    """What the store keeps of a code: hex HMAC-SHA256 under `key` (the same in every process)."""
    return hmac.new(hashlib.sha256(CODE_SALT + key).digest(), code.encode(), hashlib.sha256).hexdigest()


def shared(scope: str) -> bool:
    """Whether a rating scope is one per identity (the global one and its seasons), not per account."""
    return scope == GLOBAL or scope.startswith(f"{GLOBAL}@")


class Linking(StrEnum):
    """What `LinkStore.redeem` did with a code."""

    LINKED = "linked"
    UNKNOWN = "unknown"  # no such code (mistyped, never shown, or its account forgotten)
    EXPIRED = "expired"
    USED = "used"  # it linked two accounts already
    SAME_ACCOUNT = "same_account"  # typed by the account that asked for it
    SAME_PLATFORM = "same_platform"  # typed on the platform it was shown on
    LINKED_HERE = "linked_here"  # the account typing it is linked already
    LINKED_THERE = "linked_there"  # the account that showed it was linked meanwhile
    FORGOTTEN = "forgotten"  # the account typing it asked to be forgotten

    @property
    def wrong(self) -> bool:
        """A wrong code (counted against the person's tries), rather than the right code in the wrong place."""
        return self in (Linking.UNKNOWN, Linking.EXPIRED, Linking.USED)


def refused(
    used: bool,
    expires_at: float,
    owner: PersonRef,
    person: PersonRef,
    now: float,
    linked: Collection[PersonRef],
    forgotten: bool,
) -> Linking | None:
    """Why a code found (shown to `owner`, `used` or not, good until `expires_at`) does not link
    `person`'s account, in the order the stores ask (`linked`: which of the two accounts are linked
    already; `forgotten`: whether `person` is); None: it links them."""
    if used:
        return Linking.USED
    if expires_at <= now:
        return Linking.EXPIRED
    if owner == person:
        return Linking.SAME_ACCOUNT
    if owner.platform == person.platform:
        return Linking.SAME_PLATFORM
    if person in linked:
        return Linking.LINKED_HERE
    if owner in linked:
        return Linking.LINKED_THERE
    if forgotten:
        return Linking.FORGOTTEN
    return None


@dataclass(frozen=True, slots=True)
class Redeemed:
    """`LinkStore.redeem`'s answer: what it did, and (LINKED) the account the code was shown to."""

    linking: Linking
    other: PersonRef | None = None


@dataclass(frozen=True, slots=True)
class Account:
    """One account of an identity, with the name its platform showed when it was linked."""

    person: PersonRef
    identity: PersonRef
    name: str
    at: float  # UNIX time linked


def merged_rating(identity: PersonRef, name: str, mine: Rating | None, theirs: Rating | None) -> Rating:
    """One game's row in one global scope of two accounts being linked, as the identity's (named
    `name`, the identity's own, where it had no row)."""
    rows = [r for r in (mine, theirs) if r is not None]
    assert rows, "nothing to merge"
    if len(rows) == 1:
        return replace(rows[0], person=identity, name=mine.name if mine else name)
    a, b = rows
    skill = b if b.games > a.games else a
    latest = b if b.updated_at > a.updated_at else a
    bests = [r.best for r in rows if r.best is not None]
    best = (max if best_higher(a.game, True) else min)(bests) if bests else None
    return replace(
        skill,
        person=identity,
        name=a.name if mine else name,  # the identity's (bot/chat_commands.py names people as each platform shows them)
        games=a.games + b.games,
        wins=a.wins + b.wins,
        practice_games=a.practice_games + b.practice_games,
        practice_wins=a.practice_wins + b.practice_wins,
        best=best,
        updated_at=latest.updated_at,
        streak=latest.streak,
        best_streak=max(a.best_streak, b.best_streak),
    )


def merged_earned(identity: PersonRef, earned: Iterable[Earned]) -> list[Earned]:
    """The union of two accounts' achievements as the identity's, each its earliest."""
    first: dict[str, Earned] = {}
    for e in sorted(earned, key=lambda e: (e.at, e.table_id)):
        first.setdefault(e.achievement, replace(e, person=identity))
    return sorted(first.values(), key=lambda e: (e.at, e.achievement))


def merged_tallies(identity: PersonRef, tallies: Iterable[Tally]) -> list[Tally]:
    """Two accounts' tallies as the identity's: counts summed, runs the longer."""
    found: dict[str, int] = {}
    for t in tallies:
        was = found.get(t.name, 0)
        found[t.name] = max(was, t.count) if t.name in LONGEST else was + t.count
    return [Tally(identity, name, count) for name, count in sorted(found.items())]


def as_seated(
    found: Mapping[PersonRef, T], seated: Iterable[PersonRef], ids: Mapping[PersonRef, PersonRef]
) -> dict[PersonRef, T]:
    """Rows the store gave by identity, by the seated accounts that asked for them (`ids`: each
    linked account's identity; an account not in it is its own)."""
    return {p: found[i] for p in seated if (i := ids.get(p, p)) in found}


def identity_of(person: PersonRef, ids: Mapping[PersonRef, PersonRef]) -> PersonRef:
    """The account's identity (`ids`: each linked account's; an account not in it is its own)."""
    return ids.get(person, person)
