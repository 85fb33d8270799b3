"""The tournaments of tests/adapters/web/fake_history.py's story (it hands over its people), computed:
the October cup (Swiss, three rounds, its five people — the last forgotten since — and a computer),
the Speed knockout (single elimination of eight, its first round played) and the Demon night
(points, signing up). Pairings come from bot/pairings.py and results from a seeded generator, so
the group page's tournaments are what these imply; bot/history_tournaments.py makes the page's
lines of them."""

from __future__ import annotations

import random

from bot.forgotten_entrants import scrub
from bot.history_tournaments import TournamentLine, tournament_lines
from bot.pairings import next_round
from bot.people import ChatRef, PersonRef
from bot.standings import bye_match
from bot.tournament import Entrant, Format, Match, Round, Stage, Tournament
from bot.tournament_matches import record

DAY = 86400.0


def _played(t: Tournament, rounds: int, rng: random.Random) -> None:
    """`rounds` rounds paired as bot/pairings.py pairs them, each match's places drawn by `rng`."""
    for _ in range(rounds):
        paired = next_round(t, (2, 2))
        assert paired is not None
        matches = []
        for seats in paired:
            if len(seats) == 1:
                matches.append(bye_match(t.format, seats[0], paired))
                continue
            match = Match(list(seats))
            record(t, match, rng.choice([[1, 2], [2, 1], [1, 2], [2, 1], [1, 1]]), None)
            matches.append(match)
        t.rounds.append(Round(len(t.rounds) + 1, matches))


def october_cup(chat: ChatRef, people: list[tuple[PersonRef, str]], start: float, rng: random.Random) -> Tournament:
    """Swiss of `people` and a computer; the last of `people` forgotten after it."""
    t = Tournament(1, chat, "speed", Format.SWISS, people[0][0], name="October cup", rounds_planned=3)
    t.entrants = [Entrant(name, p, rating=10.0 - k) for k, (p, name) in enumerate(people)] + [Entrant("Ada", None)]
    t.stage, t.created_at = Stage.RUNNING, start
    _played(t, 3, rng)
    t.stage, t.finished_at = Stage.FINISHED, start + 2 * DAY
    scrub(t, people[-1][0])
    return t


def speed_knockout(chat: ChatRef, people: list[tuple[PersonRef, str]], start: float, rng: random.Random) -> Tournament:
    t = Tournament(2, chat, "speed", Format.ELIMINATION, people[1][0], created_at=start + 20 * DAY)
    t.entrants = [Entrant(name, p) for p, name in people[:4]]
    t.entrants += [Entrant(name, None) for name in ("Ada", "Ben", "Cleo", "Dot")]
    t.stage = Stage.RUNNING
    _played(t, 1, rng)
    return t


def demon_night(chat: ChatRef, people: list[tuple[PersonRef, str]], start: float) -> Tournament:
    t = Tournament(3, chat, "racing_demon", Format.POINTS, people[0][0], name="Demon night", rounds_planned=2)
    t.entrants = [Entrant(name, p) for p, name in people[::3]]
    t.created_at = start + 30 * DAY
    return t


def tournament_story(chat: ChatRef, people: list[tuple[PersonRef, str]], start: float) -> tuple[TournamentLine, ...]:
    """The group page's tournaments (newest first) of `people` (the last forgotten) from `start`."""
    rng = random.Random(38)
    made = [october_cup(chat, people, start, rng), speed_knockout(chat, people, start, rng)]
    return tournament_lines([*made, demon_night(chat, people, start)])
