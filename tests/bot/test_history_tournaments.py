"""A tournament as its chat's page lists it (bot/history_tournaments.py): the standings' lines in
their order with their names (a computer's marked, a forgotten person's without a name), the
winner once it is over, the round under way of the rounds it plays; cancelled ones left out."""

from __future__ import annotations

from bot.forgotten_entrants import scrub
from bot.history_tournaments import STANDINGS, tournament_line, tournament_lines
from bot.standings import TIEBREAKS, standings
from bot.tournament import Entrant, Format, Stage
from tests.bot.test_pairings import DRAW, LOSS, WIN, play, tournament
from tests.bot.test_tournament_picture import worked_swiss


def test_a_finished_swiss_lists_its_standings_in_order_and_marks_the_winner():
    t = worked_swiss()
    t.stage, t.finished_at = Stage.FINISHED, 900.0
    t.entrants[3] = Entrant("e3", None)  # a computer
    scrub(t, t.entrants[4].person)  # e4 asked to be forgotten

    line = tournament_line(t)

    assert (line.stage, line.round, line.rounds, line.entrants, line.finished_at) == (Stage.FINISHED, 3, 3, 5, 900.0)
    assert line.tiebreaks == TIEBREAKS[Format.SWISS]
    rows = standings(t)
    assert [(e.place, e.name, e.points, e.tiebreaks) for e in line.standings] == [
        (r.place, r.name, r.points, r.tiebreaks) for r in rows
    ]
    assert [e.name for e in line.standings] == ["e0", "e1", "", "e2", "e3"]
    assert [(e.computer, e.forgotten) for e in line.standings][2:] == [(False, True), (False, False), (True, False)]
    assert [e.winner for e in line.standings] == [True, False, False, False, False]


def test_a_running_elimination_counts_the_rounds_of_its_bracket_and_names_no_winner():
    t = tournament(Format.ELIMINATION, [0.0] * 5)
    t.stage = Stage.RUNNING
    play(t, [[0], [1, 2], [3, 4]], [WIN, LOSS])
    line = tournament_line(t)
    assert (line.round, line.rounds) == (1, 3)  # five in a bracket of eight: three rounds
    assert not any(e.winner for e in line.standings)
    assert [e.name for e in line.standings][:3] == ["e0", "e1", "e4"]  # the bye and the two winners


def test_signing_up_is_round_zero_and_a_large_field_is_cut_to_the_page_s_rows():
    t = tournament(Format.SWISS, [0.0] * (STANDINGS + 6), rounds=4)
    line = tournament_line(t)
    assert (line.stage, line.round, line.rounds) == (Stage.SIGNUP, 0, 4)
    assert (len(line.standings), line.entrants) == (STANDINGS, STANDINGS + 6)


def test_the_page_keeps_the_newest_open_and_finished_ones_and_leaves_the_cancelled_out():
    made = []
    for k, stage in enumerate([Stage.FINISHED, Stage.CANCELLED, Stage.RUNNING, Stage.SIGNUP, Stage.FINISHED]):
        t = tournament(Format.SWISS, [0.0] * 2, rounds=1)
        t.id, t.stage = k + 1, stage
        if stage is Stage.FINISHED:
            play(t, [[0, 1]], [DRAW])
        made.append(t)
    assert [line.id for line in tournament_lines(made)] == [5, 4, 3, 1]
    assert [line.id for line in tournament_lines(made, most=2)] == [5, 4]
