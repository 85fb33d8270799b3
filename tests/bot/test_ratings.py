"""The rating rules, as pure functions: places per game, ties, who is rated, practice, scopes, trend."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot.people import ChatRef, PersonRef
from bot.ratings import (
    GLOBAL,
    MODEL,
    Rating,
    Result,
    chat_scope,
    higher_wins,
    places,
    rate,
    result_of,
    shown,
)
from bot.tables import Seat, Status, Table

CHAT = ChatRef("tg", "42", thread_id="7")
HERE = "tg:42"
ANN, BOB, CY = PersonRef("tg", "ann"), PersonRef("tg", "bob"), PersonRef("tg", "cy")
NAMES = {ANN: "Ann", BOB: "Bob", CY: "Cy"}


def finished(game: str, people: list[PersonRef | None], scores: list[int], winner: int | None, **options) -> Result:
    seats = [Seat(NAMES[p] if p else f"Bot {i}", p) for i, p in enumerate(people)]
    table = Table(1, CHAT, game, ANN, Status.FINISHED, seats=seats, result=scores, updated_at=50.0)
    return result_of(table, SimpleNamespace(winner_seat=winner, options=options))


def rows(result: Result, current: list[Rating] = ()) -> dict[tuple[str, PersonRef], Rating]:
    return {(r.scope, r.person): r for r in rate(result, current)}


# ----- places --------------------------------------------------------------------------------


def test_svolota_places_by_cards_left_fewest_first_and_ties_share_a_place():
    assert places("svolota", [0, 5, 3, 5], 0, False) == [1, 3, 2, 3]


def test_racing_demon_places_by_score_highest_first():
    assert places("racing_demon", [10, -3, 10, 4], None, True) == [1, 4, 1, 3]


def test_a_speed_deal_puts_its_winner_first_whatever_the_cards():
    assert places("speed", [0, 4], 0, False) == [1, 2]
    assert places("speed", [6, 2], 0, False) == [1, 2]  # the winner went out first in a stuck deal
    assert places("speed", [3, 3], None, False) == [1, 1]  # a draw: a tie


def test_a_speed_match_places_by_match_points():
    assert higher_wins("speed", {"target": 10}) and not higher_wins("speed", {"target": 0})
    assert places("speed", [7, 10], 1, True) == [2, 1]
    assert places("speed", [10, 10], None, True) == [1, 1]


def test_a_result_names_each_seat_its_place_and_the_winner():
    result = finished("svolota", [ANN, None, BOB], [4, 0, 2], 1)
    assert [(s.person, s.place, s.won) for s in result.standings] == [(ANN, 3, False), (None, 1, True), (BOB, 2, False)]
    assert [s.person for s in result.people] == [ANN, BOB] and result.rated
    assert result.finished_at == 50.0 and not result.higher


# ----- who is rated --------------------------------------------------------------------------


def test_only_people_are_rated_ranked_among_themselves():
    result = finished("svolota", [None, ANN, BOB], [0, 2, 5], 0)  # a computer won; Ann beat Bob
    new = rows(result)
    ann, bob = new[(HERE, ANN)], new[(HERE, BOB)]
    assert ann.mu > MODEL.mu > bob.mu
    assert (ann.games, ann.wins, bob.games, bob.wins) == (1, 0, 1, 0)  # the computer's win is nobody's


def test_a_winner_among_people_counts_a_win():
    new = rows(finished("racing_demon", [ANN, BOB, None], [12, 3, 7], 0))
    assert new[(GLOBAL, ANN)].wins == 1 and new[(GLOBAL, BOB)].wins == 0


def test_a_person_against_computers_is_practice_and_never_moves_the_rating():
    before = Rating("svolota", HERE, ANN, "Ann", mu=30.0, sigma=5.0, games=4, wins=2, best=1, trend=1.5)
    new = rows(finished("svolota", [ANN, None, None], [0, 3, 6], 0), [before])
    ann = new[(HERE, ANN)]
    assert (ann.mu, ann.sigma, ann.games, ann.wins, ann.best, ann.trend) == (30.0, 5.0, 4, 2, 1, 1.5)
    assert (ann.practice_games, ann.practice_wins) == (1, 1)
    fresh = new[(GLOBAL, ANN)]  # no global row yet: practice starts one, still unrated
    assert (fresh.mu, fresh.sigma, fresh.games, fresh.practice_games) == (MODEL.mu, MODEL.sigma, 0, 1)
    assert fresh.shown == 1000


def test_two_people_are_enough_to_rate_a_game():
    result = finished("svolota", [ANN, BOB, None], [5, 0, 3], 1)
    assert result.rated
    new = rows(result)
    assert new[(HERE, BOB)].games == 1 and new[(HERE, BOB)].practice_games == 0


def test_a_game_of_computers_only_changes_nobody():
    assert rate(finished("svolota", [None, None, None], [0, 1, 2], 0), []) == []


def test_people_who_tie_move_alike():
    new = rows(finished("racing_demon", [ANN, BOB, CY], [8, 8, 2], None))
    ann, bob, cy = (new[(GLOBAL, p)] for p in (ANN, BOB, CY))
    assert ann.mu == pytest.approx(bob.mu) and ann.mu > cy.mu
    assert ann.wins == bob.wins == 0  # a shared first place wins nothing


# ----- scopes, trend, best --------------------------------------------------------------------


def test_every_game_is_rated_in_its_chat_and_globally_each_on_its_own():
    assert chat_scope(CHAT) == HERE  # every thread of a chat shares its ratings
    elsewhere = Rating("svolota", GLOBAL, ANN, "Ann", mu=28.0, sigma=6.0, games=5, wins=3)
    other_chat = Rating("svolota", "tg:99", ANN, "Ann", mu=40.0, sigma=2.0, games=9)
    other_game = Rating("speed", HERE, ANN, "Ann", mu=40.0, sigma=2.0, games=9)
    out = rate(finished("svolota", [ANN, BOB, None], [0, 4, 2], 0), [elsewhere, other_chat, other_game])
    assert [(r.scope, r.person) for r in out] == [(HERE, ANN), (HERE, BOB), (GLOBAL, ANN), (GLOBAL, BOB)]
    new = {(r.scope, r.person): r for r in out}
    assert new[(HERE, ANN)].games == 1 and new[(GLOBAL, ANN)].games == 6
    assert new[(HERE, ANN)].mu != new[(GLOBAL, ANN)].mu
    assert all(r.game == "svolota" for r in out)


def test_the_trend_is_the_last_change_of_the_ordinal():
    ann0 = Rating("racing_demon", HERE, ANN, "Ann", mu=26.0, sigma=7.0, trend=-9.0)
    new = rows(finished("racing_demon", [ANN, BOB], [20, 5], 0), [ann0])
    ann, bob = new[(HERE, ANN)], new[(HERE, BOB)]
    assert ann.trend == pytest.approx(ann.ordinal - ann0.ordinal) and ann.trend > 0
    assert bob.trend == pytest.approx(bob.ordinal - 0.0) and bob.trend < 0  # a fresh player's ordinal is 0
    later = rows(finished("racing_demon", [ANN, BOB], [1, 30], 1), [ann, bob])
    assert later[(HERE, ANN)].trend < 0 < later[(HERE, BOB)].trend


def test_the_best_score_follows_the_games_order_and_rated_games_only():
    first = rows(finished("svolota", [ANN, BOB, None], [0, 6, 2], 0))
    second = rows(finished("svolota", [ANN, BOB, None], [3, 0, 2], 1), list(first.values()))
    assert second[(HERE, ANN)].best == 0 and second[(HERE, BOB)].best == 0  # fewer cards left is better
    demon = rows(finished("racing_demon", [ANN, BOB], [9, 14], 1))
    demon = rows(finished("racing_demon", [ANN, BOB], [12, 2], 0), list(demon.values()))
    assert demon[(HERE, ANN)].best == 12 and demon[(HERE, BOB)].best == 14  # more points is better
    match = rows(finished("speed", [ANN, BOB], [10, 4], 0, target=10))
    assert match[(HERE, ANN)].best is None  # Speed's best counts cards left in single deals
    deal = rows(finished("speed", [ANN, BOB], [0, 7], 0), list(match.values()))
    assert deal[(HERE, ANN)].best == 0 and deal[(HERE, BOB)].best == 7
    practice = rows(finished("svolota", [CY, None, None], [0, 2, 4], 0))
    assert practice[(HERE, CY)].best is None


def test_the_name_is_the_latest_one_a_person_played_under():
    before = Rating("svolota", HERE, ANN, "Annie", games=1)
    new = rows(finished("svolota", [ANN, BOB, None], [0, 4, 2], 0), [before])
    assert new[(HERE, ANN)].name == "Ann" and new[(HERE, ANN)].updated_at == 50.0


def test_a_rating_reads_as_a_thousand_plus_ten_times_the_ordinal():
    assert shown(0.0) == 1000 and shown(3.44) == 1034 and shown(-1.83) == 982
    r = Rating("svolota", HERE, ANN, "Ann", mu=30.0, sigma=5.0)
    assert r.ordinal == 15.0 and r.shown == 1150
