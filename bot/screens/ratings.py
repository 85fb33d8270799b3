"""Ratings on a screen: a leaderboard for the chat, and a person's own record.

Neither belongs to a table: their screens have table_id 0, are final (never edited), and sit in
their own slots ("leaderboard", "stats"). A rating reads as `round(1000 + 10 * ordinal)`
(bot/ratings.py), its trend as the same points gained (▲) or lost (▼) in the latest rated game.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.i18n import Translator
from bot.people import PersonRef
from bot.ratings import BEST_HIGHER, Rating, shown_change
from bot.screens.model import Screen
from bot.screens.words import GAME_NAMES, game_name

NOT_A_TABLE = 0
LEADERBOARD_SLOT = "leaderboard"
STATS_SLOT = "stats"


def leaderboard_screen(boards: Sequence[tuple[str, Sequence[Rating]]], everywhere: bool, t: Translator) -> Screen:
    """The top rows of each game (best first, as the store gives them): one section a game; an
    empty game is left out unless it is the only one asked for."""
    title = t.gettext("🏆 Top players everywhere") if everywhere else t.gettext("🏆 Top players here")
    lines = [title]
    for game, rows in boards:
        if not rows and len(boards) > 1:
            continue
        lines += ["", game_name(game, t) + ":"]
        lines += [f"{rank}. {r.name} — {r.shown} · {_games(r.games, r.wins, t)}" for rank, r in enumerate(rows, 1)]
        if not rows:
            lines.append(t.gettext("No rated games yet."))
    if len(lines) == 1:
        lines.append(t.gettext("No rated games yet."))
    return Screen(NOT_A_TABLE, "\n".join(lines), slot=LEADERBOARD_SLOT, final=True)


def stats_screen(
    rows: Sequence[Rating], name: str | None, everywhere: bool, audience: PersonRef, t: Translator
) -> Screen:
    """A person's record per game: rating and trend, games and wins, best score, practice."""
    lines = []
    if name:
        title = t.gettext("📊 {name} everywhere") if everywhere else t.gettext("📊 {name} in this chat")
        lines.append(title.format(name=name))
    order = list(GAME_NAMES)
    for r in sorted(rows, key=lambda r: (order.index(r.game) if r.game in order else len(order), r.game)):
        lines.append("")
        if r.games:
            lines.append(f"{game_name(r.game, t)}: " + t.gettext("rating {rating}").format(rating=r.shown) + _trend(r))
            record = _games(r.games, r.wins, t)
            if r.best is not None:
                record += " · " + t.gettext("best: {score}").format(score=_score(r.game, r.best, t))
            lines.append(record)
        else:
            lines.append(f"{game_name(r.game, t)}: " + t.gettext("not rated yet"))
        if r.practice_games:
            lines.append(
                t.gettext("practice: {games} · {wins}").format(
                    games=_count_games(r.practice_games, t), wins=_count_wins(r.practice_wins, t)
                )
            )
    if not rows:
        lines.append(t.gettext("No games yet."))
    return Screen(NOT_A_TABLE, "\n".join(lines).strip("\n"), audience=audience, slot=STATS_SLOT, final=True)


def _games(games: int, wins: int, t: Translator) -> str:
    return f"{_count_games(games, t)} · {_count_wins(wins, t)}"


def _count_games(n: int, t: Translator) -> str:
    return t.ngettext("{count} game", "{count} games", n).format(count=n)


def _count_wins(n: int, t: Translator) -> str:
    return t.ngettext("{count} win", "{count} wins", n).format(count=n)


def _trend(r: Rating) -> str:
    change = shown_change(r.trend)
    if change > 0:
        return f" ▲{change}"
    if change < 0:
        return f" ▼{-change}"
    return ""


def _score(game: str, score: int, t: Translator) -> str:
    if BEST_HIGHER.get(game, False):
        text = t.ngettext("{count} point", "{count} points", abs(score))
    else:
        text = t.ngettext("{count} card left", "{count} cards left", abs(score))
    return text.format(count=score)
