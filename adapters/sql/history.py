"""The pages' reads (bot/history.py `History`) in the database: a person's or a chat's page in one
hop to the database's threads, a handful of statements each, every one bounded (LIMIT, or the
rows of one chat's or one person's ratings) and served by an index (bench/README.md, bench.history,
shows their plans): so a person with 5,000 games reads as fast as one with 5.

The rows are those the save of a finished table wrote (ratings.py `save_outcome`): `finished` (a
game's line, and the figures a chat's records rank by), `results` (its seats), `rating_points`
(the history), `ratings` (totals, leaderboards, the latest name), `achievements`; the shown rating
changes are the table's `changes`. What the rows become is shared with the memory store
(bot/history_lines.py)."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import Connection, Select, and_, bindparam, case, func, or_, select

from adapters.sql import tournament_rows
from adapters.sql.account_links import accounts_of, identities_of, names_on
from adapters.sql.community import earned_by
from adapters.sql.database import Database
from adapters.sql.models import Base
from adapters.sql.ratings import leaderboard_of, person_of, ratings_of_person
from bot.games import games
from bot.history import (
    ACTIVE,
    BEST_DEMON,
    FASTEST_SPEED,
    LAST_SHARED,
    LEADERBOARD,
    LONGEST_SVOLOTA,
    POINTS,
    RECENT,
    RIVAL_GAMES,
    RIVALS,
    Active,
    Board,
    ChatHistory,
    GameLine,
    PlayerHistory,
    RatingPoint,
    Rival,
)
from bot.history_lines import RECORD_GAMES, game_line, named, record, renamed, totals
from bot.history_tournaments import TOURNAMENTS, tournament_lines
from bot.people import ChatRef, PersonRef
from bot.ratings import GLOBAL, Result, Standing, chat_scope
from bot.seasons import scoped

_t = Base.metadata.tables
finished, results, ratings = _t["finished"], _t["results"], _t["ratings"]
rating_points, tables = _t["rating_points"], _t["tables"]
# the column each record ranks by, and which way is best
RANKED = {
    LONGEST_SVOLOTA: finished.c.moves.desc(),
    FASTEST_SPEED: finished.c.won_seconds.asc(),
    BEST_DEMON: finished.c.top_score.desc(),
}
RANK_COLUMN = {
    LONGEST_SVOLOTA: finished.c.moves,
    FASTEST_SPEED: finished.c.won_seconds,
    BEST_DEMON: finished.c.top_score,
}


class SqlHistory:
    def __init__(self, db: Database, recent: int = RECENT) -> None:
        """`recent`: the game lines a page lists."""
        self.db = db
        self.recent = recent

    async def player(self, person: PersonRef) -> PlayerHistory | None:
        return await self.db.reading(lambda conn: player_of(conn, person, self.recent))

    async def chat(self, chat: ChatRef, season: str | None = None) -> ChatHistory | None:
        return await self.db.reading(lambda conn: chat_of(conn, chat, season, self.recent))

    async def rating_points(
        self, person: PersonRef, scope: str, game: str | None = None
    ) -> dict[str, tuple[RatingPoint, ...]]:
        return await self.db.reading(lambda conn: scope_points(conn, person, scope, game))


def scope_points(
    conn: Connection, person: PersonRef, scope: str, game: str | None
) -> dict[str, tuple[RatingPoint, ...]]:
    """The person's points in `scope`: one indexed read a game (the bot's games, or `game`)."""
    found = {g: points_of(conn, person, g, scope) for g in ([game] if game is not None else games())}
    return {g: tuple(p) for g, p in found.items() if p}


def player_of(conn: Connection, person: PersonRef, recent: int = RECENT) -> PlayerHistory | None:
    """A linked account's page (bot/account_links.py) shows its identity's totals, points and achievements,
    both accounts' games, its own rivals (those of its platform), under the name its platform shows."""
    identity = identities_of(conn, [person]).get(person, person)
    rows = ratings_of_person(conn, identity, GLOBAL)
    if not rows:
        return None
    found = rivals_of(conn, person)
    names = latest_names(conn, {r.person for r in found} | {identity})
    names |= names_anywhere(conn, {r.person for r in found} - names.keys())  # (a rival linked to another)
    own = names_on(conn, person.platform, [identity]).get(identity) or names.get(identity, "")
    accounts = [a.person for a in accounts_of(conn, identity)] or [person]
    return PlayerHistory(
        person,
        own,
        tuple(totals(r, points_of(conn, identity, r.game)) for r in rows),
        tuple(earned_by(conn, identity)),
        lines(conn, games_of(conn, latest_of(accounts, recent))),
        tuple(named(found, names)),
    )


def latest(person: PersonRef, limit: int) -> Select[Any]:
    """The table ids of the person's latest `limit` finished games."""
    return latest_of([person], limit)


def latest_of(persons: Collection[PersonRef], limit: int) -> Select[Any]:
    """The table ids of these accounts' latest `limit` finished games (one person's, or linked ones')."""
    who = or_(*(and_(results.c.platform == p.platform, results.c.user_id == p.user_id) for p in persons))
    return select(results.c.table_id).where(who).order_by(results.c.table_id.desc()).limit(limit)


def names_anywhere(conn: Connection, persons: Collection[PersonRef]) -> dict[PersonRef, str]:
    """Each person's name at their latest game in any scope (for those without global rows)."""
    if not persons:
        return {}
    who = or_(*(and_(ratings.c.platform == p.platform, ratings.c.user_id == p.user_id) for p in persons))
    query = select(ratings.c.platform, ratings.c.user_id, ratings.c.name).where(who).order_by(ratings.c.updated_at)
    return {PersonRef(r.platform, r.user_id): r.name for r in conn.execute(query)}


def rivals_of(conn: Connection, person: PersonRef) -> list[Rival]:
    """Head-to-head over the person's latest RIVAL_GAMES games, counted by the database (as
    bot/history_lines.py `rivals` counts: the same order, the same ties), then each rival's
    latest shared games."""
    # the window carries the person's own place: their results are read once, newest first, LIMIT
    window = latest(person, RIVAL_GAMES).add_columns(results.c.place).subquery()
    them = results.alias("them")
    shared = window.join(them, them.c.table_id == window.c.table_id)
    other = and_(
        them.c.user_id.is_not(None),
        ~and_(them.c.platform == person.platform, them.c.user_id == person.user_id),
    )
    games, newest = func.count(), func.max(them.c.table_id)
    top = conn.execute(
        select(
            them.c.platform,
            them.c.user_id,
            games.label("games"),
            func.sum(case((window.c.place < them.c.place, 1), else_=0)).label("wins"),
            func.sum(case((them.c.place < window.c.place, 1), else_=0)).label("losses"),
            newest.label("newest"),
        )
        .select_from(shared)
        .where(other)
        .group_by(them.c.platform, them.c.user_id)
        .order_by(games.desc(), newest.desc(), them.c.platform, them.c.user_id)
        .limit(RIVALS)
    ).all()
    if not top:
        return []
    wanted = {(r.platform, r.user_id) for r in top}
    last: dict[tuple[str, str], list[int]] = {}
    pairs = conn.execute(
        select(them.c.platform, them.c.user_id, them.c.table_id)
        .select_from(shared)
        .where(them.c.user_id.in_(sorted({u for _p, u in wanted})))
        .order_by(them.c.table_id.desc())
    )
    for platform, user_id, table_id in pairs:
        ids = last.setdefault((platform, user_id), [])
        if (platform, user_id) in wanted and len(ids) < LAST_SHARED:
            ids.append(table_id)
    return [
        Rival(
            PersonRef(r.platform, r.user_id),
            "",
            r.games,
            int(r.wins),
            int(r.losses),
            tuple(last[(r.platform, r.user_id)]),
        )
        for r in top
    ]


def chat_of(conn: Connection, chat: ChatRef, season: str | None, recent: int = RECENT) -> ChatHistory | None:
    here = (finished.c.platform == chat.platform, finished.c.chat_id == chat.chat_id)
    newest = select(finished.c.table_id).where(*here).order_by(finished.c.table_id.desc()).limit(recent)
    lately = games_of(conn, newest)
    cups = tournament_lines(tournament_rows.shown_of(conn, chat, TOURNAMENTS))
    if not lately and not cups:
        return None
    home = chat_scope(chat)
    scope = home if season is None else scoped(home, season)
    games = conn.scalars(select(ratings.c.game).where(ratings.c.scope == scope).distinct().order_by(ratings.c.game))
    boards = [(game, leaderboard_of(conn, game, scope, LEADERBOARD)) for game in games]
    boards = [(game, rows) for game, rows in boards if rows]
    busiest = func.sum(ratings.c.games + ratings.c.practice_games)
    active = conn.execute(
        select(ratings.c.platform, ratings.c.user_id, busiest.label("n"))
        .where(ratings.c.scope == scope)
        .group_by(ratings.c.platform, ratings.c.user_id)
        .order_by(busiest.desc(), ratings.c.platform, ratings.c.user_id)
        .limit(ACTIVE)
    ).all()
    people = [Active(PersonRef(r.platform, r.user_id), "", int(r.n)) for r in active if r.n]
    names = latest_names(conn, {a.person for a in people} | {r.person for _g, rows in boards for r in rows})
    return ChatHistory(
        chat,
        seasons_of(conn, home),
        tuple(Board(game, season, tuple(renamed(r, names) for r in rows)) for game, rows in boards),
        tuple(Active(a.person, names.get(a.person, ""), a.games) for a in people),
        tuple(records_of(conn, chat)),
        lines(conn, lately),
        cups,
    )


def seasons_of(conn: Connection, home: str) -> tuple[str, ...]:
    """The seasons with a rated game in the chat (scopes "<home>@<season>"), newest first."""
    within = and_(ratings.c.scope > f"{home}@", ratings.c.scope < f"{home}@~", ratings.c.games >= 1)
    scopes = conn.scalars(select(ratings.c.scope).where(within).distinct())
    return tuple(sorted((s.split("@", 1)[1] for s in scopes), reverse=True))


def records_of(conn: Connection, chat: ChatRef) -> list[Any]:
    """Each record the chat has: one indexed read each for the game that set it (the first game to
    set it keeps it), then those games together."""
    best: dict[str, int] = {}
    for kind, game in RECORD_GAMES.items():
        found = conn.scalar(
            select(finished.c.table_id)
            .where(
                finished.c.platform == chat.platform,
                finished.c.chat_id == chat.chat_id,
                finished.c.game == game,
                RANK_COLUMN[kind].is_not(None),
            )
            .order_by(RANKED[kind], finished.c.table_id)
            .limit(1)
        )
        if found is not None:
            best[kind] = found
    if not best:
        return []
    games = {
        g.table_id: g
        for g in games_of(conn, select(finished.c.table_id).where(finished.c.table_id.in_(set(best.values()))))
    }
    return [record(kind, games[table_id]) for kind, table_id in best.items()]


def points_of(conn: Connection, person: PersonRef, game: str, scope: str = GLOBAL) -> list[RatingPoint]:
    """The person's latest POINTS rating points in `game` and `scope` (global: a page's), oldest first."""
    query = (
        select(rating_points.c.at, rating_points.c.table_id, rating_points.c.rating)
        .where(
            rating_points.c.platform == person.platform,
            rating_points.c.user_id == person.user_id,
            rating_points.c.game == game,
            rating_points.c.scope == scope,
        )
        .order_by(rating_points.c.at.desc())
        .limit(POINTS)
    )
    return [RatingPoint(r.at, r.table_id, r.rating) for r in reversed(conn.execute(query).all())]


def games_of(conn: Connection, ids: Select[Any]) -> list[Result]:
    """The finished games whose table ids `ids` selects, newest (highest id) first."""
    chosen = ids.subquery()
    seats: dict[int, list[Standing]] = {}
    query = select(results).where(results.c.table_id.in_(select(chosen.c.table_id))).order_by(results.c.seat)
    for r in conn.execute(query):
        seats.setdefault(r.table_id, []).append(
            Standing(r.seat, r.name, person_of(r.platform, r.user_id), r.score, r.place, r.won, r.forgotten)
        )
    rows = conn.execute(
        select(finished).where(finished.c.table_id.in_(select(chosen.c.table_id))).order_by(finished.c.table_id.desc())
    )
    return [
        Result(
            f.table_id,
            f.game,
            ChatRef(f.platform, f.chat_id, f.thread_id),
            f.higher,
            tuple(seats.get(f.table_id, ())),
            f.finished_at,
            f.season,
            f.started_at,
            f.moves,
        )
        for f in rows
    ]


def lines(conn: Connection, games: list[Result]) -> tuple[GameLine, ...]:
    """The games as the pages list them, with the rating changes their tables showed."""
    ids = [g.table_id for g in games]
    changes = dict(conn.execute(select(tables.c.id, tables.c.changes).where(tables.c.id.in_(ids))).all()) if ids else {}
    return tuple(game_line(g, changes.get(g.table_id)) for g in games)


def latest_names(conn: Connection, persons: Collection[PersonRef]) -> dict[PersonRef, str]:
    """Each person's name at their latest game (their global rating rows: one per game)."""
    if not persons:
        return {}
    # one statement a platform, its ids IN a list: the person index's seeks (an OR of pairs, or row
    # values, read every global row through the scope's index instead)
    platforms = sorted({p.platform for p in persons})
    found: list[Any] = []
    for platform in platforms:
        ids = sorted(p.user_id for p in persons if p.platform == platform)
        # ("global" written in the statement, not bound: PostgreSQL's driver prepares a statement run
        # five times, and the generic plan of `scope = $n` expected one scope's few rows and read all
        # of "global"'s through ix_ratings_scope, 3–5 ms against 0.4: bench.pages, the busiest chat)
        query = select(ratings.c.platform, ratings.c.user_id, ratings.c.name, ratings.c.updated_at).where(
            ratings.c.platform == platform,
            ratings.c.user_id.in_(ids),
            ratings.c.scope == bindparam("global", GLOBAL, literal_execute=True),
        )
        found += conn.execute(query).all()
    latest: dict[PersonRef, tuple[float, str]] = {}
    for r in found:
        person = PersonRef(r.platform, r.user_id)
        if person not in latest or r.updated_at > latest[person][0]:
            latest[person] = (r.updated_at, r.name)
    return {p: name for p, (_at, name) in latest.items()}
