"""Results and ratings as rows: a finished game's standings, and each person's rating per game and
scope, written whole in the save of the table that finished (SqlStore._save), with the achievements
and tallies it brought (community.py), and read for the leaderboard and a person's stats. The same
save writes what the pages read (adapters/sql/history.py): the game's line (`finished`) and its
people's rating points."""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from sqlalchemy import Connection, and_, delete, insert, or_, select

from adapters.sql.community import dialect_insert, save_earned, save_tallies
from adapters.sql.models import Base
from bot.history_lines import top_score, won_seconds
from bot.outcome import Outcome, points
from bot.people import PersonRef
from bot.ratings import Rating, Result, Standing, Z
from bot.tables import plain

_t = Base.metadata.tables
results, ratings, finished, rating_points = _t["results"], _t["ratings"], _t["finished"], _t["rating_points"]
RATING_KEY = [c.name for c in ratings.primary_key]  # game, scope, platform, user_id


def ratings_of(conn: Connection, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
    if not persons:
        return {}
    who = or_(*(and_(ratings.c.platform == p.platform, ratings.c.user_id == p.user_id) for p in persons))
    rows = conn.execute(select(ratings).where(ratings.c.game == game, ratings.c.scope == scope, who))
    return {r.person: r for r in map(rating_of, rows)}


def ratings_of_person(conn: Connection, person: PersonRef, scope: str) -> list[Rating]:
    """The person's rating in each game they played, by game."""
    query = select(ratings).where(
        ratings.c.platform == person.platform, ratings.c.user_id == person.user_id, ratings.c.scope == scope
    )
    # (sorted here, a row a game: with ORDER BY game SQLite read every rating of the scope through
    # ix_ratings_scope, in game order, rather than the person's few: 1.6 ms against 0.01 at 10,000 games)
    return sorted((rating_of(r) for r in conn.execute(query)), key=lambda r: r.game)


def leaderboard_of(conn: Connection, game: str, scope: str, limit: int) -> list[Rating]:
    """The best `limit` ratings of a game, by ordinal (ties: more games first, then by name)."""
    ordinal = ratings.c.mu - Z * ratings.c.sigma  # Rating.ordinal
    query = (
        select(ratings)
        .where(ratings.c.game == game, ratings.c.scope == scope, ratings.c.games >= 1)
        .order_by(ordinal.desc(), ratings.c.games.desc(), ratings.c.name, ratings.c.platform, ratings.c.user_id)
        .limit(max(0, limit))
    )
    return [rating_of(r) for r in conn.execute(query)]


def standings_of(conn: Connection, table_id: int) -> list[Standing]:
    """A finished table's standings, by seat."""
    rows = conn.execute(select(results).where(results.c.table_id == table_id).order_by(results.c.seat))
    return [
        Standing(r.seat, r.name, person_of(r.platform, r.user_id), r.score, r.place, r.won, r.forgotten) for r in rows
    ]


def save_outcome(conn: Connection, outcome: Outcome) -> None:
    table_id = outcome.result.table_id
    conn.execute(delete(results).where(results.c.table_id == table_id))
    conn.execute(insert(results), result_rows(outcome.result))
    if outcome.ratings:  # whole new rows over what was there, in one statement (a game has a dozen)
        upsert = dialect_insert(conn, ratings)
        whole = {c.name: upsert.excluded[c.name] for c in ratings.columns if not c.primary_key}
        conn.execute(
            upsert.on_conflict_do_update(index_elements=RATING_KEY, set_=whole),
            [rating_row(r) for r in outcome.ratings],
        )
    save_history(conn, outcome)
    save_earned(conn, outcome.earned)
    save_tallies(conn, outcome.tallies)


def save_history(conn: Connection, outcome: Outcome) -> None:
    """The finished game's line and its people's rating points (bot/outcome.py `points`)."""
    conn.execute(delete(finished).where(finished.c.table_id == outcome.result.table_id))
    conn.execute(insert(finished).values(**finished_row(outcome.result)))
    kept = point_rows(outcome)
    if kept:  # (a table finishes once: Saver)
        conn.execute(insert(rating_points), kept)


def result_rows(result: Result) -> list[dict[str, Any]]:
    """The `results` rows of a finished game, one per seat."""
    return [
        {
            "table_id": result.table_id,
            "seat": s.seat,
            "name": s.name,
            "platform": s.person and s.person.platform,
            "user_id": s.person and s.person.user_id,
            "score": s.score,
            "place": s.place,
            "won": s.won,
            "forgotten": s.forgotten,
        }
        for s in result.standings
    ]


def rating_row(rating: Rating) -> dict[str, Any]:
    """A `ratings` row, whole."""
    row = {k: v for k, v in plain(rating).items() if k != "person"}
    return {**row, "platform": rating.person.platform, "user_id": rating.person.user_id}


def finished_row(result: Result) -> dict[str, Any]:
    """The `finished` row of a game: its line, and the figures a chat's records rank by."""
    return {
        "table_id": result.table_id,
        "game": result.game,
        "platform": result.chat.platform,
        "chat_id": result.chat.chat_id,
        "thread_id": result.chat.thread_id,
        "season": result.season,
        "higher": result.higher,
        "started_at": result.started_at,
        "finished_at": result.finished_at,
        "moves": result.moves,
        "won_seconds": won_seconds(result),
        "top_score": top_score(result),
    }


def point_rows(outcome: Outcome) -> list[dict[str, Any]]:
    """The `rating_points` rows a finished game adds (none if it is not rated)."""
    result = outcome.result
    return [
        {
            "platform": r.person.platform,
            "user_id": r.person.user_id,
            "game": r.game,
            "scope": r.scope,
            "table_id": result.table_id,
            "at": result.finished_at,
            "rating": r.shown,
            "mu": r.mu,
            "sigma": r.sigma,
        }
        for r in points(outcome)
    ]


def rating_of(r: Any) -> Rating:
    return Rating(
        game=r.game,
        scope=r.scope,
        person=PersonRef(r.platform, r.user_id),
        name=r.name,
        mu=r.mu,
        sigma=r.sigma,
        games=r.games,
        wins=r.wins,
        practice_games=r.practice_games,
        practice_wins=r.practice_wins,
        best=r.best,
        trend=r.trend,
        updated_at=r.updated_at,
        streak=r.streak,
        best_streak=r.best_streak,
    )


def person_of(platform: str | None, user_id: str | None) -> PersonRef | None:
    return None if platform is None or user_id is None else PersonRef(platform, user_id)
