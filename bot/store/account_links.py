"""What the store keeps of linked accounts (`/link`, bot/account_links.py): the codes shown, as keyed digests
(the store's link key), and the links, account → identity. Linking and unlinking rewrite the
identity's global rows, achievements and tallies in the same transaction as the link (under the
"ratings" lock, so no finishing game reads or writes them meanwhile)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from bot.account_links import Account, Redeemed
from bot.people import PersonRef


class LinkStore(Protocol):
    async def put_link_code(self, person: PersonRef, name: str, code: str, now: float) -> None:
        """Keep `code` (its digest) for this account, named `name`, for `VALID_SECONDS` from `now`
        (bot/account_links.py), in place of any earlier code of theirs; codes expired by `now` are dropped
        on the way."""
        ...

    async def redeem(self, code: str, person: PersonRef, name: str, now: float) -> Redeemed:
        """Link `person` (named `name`) to the account the code was shown to, if the code is known,
        unused, not expired at `now`, shown on another platform, and neither account is linked and
        `person` is not forgotten (else the reason, and nothing changes): in one transaction the
        code is marked used, both links written (the code's account is the identity) and the two
        accounts' global rows, rating points, achievements and tallies merged into the identity's
        (bot/account_links.py)."""
        ...

    async def unlink(self, person: PersonRef) -> PersonRef | None:
        """Part this account from its identity (bot/account_links.py: both accounts keep a copy of the joint
        global rows, rating points, achievements and tallies); the other account, or None if it
        was not linked (nothing changes)."""
        ...

    async def identities(self, persons: Collection[PersonRef]) -> dict[PersonRef, PersonRef]:
        """The identity of each of these accounts that is linked (left out: not linked, its own)."""
        ...

    async def accounts(self, identity: PersonRef) -> list[Account]:
        """The accounts linked to this identity (none: not an identity), by platform."""
        ...

    async def names_on(self, platform: str, persons: Collection[PersonRef]) -> dict[PersonRef, str]:
        """For each of these identities linked to an account on `platform`: the name that platform
        shows, i.e. that account's name at its latest game there (its rating rows in that
        platform's chats), else its name when it was linked. Left out: no such account."""
        ...
