"""What a game that has just finished brings, saved with its table in one step (bot/saver.py,
`TableStore.save`): its results, its people's new ratings (bot/ratings.py), the achievements
earned and the new tallies (bot/achievements.py); and, for the pages (bot/history.py), the rating
points of a rated game: each person's rating right after it, in the lifetime scopes."""

from __future__ import annotations

from dataclasses import dataclass

from bot.achievements import Earned, Tally
from bot.ratings import Rating, Result, chat_scope, scopes, shown_change


@dataclass(frozen=True, slots=True)
class Outcome:
    """What a table that has just finished asks the store to save with it (a transient outbox):
    the per-seat results, the new rating rows (per person: chat scope and global, lifetime and
    season), the achievements earned and the new tallies (bot/achievements.py)."""

    result: Result
    ratings: tuple[Rating, ...]
    earned: tuple[Earned, ...] = ()
    tallies: tuple[Tally, ...] = ()


def changes(outcome: Outcome) -> list[int | None]:
    """Each seat's rating change in the chat's scope, as people read it; None for a computer's
    seat, and for everyone after a game that is not rated."""
    result = outcome.result
    scope = chat_scope(result.chat)
    trend = {r.person: r.trend for r in outcome.ratings if r.scope == scope}
    return [shown_change(trend[s.person]) if result.rated and s.person in trend else None for s in result.standings]


def points(outcome: Outcome) -> tuple[Rating, ...]:
    """The rows a rated game adds to its people's rating history (a *rating point* each: the row's
    shown rating at `result.finished_at`, table `result.table_id`): the lifetime scopes' (the
    chat's and the global one), not the season copies. None for a game that is not rated."""
    if not outcome.result.rated:
        return ()
    lifetime = scopes(outcome.result.chat)
    return tuple(r for r in outcome.ratings if r.scope in lifetime)
