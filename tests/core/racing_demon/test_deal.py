"""SPEC §5, the deal: 13 to the demon, one to each of four work piles, 35 to the stock."""

from __future__ import annotations

import pytest

from core import new_game
from core.cards import parse_card
from core.games.racing_demon.game import RacingDemon
from tests.core.racing_demon.decks import deck, table


def test_the_deal_puts_13_in_the_demon_one_on_each_work_pile_and_the_rest_in_the_stock():
    cards = deck(demon="KS QH", work="9C 9D 9H 9S", stock="5C 6D")
    g = table(cards)
    own = g.view(0).own
    words = cards.split()
    assert own.demon_top == parse_card("KS") and own.demon_size == 13
    assert [p[-1] for p in own.work] == [parse_card(w) for w in words[13:17]]
    assert own.stock_size == 35 and own.waste == ()
    assert g.state.layouts[0].stock[::-1] == [parse_card(w) for w in words[17:]]
    assert g.state.layouts[0].demon[::-1] == [parse_card(w) for w in words[:13]]


def test_every_player_has_their_own_deck():
    g = table(deck(demon="KS"), deck(demon="QD"))
    assert g.view(0).own.demon_top == parse_card("KS")
    assert g.view(1).own.demon_top == parse_card("QD")
    assert g.view(0).others[0].demon_top == parse_card("QD")


def test_a_shuffled_deal_depends_on_the_seed_only():
    a = new_game("racing_demon", players=["ann", "bob"], seed=7)
    b = new_game("racing_demon", players=["ann", "bob"], seed=7)
    c = new_game("racing_demon", players=["ann", "bob"], seed=8)
    assert a.to_json() == b.to_json()
    assert a.state_dict() != c.state_dict()
    assert a.state_dict()["layouts"][0] != a.state_dict()["layouts"][1]


@pytest.mark.parametrize(
    "decks",
    [
        "2S 3S",  # not a dict
        ["2S"],  # not a dict
        {"ann": deck()},  # bob has no deck
        {"ann": deck(), "bob": deck(), "cy": deck()},  # cy is not playing
        {"ann": deck(), "bob": deck()[3:]},  # 51 cards
        {"ann": deck(), "bob": deck().replace("2S", "3S")},  # a card twice, one missing
        {"ann": deck(), "bob": deck() + " JK"},  # a joker
        {"ann": deck(), "bob": 52},  # not cards
        {"ann": deck(), "bob": "2S XX"},  # not a card
    ],
)
def test_a_fixed_deal_needs_exactly_one_full_deck_per_player(decks):
    with pytest.raises(ValueError):
        new_game("racing_demon", players=["ann", "bob"], deck=decks)


def test_a_deck_may_be_a_list_of_card_texts():
    g = new_game("racing_demon", players=["ann"], deck={"ann": deck(demon="7H").split()})
    assert g.view(0).own.demon_top == parse_card("7H")


def test_one_to_eight_players_may_play():
    for n in (1, 8):
        g = new_game("racing_demon", players=[f"p{i}" for i in range(n)], seed=n)
        assert len(g.state.layouts) == n and not g.over
    for n in (0, 9):
        with pytest.raises(ValueError):
            new_game("racing_demon", players=[f"p{i}" for i in range(n)], seed=n)


def test_the_options_and_their_defaults():
    g = RacingDemon.new(["ann"], seed=1)
    assert g.options == {"demon_penalty": 1, "auto_aces": False}
    for bad in ({"demon_penalty": True}, {"demon_penalty": -1}, {"auto_aces": 1}, {"aces": True}):
        with pytest.raises(ValueError):
            RacingDemon.new(["ann"], seed=1, options=bad)
