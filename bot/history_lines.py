"""From what a store keeps of finished games to what the pages show (bot/history.py): one finished
table as a game line, head-to-head, a chat's most active people and its records. Pure, shared by
both stores (bot/memory_history.py, adapters/sql/history.py), which only choose the rows: the same
rows give the same pages.

A finished game is read back as its `Result` (bot/ratings.py: seats, places, scores, when it was
dealt and finished, moves) with the rating changes its table showed (`Table.changes`)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import replace

from bot.history import (
    ACTIVE,
    BEST_DEMON,
    FASTEST_SPEED,
    LAST_SHARED,
    LONGEST_SVOLOTA,
    RIVALS,
    Active,
    GameLine,
    GameTotals,
    RatingPoint,
    Record,
    Rival,
    SeatLine,
)
from bot.people import PersonRef
from bot.ratings import Rating, Result

# Which game each record is of, and the stored figure it orders by
RECORD_GAMES = {LONGEST_SVOLOTA: "svolota", FASTEST_SPEED: "speed", BEST_DEMON: "racing_demon"}


def game_line(result: Result, changes: Sequence[int | None] | None) -> GameLine:
    """A finished game as the pages list it; `changes`: its table's shown rating changes by seat."""
    shown = list(changes or ())
    change = [shown[s.seat] if s.seat < len(shown) else None for s in result.standings]
    seats = tuple(
        SeatLine(s.seat, s.name, s.person, s.place, s.score, s.won, c, s.forgotten)
        for s, c in zip(result.standings, change, strict=True)
    )
    return GameLine(
        result.table_id, result.game, result.chat, result.started_at, result.finished_at, result.moves, seats
    )


def won_seconds(result: Result) -> float | None:
    """Seconds from the deal to a person's win (a record of Speed); None: no person won, or the deal
    time is not known (a table finished before it was kept)."""
    if result.started_at <= 0 or not any(s.won and s.person is not None for s in result.standings):
        return None
    return result.finished_at - result.started_at


def top_score(result: Result) -> int | None:
    """The best points a person scored (a record of Racing Demon); None where scores are not points."""
    scores = [s.score for s in result.people]
    return max(scores) if result.higher and scores else None


def record(kind: str, result: Result) -> Record:
    """The record `kind` as the game `result` set it."""
    if kind == LONGEST_SVOLOTA:
        value: float = result.moves
        setters = [s for s in result.people]
    elif kind == FASTEST_SPEED:
        value = won_seconds(result) or 0.0
        setters = [s for s in result.people if s.won]
    else:
        value = top_score(result) or 0
        setters = [s for s in result.people if s.score == value]
    return Record(kind, value, result.table_id, tuple(s.name for s in setters), result.finished_at)


def record_key(kind: str, result: Result) -> tuple[float, int] | None:
    """How a game ranks for the record `kind` (smallest first; the first game set on a tie); None:
    it does not count."""
    if result.game != RECORD_GAMES[kind]:
        return None
    if kind == LONGEST_SVOLOTA:
        return (-result.moves, result.table_id)
    if kind == FASTEST_SPEED:
        seconds = won_seconds(result)
        return None if seconds is None else (seconds, result.table_id)
    score = top_score(result)
    return None if score is None else (-score, result.table_id)


def rivals(person: PersonRef, games: Sequence[Result]) -> list[Rival]:
    """Head-to-head against the people `person` shared the most of `games` (newest first) with,
    at most RIVALS: most shared games first, then the latest shared game, then by identity.
    Placing better wins; a tie counts for neither. Computers are never rivals. Their names are
    left "" (`named`: the latest they played under, looked up for these few)."""
    counts: dict[PersonRef, list[int]] = {}  # rival -> [games, wins, losses]
    last: dict[PersonRef, list[int]] = {}
    for result in games:
        mine = next((s for s in result.standings if s.person == person), None)
        if mine is None:
            continue
        for other in result.standings:
            if other.person is None or other.person == person:
                continue
            tally = counts.setdefault(other.person, [0, 0, 0])
            tally[0] += 1
            tally[1] += mine.place < other.place
            tally[2] += other.place < mine.place
            shared = last.setdefault(other.person, [])
            if len(shared) < LAST_SHARED and result.table_id not in shared:
                shared.append(result.table_id)
    order = sorted(counts, key=lambda p: (-counts[p][0], -last[p][0], p.platform, p.user_id))
    return [Rival(p, "", counts[p][0], counts[p][1], counts[p][2], tuple(last[p])) for p in order[:RIVALS]]


def named(rivals: Iterable[Rival], names: Mapping[PersonRef, str]) -> list[Rival]:
    return [replace(r, name=names.get(r.person, r.name)) for r in rivals]


def latest_names(rows: Iterable[Rating]) -> dict[PersonRef, str]:
    """Each person's name at their latest game, from their rating rows (any games, one scope)."""
    latest: dict[PersonRef, Rating] = {}
    for row in rows:
        known = latest.get(row.person)
        if known is None or row.updated_at > known.updated_at:
            latest[row.person] = row
    return {p: r.name for p, r in latest.items()}


def renamed(row: Rating, names: Mapping[PersonRef, str]) -> Rating:
    """A leaderboard's row under the latest name its person played under."""
    return replace(row, name=names.get(row.person, row.name))


def most_active(rows: Iterable[Rating], names: Mapping[PersonRef, str]) -> list[Active]:
    """The people with the most finished games (rated and practice, every game together) in the
    rows of one scope, at most ACTIVE; ties by identity."""
    games: dict[PersonRef, int] = {}
    for row in rows:
        games[row.person] = games.get(row.person, 0) + row.games + row.practice_games
    order = sorted(games, key=lambda p: (-games[p], p.platform, p.user_id))
    return [Active(p, names.get(p, ""), games[p]) for p in order[:ACTIVE] if games[p] > 0]


def totals(row: Rating, history: Sequence[RatingPoint]) -> GameTotals:
    """A person's record in one game from their global row and its rating points (oldest first)."""
    return GameTotals(
        row.game,
        row.games,
        row.wins,
        row.practice_games,
        row.shown if row.games else None,
        row.best_streak,
        tuple(history),
    )
