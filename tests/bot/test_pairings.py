"""Pairing a tournament's next round (bot/pairings.py): Swiss by score groups without repeats,
an elimination bracket by seed, points tables by standing; and, over whole simulated tournaments
(random results, entrants disqualified on the way), the rules every round keeps."""

from __future__ import annotations

from collections import Counter
from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.pairings import (
    advancing,
    bracket_order,
    elimination_rounds,
    knocked_out,
    met,
    next_round,
    still_in,
    table_sizes,
)
from bot.people import ChatRef, PersonRef
from bot.standings import bye_match, match_points, winner
from bot.tournament import Entrant, Format, Match, Out, Round, Tournament
from tests.examples import examples

PAIRS = (2, 2)
SVOLOTA = (3, 6)


def tournament(fmt: Format, ratings: list[float], rounds: int = 0, table_size: int = 0) -> Tournament:
    """Entrants "e0", "e1", ... with these ratings (index = sign-up order)."""
    entrants = [Entrant(f"e{i}", PersonRef("test", str(i)), rating=r) for i, r in enumerate(ratings)]
    return Tournament(
        1, ChatRef("test", "chat"), "speed", fmt, PersonRef("test", "admin"),
        rounds_planned=rounds, table_size=table_size, entrants=entrants,
    )  # fmt: skip


def play(t: Tournament, matches: list[list[int]], places: list[list[int]]) -> None:
    """Record a round: `matches` as paired, each non-bye match finished with its `places` (in order)."""
    results = iter(places)
    done = []
    for m in matches:
        if len(m) == 1:
            done.append(bye_match(t.format, m[0], matches))
        else:
            p = next(results)
            done.append(Match(list(m), points=match_points(t.format, p), places=p))
    t.rounds.append(Round(len(t.rounds) + 1, done))


WIN, LOSS, DRAW = [1, 2], [2, 1], [1, 1]


# --- Swiss ---


def test_swiss_round_one_pairs_the_top_half_against_the_bottom_half_by_rating_seats_alternating():
    t = tournament(Format.SWISS, [1500, 1600, 1400, 1700, 1300, 1650], rounds=3)
    # by rating: e3 1700, e5 1650, e1 1600 | e0 1500, e2 1400, e4 1300
    assert next_round(t, PAIRS) == [[3, 0], [2, 5], [1, 4]]


def test_swiss_an_odd_field_gives_the_bye_to_the_lowest_rated():
    t = tournament(Format.SWISS, [1500, 1600, 1400, 1700, 1300], rounds=3)
    assert next_round(t, PAIRS) == [[3, 0], [2, 1], [4]]


def test_equal_ratings_rank_by_sign_up():
    t = tournament(Format.SWISS, [0, 0, 0, 0], rounds=2)
    assert next_round(t, PAIRS) == [[0, 2], [3, 1]]


def test_swiss_later_rounds_pair_score_groups_highest_first_and_an_odd_group_floats_down():
    t = tournament(Format.SWISS, [1800, 1700, 1600, 1500, 1400, 1300], rounds=3)
    play(t, [[0, 3], [4, 1], [2, 5]], [WIN, LOSS, DRAW])
    # winners e0, e1 (1 point); drawn e2, e5 (½); losers e3, e4 (0)
    pairs = next_round(t, PAIRS)
    assert pairs is not None
    # e2 and e5 have met: the ½ group cannot pair itself, so each meets one of the 0 group
    assert [sorted(m) for m in pairs] == [[0, 1], [2, 3], [4, 5]]


def test_swiss_an_odd_score_group_sends_its_lowest_down_to_the_best_of_the_next():
    t = tournament(Format.SWISS, [1800, 1700, 1600, 1500, 1400, 1300, 1200, 1100], rounds=3)
    play(t, [[0, 4], [5, 1], [2, 6], [7, 3]], [WIN, LOSS, WIN, DRAW])
    # 1 point: e0, e1, e2 | ½: e3, e7 | 0: e4, e5, e6
    pairs = next_round(t, PAIRS)
    assert pairs is not None
    # e0 v e1, e2 floats down to the ½ group's best, e7 down to the 0 group's best
    assert [sorted(m) for m in pairs] == [[0, 1], [2, 3], [4, 7], [5, 6]]


def test_swiss_never_repeats_a_pairing_when_another_exists():
    t = tournament(Format.SWISS, [1800, 1700, 1600, 1500], rounds=3)
    play(t, [[0, 2], [3, 1]], [WIN, LOSS])  # e0 and e1 win
    play(t, [[1, 0], [2, 3]], [LOSS, WIN])  # e0 2, e2 1, e1 1, e3 0
    pairs = next_round(t, PAIRS)
    assert pairs is not None
    assert {frozenset(m) for m in pairs} == {frozenset((0, 3)), frozenset((1, 2))}
    assert not {frozenset(m) for m in pairs} & met(t)


def test_swiss_repeats_a_pairing_only_as_the_last_resort():
    t = tournament(Format.SWISS, [1800, 1700, 1600, 1500], rounds=4)
    play(t, [[0, 2], [3, 1]], [WIN, WIN])
    play(t, [[0, 3], [1, 2]], [WIN, WIN])
    play(t, [[0, 1], [2, 3]], [WIN, WIN])  # everyone has met everyone
    pairs = next_round(t, PAIRS)
    assert pairs is not None and sorted(i for m in pairs for i in m) == [0, 1, 2, 3]
    assert len(pairs) == 2  # a round of repeats, the best two together
    assert {frozenset(m) for m in pairs} == {frozenset((0, 1)), frozenset((2, 3))}


def test_swiss_ends_after_the_rounds_planned_or_when_one_entrant_is_left():
    t = tournament(Format.SWISS, [1, 2, 3, 4], rounds=1)
    play(t, [[3, 1], [0, 2]], [WIN, WIN])
    assert next_round(t, PAIRS) is None
    t = tournament(Format.SWISS, [1, 2, 3], rounds=5)
    t.entrants[0].out = t.entrants[1].out = Out.DISQUALIFIED
    assert next_round(t, PAIRS) is None


def test_no_round_is_paired_while_one_is_being_played():
    t = tournament(Format.SWISS, [1, 2], rounds=2)
    t.rounds.append(Round(1, [Match([1, 0])]))
    with pytest.raises(ValueError, match="round 1 is not over"):
        next_round(t, PAIRS)


def test_a_second_bye_goes_to_nobody_while_someone_has_had_none():
    t = tournament(Format.SWISS, [1500, 1400, 1300], rounds=3)
    play(t, next_round(t, PAIRS) or [], [WIN])  # e2 has the bye
    assert t.rounds[0].matches[-1].entrants == [2]
    second = next_round(t, PAIRS)
    assert second is not None and second[-1] != [2] and len(second[-1]) == 1


def test_seat_zero_goes_to_who_sat_second_more_often():
    t = tournament(Format.SWISS, [1800, 1700, 1600, 1500], rounds=3)
    play(t, [[0, 2], [3, 1]], [WIN, LOSS])  # e0 and e1 win: e0 sat first, e1 second
    pairs = next_round(t, PAIRS)
    assert pairs is not None and [1, 0] in pairs  # e1 sits first now


# --- Elimination ---


def test_the_bracket_order_meets_the_top_seeds_only_in_the_final():
    assert bracket_order(16) == [1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11]
    assert bracket_order(2) == [1, 2]


@pytest.mark.parametrize(("n", "rounds"), [(0, 0), (1, 0), (2, 1), (3, 2), (4, 2), (5, 3), (16, 4), (17, 5), (40, 6)])
def test_elimination_rounds(n: int, rounds: int):
    assert elimination_rounds(n) == rounds


def test_elimination_seeds_by_rating_and_gives_the_top_seeds_byes():
    t = tournament(Format.ELIMINATION, [1000, 1500, 1200, 1400, 1300])
    # seeds: 1 e1, 2 e3, 3 e4, 4 e2, 5 e0; a bracket of 8: 1 v (8), 4 v 5, 2 v (7), 3 v (6)
    assert next_round(t, PAIRS) == [[1], [2, 0], [3], [4]]


def test_elimination_pairs_the_winners_of_adjacent_matches_and_knocks_the_losers_out():
    t = tournament(Format.ELIMINATION, [1000, 1500, 1200, 1400, 1300])
    play(t, next_round(t, PAIRS) or [], [LOSS])  # e0 (seed 5) beats e2 (seed 4)
    assert knocked_out(t, t.rounds[0].matches[1]) == 2
    assert knocked_out(t, t.rounds[0].matches[0]) is None  # a bye
    assert next_round(t, PAIRS) == [[1, 0], [3, 4]]  # seed 1 v seed 5, seed 2 v seed 3
    play(t, [[1, 0], [3, 4]], [LOSS, WIN])
    assert next_round(t, PAIRS) == [[3, 0]]
    play(t, [[3, 0]], [LOSS])
    assert next_round(t, PAIRS) is None and winner(t) == 0 and len(t.rounds) == elimination_rounds(5)


def test_a_drawn_elimination_match_sends_the_higher_seed_on():
    t = tournament(Format.ELIMINATION, [1000, 1500])
    play(t, next_round(t, PAIRS) or [], [DRAW])
    assert advancing(t, t.rounds[0].matches[0]) == 1 and knocked_out(t, t.rounds[0].matches[0]) == 0
    assert winner(t) == 1


def test_a_survivor_whose_next_opponent_was_disqualified_has_a_bye_and_the_bracket_keeps_its_shape():
    t = tournament(Format.ELIMINATION, [800, 700, 600, 500, 400, 300, 200, 100])
    play(t, next_round(t, PAIRS) or [], [WIN, WIN, WIN, WIN])  # seeds 1, 4, 2, 3 win
    t.entrants[3].out = Out.DISQUALIFIED  # seed 4 goes before round 2
    assert next_round(t, PAIRS) == [[0], [1, 2]]
    play(t, [[0], [1, 2]], [WIN])
    assert next_round(t, PAIRS) == [[0, 1]]


def test_a_round_of_nothing_but_byes_is_skipped():
    t = tournament(Format.ELIMINATION, [800, 700, 600, 500, 400, 300, 200, 100])
    play(t, next_round(t, PAIRS) or [], [WIN, WIN, WIN, WIN])
    t.entrants[3].out = t.entrants[2].out = Out.DISQUALIFIED  # seeds 4 and 3
    assert next_round(t, PAIRS) == [[0, 1]]  # the final at once


# --- Points ---


@pytest.mark.parametrize(
    ("count", "least", "most", "target", "tables"),
    [
        (6, 3, 6, 6, [6]),
        (7, 3, 6, 6, [4, 3]),
        (12, 3, 6, 4, [4, 4, 4]),
        (13, 3, 6, 4, [5, 4, 4]),  # 3 tables of 4.33 beat 4 of 3.25
        (9, 3, 6, 0, [3, 3, 3]),  # a target below the least counts as the least
        (7, 4, 5, 5, [5]),  # 6 and 7 cannot be split into 4–5: two byes
        (2, 3, 6, 6, []),
        (40, 2, 40, 40, [40]),
    ],
)
def test_table_sizes(count: int, least: int, most: int, target: int, tables: list[int]):
    assert table_sizes(count, least, most, target) == tables


def test_points_round_one_seats_by_rating_and_later_rounds_by_standing():
    t = tournament(Format.POINTS, [100, 600, 200, 500, 300, 400, 700], rounds=3, table_size=4)
    first = next_round(t, SVOLOTA)
    assert first == [[6, 1, 3, 5], [4, 2, 0]]  # 7 → 4 + 3, best-rated together
    play(t, first or [], [[4, 3, 2, 1], [1, 2, 3]])  # e5 wins the top table, e4 the other
    # points: e5 3, e3 2, e4 2, e1 1, e2 1, e6 0, e0 0 (equal points by rating): tables
    # e5 e3 e4 e1 and e2 e6 e0, each seat order turned a step (round 2)
    assert next_round(t, SVOLOTA) == [[3, 4, 1, 5], [6, 0, 2]]


def test_points_ends_when_fewer_than_a_table_remain():
    t = tournament(Format.POINTS, [1, 2, 3, 4], rounds=5)
    t.entrants[0].out = t.entrants[1].out = Out.LEFT
    assert next_round(t, SVOLOTA) is None


# --- Whole tournaments ---


def _results(draw: st.DrawFn, t: Tournament, matches: list[list[int]]) -> list[Match]:
    done = []
    for m in matches:
        if len(m) == 1:
            done.append(bye_match(t.format, m[0], matches))
            continue
        places = (
            draw(st.sampled_from([WIN, LOSS, DRAW]))
            if len(m) == 2
            else draw(st.lists(st.integers(1, len(m)), min_size=len(m), max_size=len(m)))
        )
        done.append(Match(list(m), points=match_points(t.format, places), places=places))
    return done


def _repeat_free_exists(pool: list[int], seen: set[frozenset[int]]) -> bool:
    if not pool:
        return True
    top, rest = pool[0], pool[1:]
    return any(frozenset((top, o)) not in seen and _repeat_free_exists([i for i in rest if i != o], seen) for o in rest)


@st.composite
def played(draw: st.DrawFn, fmt: Format, most: int = 40) -> tuple[Tournament, tuple[int, int]]:
    """A whole tournament played out with random results, some entrants disqualified between
    rounds; checks each round's own rules as it goes; answers it and the game's sizes."""
    n = draw(st.integers(2, most))
    ratings = draw(st.lists(st.sampled_from([0, 900, 1000, 1100, 1200]), min_size=n, max_size=n))
    least, top = (2, 2) if fmt.pairs else draw(st.sampled_from([(3, 6), (2, 8), (4, 5), (2, 40)]))
    rounds = draw(st.integers(1, n + 1 if n <= 8 else 6))
    t = tournament(fmt, ratings, rounds=rounds, table_size=draw(st.integers(0, top)))
    while (matches := next_round(t, (least, top))) is not None:
        assert len(t.rounds) < 64
        byes = Counter(m.entrants[0] for r in t.rounds for m in r.matches if m.bye)
        alive = set(still_in(t))
        if fmt is Format.ELIMINATION:
            alive = {i for i in alive if not any(knocked_out(t, m) == i for r in t.rounds for m in r.matches)}
        seated = [i for m in matches for i in m]
        assert sorted(seated) == sorted(alive)  # every one still in: in exactly one match
        assert all(m for m in matches)
        one = [m[0] for m in matches if len(m) == 1]
        if fmt is Format.SWISS:
            assert len(one) <= 1 and len(one) == len(alive) % 2
            if one:  # nobody gets a second bye while someone still in has fewer
                assert byes[one[0]] == min(byes[i] for i in alive)
            repeats = {frozenset(m) for m in matches if len(m) == 2} & met(t)
            if repeats and len(alive) <= 9:  # a repeat only when no repeat-free round exists
                fewest = [i for i in alive if byes[i] == min(byes[i] for i in alive)] if one else [None]
                seen = met(t)
                assert not any(_repeat_free_exists(sorted(alive - {b}), seen) for b in fewest)
        if fmt is Format.ELIMINATION:
            assert all(len(m) <= 2 for m in matches)
        if fmt is Format.POINTS:
            tables = [len(m) for m in matches if len(m) > 1 or least == 1]
            assert all(least <= s <= top for s in tables)
            assert max(tables) - min(tables) <= 1
            count = len(alive)  # byes only when no split into tables of the game's sizes seats everyone
            splits = any(k * least <= count <= k * top for k in range(1, count + 1))
            assert not one if splits else one
        t.rounds.append(Round(len(t.rounds) + 1, _results(draw, t, matches)))
        for m in t.rounds[-1].matches:
            if (out := knocked_out(t, m)) is not None:
                t.entrants[out].out = Out.ELIMINATED
        if draw(st.integers(0, 5)) == 0:  # now and then someone is disqualified between rounds
            for i in draw(st.sets(st.sampled_from(range(n)), max_size=2)):
                t.entrants[i].out = t.entrants[i].out or Out.DISQUALIFIED
    return t, (least, top)


@settings(max_examples=examples(120), deadline=None)
@given(played(Format.SWISS))
def test_swiss_plays_its_rounds_each_with_everyone_still_in_once(case):
    t, _ = case
    assert len(t.rounds) == t.rounds_planned or len(still_in(t)) < 2


@settings(max_examples=examples(120), deadline=None)
@given(played(Format.SWISS, most=7))
def test_small_swiss_fields_repeat_nothing_that_could_be_avoided(case):
    t, _ = case  # checked round by round in `played`, exhaustively at this size
    assert len(t.rounds) == t.rounds_planned or len(still_in(t)) < 2


@settings(max_examples=examples(120), deadline=None)
@given(played(Format.ELIMINATION))
def test_elimination_ends_with_one_winner_in_its_rounds(case):
    t, _ = case
    disqualified = any(e.out is Out.DISQUALIFIED for e in t.entrants)
    if not disqualified:
        assert len(t.rounds) == elimination_rounds(len(t.entrants))
        assert winner(t) is not None
    assert len(t.rounds) <= elimination_rounds(len(t.entrants))
    champion = winner(t)
    assert champion is None or t.entrants[champion].out is None
    assert sum(e.out is None for e in t.entrants) <= 1


@settings(max_examples=examples(120), deadline=None)
@given(played(Format.POINTS))
def test_points_tables_stay_within_the_game_s_sizes(case):
    t, (least, _) = case
    assert len(t.rounds) == t.rounds_planned or len(still_in(t)) < least


def test_a_repeat_free_round_is_found_deep_in_a_long_swiss():
    # nine rounds of ten: the search must step back far, and still answers at once
    t = tournament(Format.SWISS, [float(i) for i in range(10)], rounds=9)
    for _ in range(9):
        matches = next_round(t, PAIRS)
        assert matches is not None
        assert not {frozenset(m) for m in matches} & met(t)
        play(t, matches, [WIN] * len(matches))
    assert len(met(t)) == len(list(combinations(range(10), 2)))  # a full round robin
