"""SPEC §3 Deal and Leading."""

from core import new_game
from core.cards import parse_card, parse_cards
from tests.core.svolota.deals import deck, game


def test_seven_cards_each_dealt_one_at_a_time_seat_zero_first():
    cards = deck(["2S 3S 4S 5S 6S 7S 8S", "2C 3C 4C 5C 6C 7C 8C", "2H 3H 4H 5H 6H 7H 8H"], "9D")
    assert cards.split()[:4] == ["2S", "2C", "2H", "3S"]
    g = new_game("svolota", players=["ann", "bob", "cy"], deck=cards)
    assert g.view(1).hand == tuple(parse_cards("2C 3C 4C 5C 6C 7C 8C"))


def test_the_card_after_the_hands_is_face_up_and_drawn_last():
    g = game(["2S 3S 4S 5S 6S 7S 8S", "2C 3C 4C 5C 6C 7C 8C", "2H 3H 4H 5H 6H 7H 8H"], "9D", "10D")
    v = g.view(0)
    assert v.face_up == parse_card("9D")
    assert v.reserve_size == 54 - 21 - 1
    assert g.state.reserve[0] == parse_card("10D")
    assert g.state.reserve[-1] != parse_card("9D")


def test_face_up_card_comes_after_the_whole_reserve():
    g = game(["2S 3S 4S 5S 6S 7S 8S", "2H 3H 4H 5H 6H 7H 8H", "2C 3C 4C 5C 6C 7C 8C"], "9D")
    g.state.reserve = g.state.reserve[:1]  # the rest of the reserve already drawn
    g.play("ann", "play 2S")
    assert g.view(0).face_up == parse_card("9D")
    g.play("bob", "play 3H")
    assert g.view(1).face_up is None
    assert parse_card("9D") in g.view(1).hand


def test_seat_zero_leads_by_default():
    g = game(["2S 3S 4S 5S 6S 7S 8S", "2C 3C 4C 5C 6C 7C 8C", "2H 3H 4H 5H 6H 7H 8H"])
    assert g.moves("bob") == []
    assert "play 2S" in g.moves("ann")


def test_option_first_chooses_the_leading_seat():
    g = game(["2S 3S 4S 5S 6S 7S 8S", "2C 3C 4C 5C 6C 7C 8C", "2H 3H 4H 5H 6H 7H 8H"], first=2)
    assert g.moves("ann") == []
    assert "play 2H" in g.moves("cy")


def test_the_leader_may_play_anything_but_may_not_pass():
    g = game(["2S 2H 2C 2D 6S 7S 8S", "3C 4C 5C 6C 7C 8C 9C", "3H 4H 5H 6H 7H 8H 9H"])
    moves = g.moves("ann")
    assert "pass" not in moves
    assert {"play 2S", "play 2H", "play 6S", "play 2S 2H 2C 2D", "play 2H 2S 2D 2C"} <= set(moves)
    assert "play 2S 2C" not in moves  # two blacks in a row


def test_a_shuffled_deal_is_the_same_for_the_same_seed():
    a = new_game("svolota", players=["a", "b", "c"], seed=7)
    b = new_game("svolota", players=["a", "b", "c"], seed=7)
    c = new_game("svolota", players=["a", "b", "c"], seed=8)
    assert a.to_json() == b.to_json()
    assert a.to_json() != c.to_json()
