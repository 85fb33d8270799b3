"""What a game that has just finished brings, saved with its table in one step (bot/saver.py,
`TableStore.save`): its results, its people's new ratings (bot/ratings.py), the achievements
earned and the new tallies (bot/achievements.py)."""

from __future__ import annotations

from dataclasses import dataclass

from bot.achievements import Earned, Tally
from bot.ratings import Rating, Result, chat_scope, shown_change


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
