"""SPEC §3 The pile, A play, Beating, Direction."""

import pytest

from core import IllegalMove
from core.cards import parse_cards
from tests.core.svolota.deals import game

FILLER = ["3S 3C 3H 3D 4S 4C 4H", "5S 5C 5H 5D 6S 6C 6H"]


def test_the_seeds_example_three_eights_on_the_seven_of_spades():
    g = game(["7S 2C 2D 2H 9C 9D 10S", "8H 8C 8D KS KC KH QD", "4D 5D 6D JS JC JH JD"])
    g.play("ann", "play 7S")
    assert "play 8H 8C 8D" in g.moves("bob")
    g.play("bob", "play 8H 8C 8D")
    v = g.view(2)
    assert v.last_play == tuple(parse_cards("8H 8C 8D"))
    # cy must lay at least three cards above 8, starting with a black one
    assert g.moves("cy") == [
        "play JS JH JC",
        "play JS JD JC",
        "play JC JH JS",
        "play JC JD JS",
        "play JS JH JC JD",
        "play JS JD JC JH",
        "play JC JH JS JD",
        "play JC JD JS JH",
    ]
    with pytest.raises(IllegalMove, match="at least 3"):
        g.play("cy", "play JS JH")
    with pytest.raises(IllegalMove, match="black"):
        g.play("cy", "play JH JS JD")


def test_different_orders_of_the_same_cards_are_different_moves():
    g = game(["8H 8C 2C 2D 9C 9D 10S", *FILLER])
    assert {"play 8H 8C", "play 8C 8H"} <= set(g.moves("ann"))
    g.play("ann", "play 8C 8H")
    assert g.view(1).top == parse_cards("8H")[0]


def test_every_card_laid_is_the_opposite_colour_to_the_one_beneath():
    g = game(["7S 2C 2D 2H 9C 9D 10S", "8C 8S KS KC 3H 3D QC", "4D 5D 6D JS JC JH JD"])
    g.play("ann", "play 7S")
    assert "play 8C" not in g.moves("bob")
    with pytest.raises(IllegalMove, match="red card on 7♠"):
        g.play("bob", "play 8C")
    assert "pass" in g.moves("bob")


def test_colours_alternate_within_a_play():
    g = game(["8H 8D 8C 2D 9C 9D 10S", *FILLER])
    with pytest.raises(IllegalMove, match="alternate"):
        g.play("ann", "play 8H 8D")
    with pytest.raises(IllegalMove, match="one rank"):
        g.play("ann", "play 8H 9C")


def test_beat_with_a_strictly_higher_rank_while_going_up():
    g = game(["7S 2C 2D 2H 9C 9D 10S", "7H 6D 8D KS KC KH QD", "4D 5D 5C JS JC JH 3D"])
    g.play("ann", "play 7S")
    assert "play 7H" not in g.moves("bob")
    assert "play 6D" not in g.moves("bob")
    with pytest.raises(IllegalMove, match="higher than 7"):
        g.play("bob", "play 7H")
    g.play("bob", "play 8D")


def test_more_cards_than_the_last_play_may_beat_it():
    g = game(["7S 2C 2D 2H 9C 9D 10S", "8H 8C KS KC KH QD QC", "4D 5D 6D JS JC JH 3D"])
    g.play("ann", "play 7S")
    assert {"play 8H", "play 8H 8C"} <= set(g.moves("bob"))
    g.play("bob", "play 8H 8C")
    assert g.view(2).last_play is not None and len(g.view(2).last_play or ()) == 2


def test_an_ace_played_going_up_turns_the_pile_down():
    g = game(["KS 2C 2D 2H 9C 9D 10S", "AH 8C KD KC KH QD QC", "4D 5C 6D JS JC JH 3D"])
    g.play("ann", "play KS")
    g.play("bob", "play AH")
    v = g.view(2)
    assert v.up is False
    # down: lower than the Ace, starting black
    assert set(g.moves("cy")) >= {"play 5C", "play JS", "play JC"}
    assert "play 4D" not in g.moves("cy")


def test_a_two_played_going_down_turns_the_pile_up_again():
    g = game(["AS 2C 2D 2H 9C 9D 10S", "5D 8C KD KC KH QD QC", "2S 5C 6D JS JC JH 3D"])
    g.play("ann", "play AS")
    assert g.view(1).up is False
    g.play("bob", "play 5D")
    g.play("cy", "play 2S")
    assert g.view(0).up is True
    assert "play 9D" in g.moves("ann")  # higher than 2 again, on a black 2 a red card


def test_an_ace_can_never_be_played_going_down():
    g = game(["AS 2C 2D 2H 9C 9D 10S", "AD 8C KD KC KH QD QC", "2S 5C 6D JS JC JH 3D"])
    g.play("ann", "play AS")
    assert not any(m.startswith("play A") for m in g.moves("bob"))
    with pytest.raises(IllegalMove, match="lower than A"):
        g.play("bob", "play AD")


def test_leading_an_ace_starts_the_pile_down():
    g = game(["AS 2C 2D 2H 9C 9D 10S", "AD 8C KD KC KH QD QC", "2S 5C 6D JS JC JH 3D"])
    g.play("ann", "play AS")
    assert g.view(1).up is False
