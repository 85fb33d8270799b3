"""A chat's tournaments on its group page (bot/history_tournaments.py): the HTML's view, written for
the reader as page_views.py does (the API's JSON is page_json.py's `tournament_json`, its schema
openapi.py's "Tournament"). Each one's standings are an HTML table, readable without script; no
picture (the chat has those).

The words are the tournament screens' own (bot/ui/tournament.py, bot/ui/tournament_picture.py):
the format's name, "Round 2 of 3", "Final standings", the tie-breaks' column headings, the marks
of those who left or were disqualified, "a former player" for a forgotten person."""

from __future__ import annotations

from typing import Any

from bot.history_tournaments import EntrantLine, TournamentLine
from bot.i18n import Translator
from bot.tournament import Out, Stage
from bot.ui.tournament import FORMATS
from bot.ui.tournament_picture import HEADINGS, points_text, tiebreak_text
from bot.ui.words import game_name


def title(line: TournamentLine, t: Translator) -> str:
    return line.name or game_name(line.game, t)


def state(line: TournamentLine, t: Translator) -> str:
    """Where it is: signing up, the round under way of how many, or over."""
    if line.stage is Stage.SIGNUP:
        # TRANSLATORS: a group page: a tournament taking entrants
        return t.gettext("Sign-up is open")
    if line.stage is Stage.FINISHED:
        return t.gettext("Final standings")
    return t.gettext("Round {number} of {count}").format(number=t.number(line.round), count=t.number(line.rounds))


def entrant_name(e: EntrantLine, t: Translator, former: str) -> str:
    if e.forgotten:
        return former
    return "🤖 " + e.name if e.computer else e.name


def _mark(e: EntrantLine, t: Translator) -> str:
    if e.out is Out.DISQUALIFIED:
        return t.gettext("(disqualified)")
    if e.out is Out.LEFT:
        return t.gettext("(left)")
    return "✗" if e.out is Out.ELIMINATED else ""


def tournament_view(line: TournamentLine, t: Translator, former: str) -> dict[str, Any]:
    shown = [k for k, b in enumerate(line.tiebreaks) if b in HEADINGS]  # (an elimination's "round": the points say it)
    first = next((e for e in line.standings if e.winner), None)
    return {
        "id": line.id,
        "title": title(line, t),
        "facts": " · ".join((game_name(line.game, t), t.gettext(FORMATS[line.format]))),
        "day": t.day(line.finished_at or line.created_at),
        "state": state(line, t),
        "paused": t.gettext("⏸ Paused by an admin") if line.paused and line.stage is Stage.RUNNING else "",
        "winner": entrant_name(first, t, former) if first else "",
        "signing_up": line.stage is Stage.SIGNUP,
        "entrants": t.gettext("Entrants ({count}):").format(count=t.number(line.entrants)),
        "names": [entrant_name(e, t, former) for e in line.standings],
        "headings": [
            t.gettext("Place"),
            t.gettext("Player"),
            t.gettext("Points"),
            *(t.gettext(HEADINGS[line.tiebreaks[k]]) for k in shown),
            t.gettext("Played"),
        ],
        "rows": [
            {
                "place": t.number(e.place),
                "name": entrant_name(e, t, former),
                "mark": _mark(e, t),
                "winner": e.winner,
                "points": points_text(e.points, t),
                "tiebreaks": [tiebreak_text(line.tiebreaks[k], e.tiebreaks[k], t) for k in shown],
                "played": t.number(e.played),
            }
            for e in line.standings
        ],
        "more": line.entrants > len(line.standings),
    }
