"""Who stands where (bot/standings.py): a match's points from its places, the tie-breaks worked by
hand, shared places, the winner; over whole simulated tournaments, the standings' own rules."""

from __future__ import annotations

from itertools import pairwise

import pytest
from hypothesis import given, settings

from bot.standings import TIEBREAKS, bye_match, bye_points, match_points, standings, winner
from bot.tournament import Format, Out
from tests.bot.test_pairings import DRAW, LOSS, WIN, play, played, tournament
from tests.examples import examples


@pytest.mark.parametrize(
    ("fmt", "places", "points"),
    [
        (Format.SWISS, [1, 2], [1.0, 0.0]),
        (Format.SWISS, [2, 1], [0.0, 1.0]),
        (Format.ELIMINATION, [1, 1], [0.5, 0.5]),
        (Format.POINTS, [1, 2, 3, 4], [3.0, 2.0, 1.0, 0.0]),
        (Format.POINTS, [3, 1, 2], [0.0, 2.0, 1.0]),
        (Format.POINTS, [1, 2, 2, 4], [3.0, 1.5, 1.5, 0.0]),  # tied for second: (2 + 1) / 2
        (Format.POINTS, [1, 2, 2, 3], [3.0, 1.5, 1.5, 0.0]),  # the same ties, numbered densely
        (Format.POINTS, [1, 1, 1], [1.0, 1.0, 1.0]),
    ],
)
def test_match_points_pay_n_minus_the_place_and_ties_share(fmt: Format, places: list[int], points: list[float]):
    assert match_points(fmt, places) == points


def test_a_bye_is_a_win_in_pairs_and_an_average_table_in_points():
    assert bye_points(Format.SWISS, [[0, 1], [2]]) == 1.0
    assert bye_points(Format.POINTS, [[0, 1, 2, 3, 4], [5, 6, 7, 8], [9]]) == 2.0  # a table of 5 pays 4..0
    m = bye_match(Format.ELIMINATION, 3, [[1, 2], [3]])
    assert (m.entrants, m.points, m.bye, m.decided) == ([3], [1.0], True, "bye")


def test_swiss_tie_breaks_worked_by_hand_with_byes():
    # A=e0 B=e1 C=e2 D=e3 E=e4, all rated alike
    #   round 1: A beats B, C draws D, E bye     round 2: A beats C, B beats E, D bye
    #   round 3: A draws E, B beats D, C bye
    # points: A 2.5, B 2, C 1.5, D 1.5, E 1.5
    # Buchholz (a bye: a virtual opponent with the entrant's own points):
    #   A: B 2 + C 1.5 + E 1.5 = 5     B: A 2.5 + E 1.5 + D 1.5 = 5.5   C: D 1.5 + A 2.5 + self 1.5 = 5.5
    #   D: C 1.5 + self 1.5 + B 2 = 5  E: self 1.5 + B 2 + A 2.5 = 6
    # Sonneborn-Berger (beaten in full, drawn by half; the bye a win over the virtual self):
    #   A: B 2 + C 1.5 + E 1.5 / 2 = 4.25   B: E 1.5 + D 1.5 = 3   C: D 1.5 / 2 + self 1.5 = 2.25
    #   D: C 1.5 / 2 + self 1.5 = 2.25      E: self 1.5 + A 2.5 / 2 = 2.75
    # wins (byes count): A 2, B 2, C 1, D 1, E 1
    t = tournament(Format.SWISS, [1000] * 5, rounds=3)
    play(t, [[0, 1], [2, 3], [4]], [WIN, DRAW])
    play(t, [[0, 2], [4, 1], [3]], [WIN, LOSS])
    play(t, [[0, 4], [1, 3], [2]], [DRAW, WIN])
    rows = standings(t)
    assert TIEBREAKS[Format.SWISS] == ("buchholz", "sonneborn_berger", "wins", "rating")
    assert [(r.name, r.place, r.points, r.tiebreaks, r.played, r.wins) for r in rows] == [
        ("e0", 1, 2.5, (5.0, 4.25, 2.0, 1000.0), 3, 2),
        ("e1", 2, 2.0, (5.5, 3.0, 2.0, 1000.0), 3, 2),
        ("e4", 3, 1.5, (6.0, 2.75, 1.0, 1000.0), 3, 1),
        ("e2", 4, 1.5, (5.5, 2.25, 1.0, 1000.0), 3, 1),
        ("e3", 5, 1.5, (5.0, 2.25, 1.0, 1000.0), 3, 1),
    ]
    assert winner(t) == 0


def test_sonneborn_berger_prefers_beating_the_stronger_when_buchholz_is_equal():
    # P=e0 Q=e1 X=e2 Y=e3; Y is rated higher than X, so only Sonneborn-Berger puts X first
    #   round 1: X beats P, Y beats Q   round 2: Q beats X, P beats Y   round 3: P beats Q, X draws Y
    # points: P 2, X 1.5, Y 1.5, Q 1; Buchholz X: P 2 + Q 1 + Y 1.5 = 4.5 = Y: Q 1 + P 2 + X 1.5
    # Sonneborn-Berger X: P 2 + Y 1.5 / 2 = 2.75; Y: Q 1 + X 1.5 / 2 = 1.75
    t = tournament(Format.SWISS, [1000, 1000, 1100, 1200], rounds=3)
    play(t, [[2, 0], [3, 1]], [WIN, WIN])
    play(t, [[1, 2], [0, 3]], [WIN, WIN])
    play(t, [[0, 1], [2, 3]], [WIN, DRAW])
    rows = standings(t)
    assert [r.name for r in rows] == ["e0", "e2", "e3", "e1"]
    assert rows[1].tiebreaks[:2] == (4.5, 2.75) and rows[2].tiebreaks[:2] == (4.5, 1.75)


def test_entrants_equal_in_everything_share_a_place_listed_by_sign_up():
    t = tournament(Format.SWISS, [1000, 1000, 900], rounds=1)
    play(t, [[0, 1], [2]], [DRAW])
    rows = standings(t)
    assert [(r.entrant, r.place) for r in rows] == [(2, 1), (0, 2), (1, 2)]


def test_the_rating_breaks_a_tie_the_games_left():
    t = tournament(Format.SWISS, [1000, 1100], rounds=1)
    play(t, [[0, 1]], [DRAW])
    assert [(r.entrant, r.place) for r in standings(t)] == [(1, 1), (0, 2)]


def test_a_disqualified_entrant_is_listed_last_and_cannot_win():
    t = tournament(Format.SWISS, [1000, 1000, 1000, 1000], rounds=1)
    play(t, [[0, 1], [2, 3]], [WIN, DRAW])
    t.entrants[0].out = Out.DISQUALIFIED
    rows = standings(t)
    assert [r.entrant for r in rows] == [2, 3, 1, 0] and rows[-1].out is Out.DISQUALIFIED
    assert winner(t) == 2


def test_points_standings_break_ties_by_wins_then_table_mates_points():
    # round 1: e0 first (3), e1 2, e2 1, e3 last; round 2: e3 first, e2, e1, e0 last
    # everyone has 3 points; e0 and e3 won once: e0's table-mates 3 + 3 + 3 + 3 + 3 + 3 = 18, as
    # e3's; rating: e3 over e0. e1 and e2 won nothing: rating e2 over e1.
    t = tournament(Format.POINTS, [1000, 1000, 1100, 1200], rounds=2)
    play(t, [[0, 1, 2, 3]], [[1, 2, 3, 4]])
    play(t, [[3, 2, 1, 0]], [[1, 2, 3, 4]])
    rows = standings(t)
    assert TIEBREAKS[Format.POINTS] == ("wins", "opponents", "rating")
    assert [(r.entrant, r.place, r.points, r.tiebreaks) for r in rows] == [
        (3, 1, 3.0, (1.0, 18.0, 1200.0)),
        (0, 2, 3.0, (1.0, 18.0, 1000.0)),
        (2, 3, 3.0, (0.0, 18.0, 1100.0)),
        (1, 4, 3.0, (0.0, 18.0, 1000.0)),
    ]


def test_elimination_standings_put_the_champion_first_then_by_the_round_reached():
    t = tournament(Format.ELIMINATION, [1000, 1500, 1200, 1400, 1300])
    play(t, [[1], [2, 0], [3], [4]], [LOSS])  # e0 beats e2
    play(t, [[1, 0], [3, 4]], [LOSS, WIN])  # e0 beats e1, e3 beats e4
    play(t, [[3, 0]], [LOSS])  # e0 wins the final
    rows = standings(t)
    assert TIEBREAKS[Format.ELIMINATION] == ("round", "rating")
    # e0: 3 wins; e3: bye + 1 win, final reached; e1: bye, round 2, rated 1500; e4: bye, round 2; e2: out in round 1
    assert [(r.entrant, r.place, r.points, r.tiebreaks[0]) for r in rows] == [
        (0, 1, 3.0, 3.0),
        (3, 2, 2.0, 3.0),
        (1, 3, 1.0, 2.0),
        (4, 4, 1.0, 2.0),
        (2, 5, 0.0, 1.0),
    ]
    assert winner(t) == 0


def test_nobody_wins_before_a_match_is_played():
    assert winner(tournament(Format.SWISS, [1, 2], rounds=1)) is None
    assert winner(tournament(Format.ELIMINATION, [1, 2])) is None


@settings(max_examples=examples(80), deadline=None)
@given(played(Format.SWISS, most=16))
def test_swiss_standings_are_ordered_placed_and_count_every_match(case):
    t, _ = case
    rows = standings(t)
    assert sorted(r.entrant for r in rows) == list(range(len(t.entrants)))
    assert sum(r.points for r in rows) == sum(len(r.matches) for r in t.rounds)  # a point a match
    assert sum(r.played for r in rows) == sum(len(m.entrants) for r in t.rounds for m in r.matches)
    keys = [(r.out is Out.DISQUALIFIED, -r.points, tuple(-b for b in r.tiebreaks)) for r in rows]
    assert keys == sorted(keys)
    for above, below in pairwise(rows):
        shared = (above.out is Out.DISQUALIFIED, above.points, above.tiebreaks) == (
            below.out is Out.DISQUALIFIED, below.points, below.tiebreaks
        )  # fmt: skip
        assert below.place == (above.place if shared else rows.index(below) + 1)


@settings(max_examples=examples(80), deadline=None)
@given(played(Format.POINTS, most=24))
def test_points_standings_add_up_each_table_s_places(case):
    t, _ = case
    rows = standings(t)
    tables = [m for r in t.rounds for m in r.matches if not m.bye]
    byes = sum(m.points[0] for r in t.rounds for m in r.matches if m.bye and m.points)
    assert sum(r.points for r in rows) == sum(len(m.entrants) * (len(m.entrants) - 1) / 2 for m in tables) + byes
    assert sum(r.wins for r in rows) <= len(tables)
