"""SPEC §5, the end: the round ends the moment any demon is empty ("Out!"); each player scores
their cards on the foundations − demon_penalty × the cards left in their demon."""

from __future__ import annotations

import pytest

from core.games.racing_demon.events import Out, Refilled
from core.games.racing_demon.state import End
from tests.core.racing_demon.decks import deck, table

SPADES = "AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"


def test_a_player_whose_demon_empties_goes_out_and_the_round_ends_at_once():
    g = table(deck(demon=SPADES), deck(demon="AH"))
    g.play("bob", "demon>f")
    for _ in range(12):
        g.play("ann", "demon>f")
    assert not g.over and g.winner is None
    events = g.play("ann", "demon>f")
    assert isinstance(events[-1], Out) and str(events[-1]) == "Out! ann's demon is empty and the round is over"
    assert g.over and g.ended_by is End.OUT and g.out_seat == 0
    assert g.scores == {"ann": 13, "bob": 1 - 12}
    assert g.winner == "ann"


def test_the_last_demon_card_refilling_a_work_pile_goes_out_too():
    g = table(deck(demon=SPADES.replace(" KS", " 5D"), work="AH KS KC KD"), deck())
    for _ in range(12):
        g.play("ann", "demon>f")
    events = g.play("ann", "w1>f")
    assert [type(e) for e in events[1:]] == [Refilled, Out]
    assert g.over and g.scores["ann"] == 13


@pytest.mark.parametrize(("penalty", "bob"), [(1, -13), (2, -26), (0, 0)])
def test_cards_left_in_the_demon_cost_demon_penalty_points_each(penalty, bob):
    g = table(deck(demon=SPADES), deck(), demon_penalty=penalty)
    for _ in range(13):
        g.play("ann", "demon>f")
    assert g.scores == {"ann": 13, "bob": bob}


def test_scores_are_current_at_any_moment():
    g = table(deck(demon="AH 2H"), deck(), demon_penalty=2)
    assert g.scores == {"ann": -26, "bob": -26}
    g.play("ann", "demon>f")
    assert g.scores == {"ann": 1 - 24, "bob": -26}
    assert g.winner is None  # not over yet


def test_the_highest_score_wins_even_if_someone_else_went_out():
    bob = deck(demon="AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KD", stock="3C 2C AC")
    g = table(deck(demon=SPADES), bob, demon_penalty=0)
    for _ in range(12):
        g.play("bob", "demon>f")
    g.play("bob", "turn")
    for _ in range(3):
        g.play("bob", "waste>f")
    for _ in range(13):
        g.play("ann", "demon>f")
    assert g.out_seat == 0 and g.scores == {"ann": 13, "bob": 15}
    assert g.winner == "bob"


def test_a_round_of_one_can_be_won():
    g = table(deck(demon=SPADES))
    for _ in range(13):
        g.play("ann", "demon>f")
    assert g.over and g.winner == "ann"
