"""A chat's tournaments as its group page lists them (bot/history.py `ChatHistory.tournaments`): the
open ones and the finished ones, newest first, each with its standings. Cancelled ones are left
out (they decided nothing). Pure data made from a `Tournament` (bot/tournament.py); both stores
pick the tournaments (memory: bot/memory_history.py, SQL: adapters/sql/history.py) and call
`tournament_lines` with them.

A line names no person by their platform id: only names, as the standings show them ("" for a
forgotten person, whom the page writes "a former player")."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from bot.pairings import elimination_rounds, planned_rounds
from bot.standings import TIEBREAKS, standings, winner
from bot.tournament import Format, Out, Stage, Tournament

TOURNAMENTS = 10  # a group page's tournaments at most
STANDINGS = 64  # rows of each tournament's standings at most (`TournamentLine.entrants` counts all)
SHOWN = (Stage.SIGNUP, Stage.RUNNING, Stage.FINISHED)


@dataclass(frozen=True, slots=True)
class EntrantLine:
    """One line of a tournament's standings on the page."""

    place: int  # 1 is first; equals share a place
    name: str  # "" for a forgotten person
    computer: bool
    forgotten: bool
    points: float
    tiebreaks: tuple[float, ...]  # in `TournamentLine.tiebreaks`' order
    played: int
    wins: int
    out: Out | None
    winner: bool = False  # the tournament's winner (finished ones)


@dataclass(frozen=True, slots=True)
class TournamentLine:
    id: int
    name: str  # "" for the game's name
    game: str
    format: Format
    stage: Stage  # signing up, running or finished
    paused: bool
    round: int  # the round under way or last played; 0 while signing up
    rounds: int  # the rounds it plays (elimination: the bracket's, as seeded)
    entrants: int  # everyone in its standings, also those the page leaves out past STANDINGS
    created_at: float
    finished_at: float  # 0 until finished
    tiebreaks: tuple[str, ...]  # bot/standings.py TIEBREAKS of its format
    standings: tuple[EntrantLine, ...]  # best first


def shown(t: Tournament) -> bool:
    return t.stage in SHOWN


def tournament_line(t: Tournament) -> TournamentLine:
    rows = standings(t)
    first = winner(t) if t.stage is Stage.FINISHED else None
    lines = tuple(
        EntrantLine(
            row.place,
            row.name,
            t.entrants[row.entrant].computer,
            t.entrants[row.entrant].forgotten,
            row.points,
            row.tiebreaks,
            row.played,
            row.wins,
            row.out,
            row.entrant == first,
        )
        for row in rows[:STANDINGS]
    )
    if t.format is Format.ELIMINATION and t.rounds:  # (as the picture counts them: the bracket as seeded)
        count = elimination_rounds(2 * len(t.rounds[0].matches))
    else:
        count = planned_rounds(t)
    return TournamentLine(
        t.id,
        t.name,
        t.game,
        t.format,
        t.stage,
        t.paused,
        len(t.rounds),
        max(count, len(t.rounds)),
        len(rows),
        t.created_at,
        t.finished_at,
        TIEBREAKS[t.format],
        lines,
    )


def tournament_lines(found: Iterable[Tournament], most: int = TOURNAMENTS) -> tuple[TournamentLine, ...]:
    """The page's tournaments of `found` (any order; cancelled ones left out): newest first, at most `most`."""
    kept = sorted((t for t in found if shown(t)), key=lambda t: -t.id)
    return tuple(tournament_line(t) for t in kept[:most])
