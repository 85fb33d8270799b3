"""Seasons: a fresh rating table every calendar month (UTC), beside the lifetime one.

A season is named by its first month, "2026-11"; `ServiceConfig.season_months` makes them longer
(3: quarters named "2026-01", "2026-04", ...). A game's season is the one it finished in. Its
ratings are kept in the lifetime scopes (bot/ratings.py) and again in the same scopes suffixed
with "@<season>", rated from scratch each season: the same rows, the same store, the same
leaderboard query.
"""

from __future__ import annotations

import re
from datetime import UTC, datetime

SEASON = re.compile(r"(\d{4})-(\d{2})")
ALL_TIME = "all"


def season_of(when: float, months: int = 1) -> str:
    """The season a moment (UNIX time) falls in."""
    day = datetime.fromtimestamp(when, UTC)
    first = (day.month - 1) // months * months + 1
    return f"{day.year:04d}-{first:02d}"


def previous(season: str, months: int = 1) -> str:
    year, month = parts(season)
    index = year * 12 + month - 1 - months
    return f"{index // 12:04d}-{index % 12 + 1:02d}"


def starts(season: str) -> float:
    """When a season begins (UNIX time)."""
    year, month = parts(season)
    return datetime(year, month, 1, tzinfo=UTC).timestamp()


def begun_between(first: float, last: float, months: int = 1) -> list[str]:
    """The seasons that begin after `first` and by `last` (UNIX times), oldest first: a rating
    chart's boundaries."""
    found = []
    season = season_of(last, months)
    while starts(season) > first:
        found.append(season)
        season = previous(season, months)
    return found[::-1]


def named(word: str, months: int = 1) -> str | None:
    """The season a word names ("2026-11"; a month inside a longer season names that season), or
    None if it names none."""
    match = SEASON.fullmatch(word.strip())
    if match is None or not 1 <= int(match[2]) <= 12 or int(match[1]) < 2000:
        return None
    return season_of(starts(f"{match[1]}-{match[2]}"), months)


def scoped(scope: str, season: str) -> str:
    """A rating scope within a season."""
    return f"{scope}@{season}"


def parts(season: str) -> tuple[int, int]:
    """A season's year and first month ("2026-11" -> (2026, 11))."""
    year, month = season.split("-")
    return int(year), int(month)
