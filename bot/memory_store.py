"""The in-memory store used by tests and the console: the Store port (bot/store/) kept as the JSON a
database would keep, in one process."""

from __future__ import annotations

import copy
import json
import secrets
from collections.abc import AsyncIterator, Collection, Iterable, Sequence
from contextlib import asynccontextmanager
from dataclasses import replace

from bot import forgotten_entrants
from bot.account_links import UNKEYED, Account, Redeemed
from bot.achievements import Earned
from bot.deadlines import Deadline
from bot.forgotten import Forgetting, Forgot, expects, holds, mark, names_at, scrub
from bot.history import ChatHistory, PlayerHistory, RatingPoint
from bot.memory_account_links import MemoryLinks, Rows
from bot.memory_history import MemoryHistory, Points
from bot.memory_queue import MemoryQueue
from bot.outcome import Outcome, points
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating, Result, Standing
from bot.settings import ChatSettings
from bot.store.errors import StaleTable, StaleTournament
from bot.store.queue import Queued
from bot.tables import LoggedMove, Table
from bot.tournament import Tournament


class MemoryStore:
    """Keeps each table as the JSON a database would, so that nothing the service changes is
    stored until it saves, and every table survives serialisation. One process, one event loop:
    a transaction is the store itself (each save is whole)."""

    firing_lanes = 1

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[MemoryStore]:
        yield self

    def __init__(self, forget_key: bytes | None = None, link_key: bytes | None = None) -> None:
        """`forget_key`: the key of forgotten people's marks (bot/forgotten.py); None: one of its own.
        `link_key`: the key of link codes' digests (bot/account_links.py); None: `UNKEYED`."""
        self._forget_key = forget_key or secrets.token_bytes(32)
        self._links = MemoryLinks(link_key or UNKEYED)
        self._marks: set[str] = set()
        self._rows: dict[int, str] = {}
        self._tables: dict[int, Table] = {}  # the same, parsed, for queries
        self._logs: dict[int, list[LoggedMove]] = {}
        self._next = 1
        self._chats: dict[tuple[str, str], ChatSettings] = {}
        self._langs: dict[PersonRef, str] = {}
        self._looks: dict[PersonRef, str] = {}
        self._deliveries: dict[int, set[str]] = {}  # table -> the platform updates that changed it (open tables)
        self._results: dict[int, list[Standing]] = {}
        self._ratings: dict[tuple[str, str, PersonRef], Rating] = {}  # (game, scope, person); rows are frozen
        self._earned: dict[tuple[PersonRef, str], Earned] = {}
        self._tallies: dict[tuple[PersonRef, str], int] = {}
        self._notify: dict[tuple[str, str], dict[PersonRef, str]] = {}  # chat -> person -> name (in order)
        self._seasons_claimed: set[tuple[str, str]] = set()
        self._games: dict[int, Result] = {}  # finished games, by table id
        self._points: Points = {}  # rating history (bot/outcome.py `points`)
        self.quick = MemoryQueue()  # quick match's queue (issue #38)
        self._tournaments: dict[int, str] = {}  # tournaments as their JSON (bot/store/tournaments.py)
        self._next_tournament = 1
        self.history = MemoryHistory(
            self._games,
            self._tables,
            self._ratings,
            self._points,
            self.achievements_of,
            links=self._links,
            tournaments=self._tournaments,
        )

    # ----- tournaments (bot/store/tournaments.py) -----------------------------------------------

    async def new_tournament_id(self) -> int:
        self._next_tournament += 1
        return self._next_tournament - 1

    async def load_tournament(self, tournament_id: int) -> Tournament | None:
        row = self._tournaments.get(tournament_id)
        return None if row is None else Tournament.from_dict(json.loads(row))

    async def save_tournament(self, tournament: Tournament, expected_version: int) -> None:
        current = await self.load_tournament(tournament.id)
        if (current.version if current else -1) != expected_version:
            raise StaleTournament(f"tournament {tournament.id} is at version {current.version if current else None}")
        self._tournaments[tournament.id] = json.dumps(tournament.to_dict())

    async def open_tournaments(self, chat: ChatRef | None = None, platform: str | None = None) -> list[Tournament]:
        found = [Tournament.from_dict(json.loads(row)) for _, row in sorted(self._tournaments.items())]
        return [
            t
            for t in found
            if t.stage.open
            and (chat is None or (t.chat.platform, t.chat.chat_id) == (chat.platform, chat.chat_id))
            and (platform is None or t.chat.platform == platform)
        ]

    async def tournaments_due(self, now: float, platform: str | None = None) -> list[int]:
        due = [(t.due, t.id) for t in await self.open_tournaments(platform=platform) if t.due is not None]
        return [i for at, i in sorted(due) if at <= now]

    async def next_tournament_due(self, platform: str | None = None) -> float | None:
        return min((t.due for t in await self.open_tournaments(platform=platform) if t.due is not None), default=None)

    # ----- tables -------------------------------------------------------------------------------

    async def new_table_id(self) -> int:
        self._next += 1
        return self._next - 1

    async def load(self, table_id: int) -> Table | None:
        row = self._rows.get(table_id)
        return None if row is None else Table.from_dict(json.loads(row))

    async def save(self, table: Table, expected_version: int, outcome: Outcome | None = None) -> None:
        current = self._tables.get(table.id)
        if (current.version if current else -1) != expected_version:
            raise StaleTable(f"table {table.id} is at version {current.version if current else None}")
        row = json.dumps(table.to_dict())
        self._rows[table.id] = row
        self._tables[table.id] = Table.from_dict(json.loads(row))
        self._logs.setdefault(table.id, []).extend(table.unsaved)
        table.unsaved = []
        if not table.status.open:
            self._deliveries.pop(table.id, None)
        if outcome is not None:
            self._results[table.id] = list(outcome.result.standings)
            self._games[table.id] = outcome.result
            at = outcome.result.finished_at
            for r in points(outcome):
                self._points.setdefault((r.person, r.game, r.scope), []).append(RatingPoint(at, table.id, r.shown))
            self._ratings.update({(r.game, r.scope, r.person): r for r in outcome.ratings})
            for e in outcome.earned:
                self._earned.setdefault((e.person, e.achievement), e)
            self._tallies.update({(t.person, t.name): t.count for t in outcome.tallies})

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return [await self._copy(t) for t in self._of(None) if t.chat == chat and t.status.open]

    async def all_open(self, platform: str | None = None) -> list[Table]:
        return [await self._copy(t) for t in self._of(platform) if t.status.open]

    async def claim(self, table_id: int) -> Table | None:
        return await self.load(table_id)

    async def recently_closed(self, window: float, platform: str | None = None) -> list[Table]:
        newest = max((t.updated_at for t in self._of(platform)), default=0.0)
        closed = (t for t in self._of(platform) if not t.status.open and t.updated_at >= newest - window)
        return [await self._copy(t) for t in sorted(closed, key=lambda t: t.id)]

    def _of(self, platform: str | None) -> list[Table]:
        """The tables in play (not set aside), of `platform`'s chats if given."""
        return [
            t for t in self._tables.values() if t.stopped is None and (platform is None or t.chat.platform == platform)
        ]

    async def _copy(self, table: Table) -> Table:
        loaded = await self.load(table.id)
        assert loaded is not None
        return loaded

    async def moves(self, table_id: int) -> list[LoggedMove]:
        return list(self._logs.get(table_id, []))

    async def due(self, now: float) -> list[Deadline]:
        found = [d for t in self._tables.values() for d in t.deadlines if d.due <= now]
        return sorted(found, key=lambda d: (d.due, d.table_id, d.kind))

    async def due_batch(
        self, now: float, limit: int, platform: str | None = None, skip: Collection[int] = ()
    ) -> list[Deadline]:
        tables = [t for t in self._of(platform) if t.id not in skip]
        found = [d for t in tables for d in t.deadlines if d.due <= now and not d.stale(t.version)]
        return sorted(found, key=lambda d: (d.due, d.table_id, d.kind))[:limit]

    async def set_aside(self, table_id: int, reason: str) -> Table | None:
        table = self._tables.get(table_id)
        if table is None:
            return None
        table.stopped, table.version = reason, table.version + 1
        data = json.loads(self._rows[table_id])  # the row only: its game may be what fails
        data.update(stopped=reason, version=table.version)
        self._rows[table_id] = json.dumps(data)
        return Table.from_dict(data)

    async def retry(self, table_id: int) -> bool:
        table = self._tables.get(table_id)
        if table is None or table.stopped is None:
            return False
        table.stopped = None
        data = json.loads(self._rows[table_id])
        data["stopped"] = None
        self._rows[table_id] = json.dumps(data)
        return True

    async def stopped(self) -> list[tuple[int, str, str, str]]:
        return [
            (t.id, f"{t.chat.platform}:{t.chat.chat_id}", t.game, t.stopped)
            for t in sorted(self._tables.values(), key=lambda t: t.id)
            if t.stopped is not None
        ]

    async def lock(self, name: str) -> None:
        """One process: the service's own locks are enough."""

    async def delivered(self, table_id: int, delivery: str) -> bool:
        return delivery in self._deliveries.get(table_id, ())

    async def note_delivery(self, table_id: int, delivery: str) -> None:
        self._deliveries.setdefault(table_id, set()).add(delivery)

    async def next_due(self, platform: str | None = None) -> float | None:
        return min((d.due for t in self._of(platform) for d in t.deadlines), default=None)

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        return copy.deepcopy(self._chats.get((chat.platform, chat.chat_id), ChatSettings()))

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None:
        self._chats[(chat.platform, chat.chat_id)] = copy.deepcopy(settings)

    async def person_lang(self, person: PersonRef) -> str | None:
        return self._langs.get(person)

    async def set_person_lang(self, person: PersonRef, lang: str) -> None:
        self._langs[person] = lang

    async def person_look(self, person: PersonRef) -> str | None:
        return self._looks.get(person)

    async def set_person_look(self, person: PersonRef, look: str) -> None:
        self._looks[person] = look

    async def results(self, table_id: int) -> list[Standing]:
        return list(self._results.get(table_id, []))

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        found = ((p, self._ratings.get((game, scope, p))) for p in persons)
        return {p: r for p, r in found if r is not None}

    async def leaderboard(self, game: str, scope: str, limit: int) -> list[Rating]:
        rows = [r for (g, s, _p), r in self._ratings.items() if (g, s) == (game, scope) and r.games >= 1]
        rows.sort(key=lambda r: (-r.ordinal, -r.games, r.name, r.person.platform, r.person.user_id))
        return rows[: max(0, limit)]

    async def person_stats(self, person: PersonRef, scope: str) -> list[Rating]:
        rows = [r for (_g, s, p), r in self._ratings.items() if (s, p) == (scope, person)]
        return sorted(rows, key=lambda r: r.game)

    async def achievements(self, persons: Collection[PersonRef]) -> dict[PersonRef, set[str]]:
        found: dict[PersonRef, set[str]] = {}
        for person, name in self._earned:
            if person in persons:
                found.setdefault(person, set()).add(name)
        return found

    async def tallies(self, persons: Collection[PersonRef]) -> dict[PersonRef, dict[str, int]]:
        found: dict[PersonRef, dict[str, int]] = {}
        for (person, name), count in self._tallies.items():
            if person in persons:
                found.setdefault(person, {})[name] = count
        return found

    async def achievements_of(self, person: PersonRef) -> list[Earned]:
        return sorted((e for (p, _), e in self._earned.items() if p == person), key=lambda e: (e.at, e.achievement))

    async def notify_list(self, chat: ChatRef) -> list[tuple[PersonRef, str]]:
        return list(self._notify.get((chat.platform, chat.chat_id), {}).items())

    async def set_notify(self, chat: ChatRef, person: PersonRef, name: str, on: bool) -> None:
        people = self._notify.setdefault((chat.platform, chat.chat_id), {})
        if on:
            people[person] = name
        else:
            people.pop(person, None)

    async def season_scopes(self, season: str) -> list[str]:
        end = f"@{season}"
        chats = {s[: -len(end)] for (_g, s, _p) in self._ratings if s.endswith(end) and not s.startswith("global@")}
        return sorted(chats)

    async def newest_place(self, platform: str, chat_id: str) -> ChatRef | None:
        ids = [i for i, t in self._tables.items() if (t.chat.platform, t.chat.chat_id) == (platform, chat_id)]
        return self._tables[max(ids)].chat if ids else None

    async def claim_season(self, scope: str, season: str) -> bool:
        if (scope, season) in self._seasons_claimed:
            return False
        self._seasons_claimed.add((scope, season))
        return True

    async def forget(self, person: PersonRef) -> Forgetting:
        open_ones = [t for t in self._tables.values() if expects(t, person)]
        cups = [Tournament.from_dict(json.loads(row)) for _, row in sorted(self._tournaments.items())]
        entered = [t for t in cups if forgotten_entrants.plays_in(t, person)]
        if open_ones or entered:
            return Forgetting.seated(open_ones, entered)
        self._links.unlink(person, self._link_rows())  # (the other account keeps its copy: bot/account_links.py)
        self._links.forget(person)
        again = await self.forgotten(person)
        theirs = [t for t in self._tables.values() if holds(t, person)]
        names = {r.name for r in self._ratings.values() if r.person == person}
        names |= {s.name for standings in self._results.values() for s in standings if s.person == person}
        names |= {listed[person] for listed in self._notify.values() if person in listed}
        for table in theirs:
            names |= names_at(table, person)
        for cup in cups:  # (tournaments: their entrants; bot/forgotten_entrants.py)
            if forgotten_entrants.named_in(cup, person):
                names |= forgotten_entrants.entrant_names(cup, person)
                forgotten_entrants.scrub(cup, person)
                self._tournaments[cup.id] = json.dumps(cup.to_dict())
        seats = {(table.id, i) for table in theirs for i in scrub(table, person, names)}
        for table in theirs:
            self._rows[table.id] = json.dumps(table.to_dict())

        def blanked(table_id: int, standings: Iterable[Standing]) -> list[Standing]:
            """The standings with the person's seats (and those they left) blanked."""
            return [
                replace(s, name="", person=None, forgotten=True)
                if s.person == person or (table_id, s.seat) in seats
                else s
                for s in standings
            ]

        for table_id, standings in self._results.items():
            self._results[table_id] = blanked(table_id, standings)
        for table_id, result in self._games.items():  # (the pages' lines)
            self._games[table_id] = replace(result, standings=tuple(blanked(table_id, result.standings)))
        for point in [k for k in self._points if k[0] == person]:  # (in place, as the ratings: the history reads them)
            del self._points[point]
        for rating in [k for k, r in self._ratings.items() if r.person == person]:
            del self._ratings[rating]
        self._earned = {k: e for k, e in self._earned.items() if e.person != person}
        self._tallies = {k: n for k, n in self._tallies.items() if k[0] != person}
        self._langs.pop(person, None)
        self._looks.pop(person, None)
        for listed in self._notify.values():
            listed.pop(person, None)
        self.quick.forget(person)
        self._marks.add(mark(self._forget_key, person))
        return Forgetting(Forgot.AGAIN if again else Forgot.DONE)

    async def forgotten(self, person: PersonRef) -> bool:
        if mark(self._forget_key, person) not in self._marks:
            return False
        return not any(s.person == person for standings in self._results.values() for s in standings)

    # ----- linked accounts (bot/memory_account_links.py) ------------------------------------------

    def _link_rows(self) -> Rows:
        return Rows(self._ratings, self._earned, self._tallies, self._points)

    async def put_link_code(self, person: PersonRef, name: str, code: str, now: float) -> None:
        self._links.put(person, name, code, now)

    async def redeem(self, code: str, person: PersonRef, name: str, now: float) -> Redeemed:
        forgotten = await self.forgotten(person)
        return self._links.redeem(code, person, name, now, forgotten, self._link_rows())

    async def unlink(self, person: PersonRef) -> PersonRef | None:
        return self._links.unlink(person, self._link_rows())

    async def identities(self, persons: Collection[PersonRef]) -> dict[PersonRef, PersonRef]:
        return self._links.identities(persons)

    async def accounts(self, identity: PersonRef) -> list[Account]:
        return self._links.accounts(identity)

    async def names_on(self, platform: str, persons: Collection[PersonRef]) -> dict[PersonRef, str]:
        return self._links.names_on(platform, persons, self._ratings)

    # ----- the pages' reads (bot/memory_history.py) ----------------------------------------

    async def player(self, person: PersonRef) -> PlayerHistory | None:
        return await self.history.player(person)

    async def chat(self, chat: ChatRef, season: str | None = None) -> ChatHistory | None:
        return await self.history.chat(chat, season)

    async def rating_points(
        self, person: PersonRef, scope: str, game: str | None = None
    ) -> dict[str, tuple[RatingPoint, ...]]:
        return await self.history.rating_points(person, scope, game)

    # ----- quick match (issue #38): bot/store/queue.py, kept by bot/memory_queue.py -----------

    async def queued(self, person: PersonRef) -> Queued | None:
        return await self.quick.queued(person)

    async def put_queued(self, entry: Queued, read: Queued | None) -> bool:
        return await self.quick.put_queued(entry, read)

    async def drop_queued(self, person: PersonRef, joined: float | None = None) -> Queued | None:
        return await self.quick.drop_queued(person, joined)

    async def waiting(self, platform: str | None = None) -> list[Queued]:
        return await self.quick.waiting(platform)

    async def open_match(self, entries: Sequence[Queued], table: Table, settings: ChatSettings) -> bool:
        """Checked, then saved, then seated: a save that fails leaves them all waiting."""
        if not self.quick.waiting_as(entries):
            return False
        await self.save(table, -1)
        await self.save_chat_settings(table.chat, settings)
        self.quick.seat(entries, table.id)
        return True
