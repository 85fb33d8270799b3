"""SPEC §5, the foundations: shared, started by Aces, built up by suit to the King by anyone."""

from __future__ import annotations

import pytest

from core import IllegalMove
from core.cards import Suit, parse_card
from tests.core.racing_demon.decks import deck, foundations, table


def test_an_ace_starts_a_new_foundation():
    g = table(deck(demon="AH"))
    events = g.play("ann", "demon>f")
    assert foundations(g) == ["AH"]
    assert "A♥" in str(events[0]) and "starts foundation 1" in str(events[0])


def test_anyone_builds_on_any_foundation_up_by_suit_and_each_card_keeps_its_owner():
    g = table(deck(demon="AH 3H"), deck(work="2H"))
    g.play("ann", "demon>f")
    g.play("bob", "w1>f")
    g.play("ann", "demon>f")
    (pile,) = g.view(1).foundations
    assert pile.suit is Suit.HEARTS and pile.top == parse_card("3H") and not pile.complete
    assert pile.owners == (2, 1)
    assert g.scores == {"ann": 2 - 11, "bob": 1 - 12}  # bob's w1 was refilled from his demon


def test_a_card_goes_on_the_lowest_numbered_foundation_that_takes_it():
    g = table(deck(demon="AH"), deck(demon="AH 2H"), deck(demon="AS"))
    g.play("cy", "demon>f")  # foundation 1: A♠
    g.play("ann", "demon>f")  # foundation 2: A♥
    g.play("bob", "demon>f")  # foundation 3: A♥
    g.play("bob", "demon>f")
    assert foundations(g) == ["AS", "2H", "AH"]


def test_several_foundations_of_a_suit_one_per_deck_with_eight_players():
    decks = [deck(demon="AS 2S") for _ in range(8)]
    g = table(*decks)
    for p in g.players:
        g.play(p, "demon>f")
    assert foundations(g) == ["AS"] * 8
    for p in reversed(g.players):
        g.play(p, "demon>f")
    assert foundations(g) == ["2S"] * 8
    assert g.view(0).foundations[0].owners == (1, 0, 0, 0, 0, 0, 0, 1)  # p0's A♠, p7's 2♠


def test_a_card_that_fits_no_foundation_is_refused_with_what_it_needs():
    g = table(deck(demon="5H"))
    with pytest.raises(IllegalMove, match="5♥ does not go on any foundation: it needs 4♥"):
        g.play("ann", "demon>f")


def test_a_king_completes_a_foundation_and_nothing_goes_on_it():
    g = table(deck(demon="AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), deck(demon="KD"))
    for _ in range(13):
        g.play("ann", "demon>f")
    (pile,) = g.view(1).foundations
    assert pile.complete and pile.top == parse_card("KS")
    assert parse_card("KS") not in g.view(1).wanted


def test_aces_may_be_played_but_are_not_forced():
    g = table(deck(demon="AS", work="AH 2C 3C 4C"))
    assert g.moves("ann")[:2] == ["demon>f", "w1>f"]
    g.play("ann", "turn")
    assert foundations(g) == []
