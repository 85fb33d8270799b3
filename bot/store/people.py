"""What the store keeps of people: their own language and look, and their results, ratings and
achievements (written with the table whose game finished: bot/store/tables.py `save`).

Ratings are rows keyed by (game, scope, person): scope is a chat's (`"<platform>:<chat_id>"`) or
`"global"` (bot/ratings.py), with `@<season>` for a season's (bot/seasons.py).
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Protocol

from bot.achievements import Earned
from bot.forgotten import Forgetting
from bot.people import PersonRef
from bot.ratings import Rating, Standing


class PeopleStore(Protocol):
    async def person_lang(self, person: PersonRef) -> str | None: ...

    async def set_person_lang(self, person: PersonRef, lang: str) -> None: ...

    async def person_look(self, person: PersonRef) -> str | None:
        """The look a person chose for their own panels (bot/ui/screen.py LOOKS); None: they
        chose none, and their panels look as each chat's board does."""
        ...

    async def set_person_look(self, person: PersonRef, look: str) -> None: ...

    async def results(self, table_id: int) -> list[Standing]:
        """The results saved with a finished table, by seat; [] for a table without any."""
        ...

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        """The stored rows of these people for this game in this scope, by person; a person
        without a row (never played it there) is left out. An empty `persons` gives {}."""
        ...

    async def leaderboard(self, game: str, scope: str, limit: int) -> list[Rating]:
        """The best `limit` rows of this game in this scope among those with at least one rated
        game (`games >= 1`; practice alone does not place anyone). Best first: by ordinal
        (`mu - 3 * sigma`) descending, then `games` descending, then `name`, then the person's
        (platform, user_id) ascending, so the order is total and stable."""
        ...

    async def person_stats(self, person: PersonRef, scope: str) -> list[Rating]:
        """Every row of this person in this scope, one per game they have played there (rated or
        practice), ordered by game id; [] if none."""
        ...

    async def achievements_of(self, person: PersonRef) -> list[Earned]:
        """Every achievement this person earned, oldest first."""
        ...

    async def forget(self, person: PersonRef) -> Forgetting:
        """Forget this person, all or nothing, in one transaction: unless they sit at (or are
        invited to) an open table not set aside, or still play in an open tournament (then SEATED
        with those tables and tournaments, and nothing changes), every trace of their identity and
        name goes. Their entrants in tournaments become `forgotten` (place and points kept; a
        tournament they created names nobody; bot/forgotten_entrants.py). Their seats at the other tables
        become `forgotten` seats (no person, no name; the table's version + 1, so a copy loaded
        before is stale), and so do their results; a table they opened names nobody as its
        creator (user id ""); they leave its invites and removed lists, and a notice naming them
        names nobody. Their ratings, achievements, tallies, language, look and notify entries are
        deleted, as are the platforms' records of their private messages (SQL: the `messages` rows
        of their panels; their id in a turn alert's note). A linked account (bot/account_links.py) is unlinked
        first (the other account keeps its copy of the joint record) and its link codes go. Their
        mark (bot/forgotten.py) is kept.
        DONE, or AGAIN when they were `forgotten` already (whatever was kept of them since is
        gone too)."""
        ...

    async def forgotten(self, person: PersonRef) -> bool:
        """Whether this person asked to be forgotten and has finished no game since (then they
        are a new person)."""
        ...
