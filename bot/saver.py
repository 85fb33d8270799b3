"""Saving a changed table; a game that has just finished takes its results, its people's new
ratings (lifetime and season: bot/ratings.py, bot/seasons.py), achievements and tallies
(bot/achievements.py) and its recap's key moments (bot/recap.py) into the same save.

Ratings are read, computed and written under the "ratings" lock, in this process (an asyncio lock)
and in any other sharing the database (`Transaction.lock`), so two games that end at once never
compute from the same old rows.

A linked account (bot/account_links.py) is rated in the global scopes, and earns and counts, as its
identity: the seats' identities are read once per finished game, in the same transaction, and
rows come back by seat and go out by identity."""

from __future__ import annotations

import asyncio
from dataclasses import replace

from bot import achievements, ratings, recap, running, seasons
from bot.account_links import as_seated, identity_of, shared
from bot.outcome import Outcome, changes
from bot.settings import ServiceConfig
from bot.store.tables import Transaction
from bot.tables import LoggedMove, Status, Table


class Saver:
    def __init__(self, config: ServiceConfig) -> None:
        self._config = config
        self._ratings_lock = asyncio.Lock()  # one game's ratings read, computed and saved at a time

    @property
    def rating_writes(self) -> asyncio.Lock:
        """The lock under which ratings are read and written in this process (/link takes it too)."""
        return self._ratings_lock

    async def save(self, tx: Transaction, table: Table, before: int, was: Status) -> None:
        """Save `table`, loaded at version `before` with status `was`."""
        if table.status is not Status.FINISHED or was is Status.FINISHED:
            await tx.save(table, before)
            return
        log = [*await tx.moves(table.id), *table.unsaved]  # (the table's own: read before the lock)
        table.moments = recap.key_moments(table, log)
        async with self._ratings_lock:  # no other game's ratings change between reading and saving
            await tx.lock("ratings")  # ... in any process
            outcome = await self._outcome(tx, table, log)
            table.changes = changes(outcome)
            await tx.save(table, before, outcome)

    async def _outcome(self, tx: Transaction, table: Table, log: list[LoggedMove]) -> Outcome:
        """Results, ratings (lifetime and season) and achievements of a game that has just
        finished (`log`: its whole move log), from what the store holds under the "ratings" lock."""
        season = seasons.season_of(table.updated_at, self._config.season_months)
        result = ratings.result_of(table, running.game_of(table), season)
        persons = [s.person for s in result.people if s.person is not None]
        ids = await tx.identities(persons) if persons else {}  # (linked accounts only)
        own = {identity_of(p, ids) for p in persons}  # the seats as the global scopes and achievements know them
        current: list[ratings.Rating] = []
        if persons:
            for scope in ratings.scopes(table.chat, season):
                if ids and shared(scope):
                    found = as_seated(await tx.ratings(table.game, scope, own), persons, ids)
                    current += (replace(r, person=p) for p, r in found.items())
                else:
                    current += (await tx.ratings(table.game, scope, persons)).values()
        had = as_seated(await tx.achievements(own), persons, ids) if persons else {}
        tallies = as_seated(await tx.tallies(own), persons, ids) if persons else {}
        earned, counted = achievements.award(table, result, log, had, tallies)
        table.earned = achievements.awards(table, earned)
        rated = ratings.rate(result, current)
        if ids:  # back to the identities, under the identity's name (the one its own platform shows)
            named = {
                (r.scope, r.person): r.name
                for r in current
                if shared(r.scope) and identity_of(r.person, ids) != r.person
            }
            rated = [
                replace(r, person=identity_of(r.person, ids), name=named.get((r.scope, r.person), r.name))
                if shared(r.scope)
                else r
                for r in rated
            ]
            earned = [replace(e, person=identity_of(e.person, ids)) for e in earned]
            counted = [replace(c, person=identity_of(c.person, ids)) for c in counted]
        return Outcome(result, tuple(rated), tuple(earned), tuple(counted))
