"""What the player and group pages' HTML shows, as the templates (adapters/web/templates/) read it:
every count, date and name already written for the reader (bot.i18n: Babel's numbers and dates in
their language). The templates only lay it out; pages.js then draws the charts from the API.

Names are plain text here: Jinja escapes them, and the templates isolate each in a <bdi>.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from adapters.web.history_words import RECORD_TITLES, place_of, rated_games, record_value
from adapters.web.page_tournaments import tournament_view
from bot.achievements import BY_ID
from bot.history import Board, ChatHistory, GameLine, PlayerHistory, SeatLine
from bot.i18n import Translator
from bot.people import PersonRef
from bot.ui.ratings import season_name
from bot.ui.words import game_name

View = dict[str, Any]
MINUS = "\u2212"


def signed(n: int | None, t: Translator) -> str:
    """A rating change: "+12", "−8", "0"; "—" when the game was not rated."""
    if n is None:
        return "—"
    return ("+" if n > 0 else MINUS if n < 0 else "") + t.number(abs(n))


def seat_name(seat: SeatLine, former: str) -> str:
    if seat.forgotten:
        return former
    return "🤖 " + seat.name if seat.person is None else seat.name


def player_view(history: PlayerHistory, t: Translator, former: str) -> View:
    return {
        "name": history.name,
        "games": [
            {
                "title": game_name(g.game, t),
                "rating": None if g.rating is None else t.number(g.rating),
                "games": t.number(g.games),
                "wins": t.number(g.wins),
                "best_streak": t.number(g.best_streak),
            }
            for g in history.games
        ],
        "charts": [
            {
                "game": g.game,
                "title": game_name(g.game, t),
                "summary": rated_games(g.history[0].rating, g.history[-1].rating, len(g.history), t),
                "points": [{"day": t.day(p.at), "rating": t.number(p.rating)} for p in g.history],
            }
            for g in history.games
            if g.history
        ],
        "achievements": [
            {
                "emoji": BY_ID[e.achievement].emoji,
                "title": t.gettext(BY_ID[e.achievement].title),
                "description": t.gettext(BY_ID[e.achievement].description),
                "day": t.day(e.at),
            }
            for e in history.achievements
            if e.achievement in BY_ID
        ],
        "recent": [own_line(line, history.person, t, former) for line in history.recent],
        "rivals": [
            {
                "name": r.name,
                "games": t.number(r.games),
                "wins": t.number(r.wins),
                "losses": t.number(r.losses),
                "last": " ".join(_marks(history, r.person, r.last)),
            }
            for r in history.rivals
        ],
    }


def own_line(line: GameLine, person: PersonRef, t: Translator, former: str) -> View:
    """A game on its player's page: their place and rating change, and who else sat there."""
    mine = next((s for s in line.seats if s.person == person), None)
    return {
        "day": t.day(line.finished_at),
        "title": game_name(line.game, t),
        "place": place_of(mine.place, len(line.seats), t) if mine else "—",
        "won": bool(mine and mine.won),
        "opponents": [seat_name(s, former) for s in line.seats if s is not mine],
        "change": signed(mine.change if mine else None, t),
    }


def _marks(history: PlayerHistory, rival: PersonRef, tables: tuple[int, ...]) -> list[str]:
    """✓ placed better, ✗ worse, = even, for each of the shared games the page lists (the rest
    are older than its recent games)."""
    lines = {line.table_id: line for line in history.recent}
    marks = []
    for table_id in tables:
        line = lines.get(table_id)
        mine = next((s for s in line.seats if s.person == history.person), None) if line else None
        theirs = next((s for s in line.seats if s.person == rival), None) if line else None
        if mine and theirs:
            marks.append("✓" if mine.place < theirs.place else "✗" if mine.place > theirs.place else "=")
    return marks


@dataclass(frozen=True, slots=True)
class ChatPages:
    """A group page's two reads: all time (with the chat's seasons), and the season shown."""

    all_time: ChatHistory
    season: str | None
    in_season: ChatHistory | None


def chat_view(pages: ChatPages, t: Translator, former: str) -> View:
    shown = pages.in_season
    return {
        "season": None if pages.season is None else {"id": pages.season, "name": season_name(pages.season, t)},
        "seasons": [
            {"id": s, "name": season_name(s, t), "selected": s == pages.season} for s in pages.all_time.seasons
        ],
        "season_boards": [board_view(b, t) for b in shown.boards] if shown else [],
        "all_time_boards": [board_view(b, t) for b in pages.all_time.boards],
        "active": [
            {
                "name": a.name,
                "games": t.ngettext("{count} game", "{count} games", a.games).format(count=t.number(a.games)),
            }
            for a in pages.all_time.active
        ],
        "records": [
            {
                "title": t.gettext(RECORD_TITLES[r.kind]) if r.kind in RECORD_TITLES else r.kind,
                "value": record_value(r.kind, r.value, t),
                "names": [name or former for name in r.names],
                "day": t.day(r.at),
            }
            for r in pages.all_time.records
        ],
        "recent": [
            {
                "day": t.day(line.finished_at),
                "title": game_name(line.game, t),
                "seats": [
                    {"place": t.number(s.place), "name": seat_name(s, former), "change": signed(s.change, t)}
                    for s in sorted(line.seats, key=lambda s: (s.place, s.seat))
                ],
            }
            for line in pages.all_time.recent
        ],
        "tournaments": [tournament_view(line, t, former) for line in pages.all_time.tournaments],
    }


def board_view(board: Board, t: Translator) -> View:
    return {
        "title": game_name(board.game, t),
        "rows": [
            {
                "rank": t.number(rank),
                "name": r.name,
                "rating": t.number(r.shown),
                "games": t.number(r.games),
                "wins": t.number(r.wins),
            }
            for rank, r in enumerate(board.rows, 1)
        ],
    }
