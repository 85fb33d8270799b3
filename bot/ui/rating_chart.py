"""A person's rating history as a picture's description (bot/ui/picture.py `RatingChart`): what
/stats attaches, the same chart the player page draws (adapters/web/static/pages.js).

Built from rating points (bot/history.py `RatingPoint`: the store's `rating_points` in one scope,
or a page's `PlayerHistory.games[*].history`), in the reader's words: the games' names, the
seasons' (their first month, as /stats and the pages name them) and the days. Nothing here reads
the clock: equal points draw an equal chart, so a /stats asked again with no game in between
shows the picture already drawn and uploaded."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot import seasons
from bot.games import games
from bot.history import RatingPoint
from bot.i18n import Translator, is_rtl
from bot.ui.picture import ChartLine, RatingChart, SeasonMark
from bot.ui.ratings import season_name
from bot.ui.words import game_name

MIN_POINTS = 2  # fewer rating points than this in all: no chart (one point is no history)


def rating_chart(
    title: str, points: Mapping[str, Sequence[RatingPoint]], t: Translator, season_months: int = 1
) -> RatingChart | None:
    """The chart of `points` (game -> its points, oldest first) under `title`, the games in the
    bot's order; None with fewer than MIN_POINTS points in all."""
    order = games()
    shown = sorted((g for g, p in points.items() if p), key=lambda g: (_ink(g, order, 0), g))
    if sum(len(points[g]) for g in shown) < MIN_POINTS:
        return None
    times = [p.at for g in shown for p in points[g]]
    first, last = min(times), max(times)
    lines = tuple(
        ChartLine(game_name(g, t), tuple((p.at, p.rating) for p in points[g]), _ink(g, order, i))
        for i, g in enumerate(shown)
    )
    marks = tuple(
        SeasonMark(seasons.starts(s), season_name(s, t)) for s in seasons.begun_between(first, last, season_months)
    )
    return RatingChart(title, lines, marks, t.day(first), t.day(last), is_rtl(t.lang))


def _ink(game: str, order: list[str], i: int) -> int:
    """A game's ink and mark on every chart: its place among the bot's games (an unknown one's after)."""
    return order.index(game) if game in order else len(order) + i
