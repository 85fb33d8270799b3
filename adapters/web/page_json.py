"""The player and group pages' data as the API serves it (issue #36; its schema: openapi.py).

Plain JSON of bot/history.py's values, with what a reader needs beside them in their language (a
game's, a season's, an achievement's and a record's name: the answer varies with Accept-Language).
Names are plain text (the page escapes them); a forgotten person's seat says `"forgotten": true`
and has no name; a computer's says `"computer": true`. No platform ids: a page's link names its
person or chat, and nobody else's id leaves the server. Times are UTC, ISO 8601 to the second.
"""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from adapters.web.history_words import RECORD_TITLES, record_value
from adapters.web.page_tournaments import title as tournament_title
from bot import seasons
from bot.achievements import BY_ID
from bot.history import Board, ChatHistory, GameLine, PlayerHistory, Record, SeatLine
from bot.history_tournaments import EntrantLine, TournamentLine
from bot.i18n import Translator
from bot.people import PersonRef
from bot.tournament import Stage
from bot.ui.ratings import season_name
from bot.ui.tournament import FORMATS
from bot.ui.words import game_name

Json = dict[str, Any]


def when(at: float) -> str:
    return datetime.fromtimestamp(int(at), UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def player_json(history: PlayerHistory, t: Translator, season_months: int = 1) -> Json:
    points = [p.at for g in history.games for p in g.history]
    return {
        "name": history.name,
        "games": [
            {
                "game": g.game,
                "title": game_name(g.game, t),
                "games": g.games,
                "wins": g.wins,
                "practice_games": g.practice_games,
                "rating": g.rating,
                "best_streak": g.best_streak,
                "history": [{"at": when(p.at), "table": p.table_id, "rating": p.rating} for p in g.history],
            }
            for g in history.games
        ],
        "seasons": season_starts(min(points), max(points), t, season_months) if points else [],
        "achievements": [
            {
                "id": e.achievement,
                "emoji": BY_ID[e.achievement].emoji,
                "title": t.gettext(BY_ID[e.achievement].title),
                "description": t.gettext(BY_ID[e.achievement].description),
                "at": when(e.at),
                "table": e.table_id,
            }
            for e in history.achievements
            if e.achievement in BY_ID  # (one retired since: not shown)
        ],
        "recent": [game_json(line, t, history.person) for line in history.recent],
        "rivals": [
            {"name": r.name, "games": r.games, "wins": r.wins, "losses": r.losses, "last": list(r.last)}
            for r in history.rivals
        ],
    }


def season_starts(first: float, last: float, t: Translator, months: int = 1) -> list[Json]:
    """The seasons that begin after `first` and by `last`: a chart's boundaries."""
    return [
        {"season": s, "name": season_name(s, t), "starts": when(seasons.starts(s))}
        for s in seasons.begun_between(first, last, months)
    ]


def chat_json(history: ChatHistory, season: str | None, t: Translator) -> Json:
    return {
        "season": season,
        "season_name": season_name(season, t) if season else None,
        "seasons": [{"season": s, "name": season_name(s, t)} for s in history.seasons],
        "boards": [board_json(b, t) for b in history.boards],
        "active": [{"name": a.name, "games": a.games} for a in history.active],
        "records": [record_json(r, t) for r in history.records],
        "recent": [game_json(line, t) for line in history.recent],
        "tournaments": [tournament_json(line, t) for line in history.tournaments],
    }


def board_json(board: Board, t: Translator) -> Json:
    return {
        "game": board.game,
        "title": game_name(board.game, t),
        "rows": [
            {"rank": rank, "name": r.name, "rating": r.shown, "games": r.games, "wins": r.wins}
            for rank, r in enumerate(board.rows, 1)
        ],
    }


def record_json(record: Record, t: Translator) -> Json:
    return {
        "kind": record.kind,
        "title": t.gettext(RECORD_TITLES[record.kind]) if record.kind in RECORD_TITLES else record.kind,
        "value": record.value,
        "text": record_value(record.kind, record.value, t),
        "table": record.table_id,
        "people": [{"name": name} if name else {"forgotten": True} for name in record.names],
        "at": when(record.at),
    }


def game_json(line: GameLine, t: Translator, person: PersonRef | None = None) -> Json:
    """A finished game; on a player's page, `seat` is that person's."""
    data: Json = {
        "table": line.table_id,
        "game": line.game,
        "title": game_name(line.game, t),
        "started_at": when(line.started_at),
        "finished_at": when(line.finished_at),
        "moves": line.moves,
        "seats": [seat_json(s) for s in line.seats],
    }
    mine = next((s.seat for s in line.seats if person is not None and s.person == person), None)
    if mine is not None:
        data["seat"] = mine
    return data


def seat_json(seat: SeatLine) -> Json:
    data: Json = {"seat": seat.seat, "place": seat.place, "score": seat.score, "won": seat.won, "change": seat.change}
    if seat.forgotten:
        data["forgotten"] = True  # and no name
    else:
        data["name"] = seat.name
        if seat.person is None:
            data["computer"] = True
    return data


def tournament_json(line: TournamentLine, t: Translator) -> Json:
    return {
        "name": line.name,
        "title": tournament_title(line, t),
        "game": line.game,
        "game_title": game_name(line.game, t),
        "format": line.format.value,
        "format_name": t.gettext(FORMATS[line.format]),
        "stage": line.stage.value,
        "paused": line.paused,
        "round": line.round,
        "rounds": line.rounds,
        "entrants": line.entrants,
        "created_at": when(line.created_at),
        "finished_at": when(line.finished_at) if line.stage is Stage.FINISHED else None,
        "tiebreaks": list(line.tiebreaks),
        "standings": [entrant_json(e) for e in line.standings],
    }


def entrant_json(e: EntrantLine) -> Json:
    data: Json = {
        "place": e.place,
        "points": e.points,
        "tiebreaks": list(e.tiebreaks),
        "played": e.played,
        "wins": e.wins,
        "out": None if e.out is None else e.out.value,
    }
    if e.forgotten:
        data["forgotten"] = True  # and no name
    else:
        data["name"] = e.name
        if e.computer:
            data["computer"] = True
    if e.winner:
        data["winner"] = True
    return data
