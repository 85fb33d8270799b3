"""The pages' reads (bot/history.py `History`) over the memory store's own dicts (bot/memory_store.py,
which hands them over): the same rows as the SQL store's, chosen by walking them."""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, Mapping

from bot.achievements import Earned
from bot.history import (
    LEADERBOARD,
    POINTS,
    RECENT,
    RIVAL_GAMES,
    Board,
    ChatHistory,
    GameLine,
    PlayerHistory,
    RatingPoint,
)
from bot.history_lines import (
    RECORD_GAMES,
    game_line,
    latest_names,
    most_active,
    named,
    record,
    record_key,
    renamed,
    rivals,
    totals,
)
from bot.history_tournaments import tournament_lines
from bot.memory_account_links import MemoryLinks
from bot.people import ChatRef, PersonRef
from bot.ratings import GLOBAL, Rating, Result, chat_scope
from bot.seasons import scoped
from bot.tables import Table
from bot.tournament import Tournament

Points = dict[tuple[PersonRef, str, str], list[RatingPoint]]  # (person, game, scope) -> oldest first


class MemoryHistory:
    def __init__(
        self,
        games: Mapping[int, Result],
        tables: Mapping[int, Table],
        ratings: Mapping[tuple[str, str, PersonRef], Rating],
        points: Points,
        earned: Callable[[PersonRef], Awaitable[list[Earned]]],
        recent: int = RECENT,
        links: MemoryLinks | None = None,
        tournaments: Mapping[int, str] | None = None,
    ) -> None:
        """`recent`: the game lines a page lists; `links`: the store's linked accounts (bot/account_links.py);
        `tournaments`: the store's tournaments, each as its JSON."""
        self._games, self._tables, self._ratings, self._points, self._earned = games, tables, ratings, points, earned
        self.recent = recent
        self._links = links or MemoryLinks(b"")
        self._tournaments = {} if tournaments is None else tournaments  # (the store's own dict, empty at first)

    async def player(self, person: PersonRef) -> PlayerHistory | None:
        """A linked account's page: as adapters/sql/history.py `player_of` says."""
        identity = self._links.identities([person]).get(person, person)
        rows = sorted(
            (r for (_g, s, p), r in self._ratings.items() if (s, p) == (GLOBAL, identity)), key=lambda r: r.game
        )
        if not rows:
            return None
        accounts = {a.person for a in self._links.accounts(identity)} or {person}
        mine = sorted((r for r in self._games.values() if any(s.person in accounts for s in r.standings)), key=_newest)
        found = rivals(person, [r for r in mine if any(s.person == person for s in r.standings)][:RIVAL_GAMES])
        names = self._names({r.person for r in found} | {identity})
        names |= latest_names(
            r for (_g, _s, p), r in self._ratings.items() if p in {f.person for f in found} - names.keys()
        )
        own = self._links.names_on(person.platform, [identity], self._ratings).get(identity) or names.get(identity, "")
        return PlayerHistory(
            person,
            own,
            tuple(totals(r, self._points.get((identity, r.game, GLOBAL), [])[-POINTS:]) for r in rows),
            tuple(await self._earned(identity)),
            tuple(self._line(r) for r in mine[: self.recent]),
            tuple(named(found, names)),
        )

    async def chat(self, chat: ChatRef, season: str | None = None) -> ChatHistory | None:
        where = (chat.platform, chat.chat_id)
        games = sorted((r for r in self._games.values() if (r.chat.platform, r.chat.chat_id) == where), key=_newest)
        cups = (Tournament.from_dict(json.loads(row)) for row in self._tournaments.values())
        tournaments = tournament_lines(t for t in cups if (t.chat.platform, t.chat.chat_id) == where)
        if not games and not tournaments:
            return None
        home = chat_scope(chat)
        scope = home if season is None else scoped(home, season)
        rows = [r for (_g, s, _p), r in self._ratings.items() if s == scope]
        seasons = {
            s.split("@", 1)[1] for (_g, s, _p), r in self._ratings.items() if s.startswith(f"{home}@") and r.games
        }
        ranked = [r for r in rows if r.games >= 1]
        ranked.sort(key=lambda r: (-r.ordinal, -r.games, r.name, r.person.platform, r.person.user_id))
        boards = []
        for game in sorted({r.game for r in ranked}):
            best = [r for r in ranked if r.game == game][:LEADERBOARD]
            boards.append((game, best))
        names = self._names({r.person for _g, best in boards for r in best} | {r.person for r in rows})
        records = []
        for kind in RECORD_GAMES:
            keyed = [(key, r) for r in games if (key := record_key(kind, r)) is not None]
            if keyed:
                records.append(record(kind, min(keyed, key=lambda k: k[0])[1]))
        return ChatHistory(
            chat,
            tuple(sorted(seasons, reverse=True)),
            tuple(Board(game, season, tuple(renamed(r, names) for r in best)) for game, best in boards),
            tuple(most_active(rows, names)),
            tuple(records),
            tuple(self._line(r) for r in games[: self.recent]),
            tournaments,
        )

    async def rating_points(
        self, person: PersonRef, scope: str, game: str | None = None
    ) -> dict[str, tuple[RatingPoint, ...]]:
        return {
            g: tuple(found[-POINTS:])
            for (p, g, s), found in sorted(self._points.items(), key=lambda item: item[0][1])
            if (p, s) == (person, scope) and game in (None, g) and found
        }

    def _names(self, persons: set[PersonRef]) -> dict[PersonRef, str]:
        return latest_names(r for (_g, s, p), r in self._ratings.items() if s == GLOBAL and p in persons)

    def _line(self, result: Result) -> GameLine:
        table = self._tables.get(result.table_id)
        return game_line(result, table.changes if table else None)


def _newest(result: Result) -> int:
    return -result.table_id
