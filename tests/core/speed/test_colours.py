"""The colours variant (SPEC §4, option `colours`): pile 1 red, pile 2 black, pile 3 red, …"""

from __future__ import annotations

import pytest

from core import IllegalMove
from tests.core.speed.tables import ANN, plays, position, tops

BOB_AWAY = ["", "", "", "", "#2C 3C"]


def test_odd_piles_take_red_cards_and_even_piles_black() -> None:
    g = position(["8H", "8S", "", "", ""], BOB_AWAY, ["7C", "7D"], reserves=("QD", "QS"), colours=True)
    assert plays(g, "ann") == ["play 1 1", "play 2 2"]
    with pytest.raises(IllegalMove, match="pile 1 takes only red cards"):
        g.play("ann", "play 2 1")
    with pytest.raises(IllegalMove, match="pile 2 takes only black cards") as e:
        g.play("ann", "play 1 2")
    assert e.value.template == "pile {pile} takes only black cards"


def test_without_the_option_colours_do_not_matter() -> None:
    g = position(["8H", "8S", "", "", ""], BOB_AWAY, ["7C", "7D"], reserves=("QD", "QS"))
    assert plays(g, "ann") == ["play 1 1", "play 1 2", "play 2 1", "play 2 2"]


def test_the_view_shows_the_colour_each_pile_takes() -> None:
    g = position(["8H", "", "", "", ""], BOB_AWAY, ["7C", "7D"], reserves=("QD", "QS"), colours=True)
    assert [(str(p.top), p.colour) for p in g.view(ANN).piles] == [("7C", "red"), ("7D", "black")]
    assert g.view(ANN).colours


def test_a_card_of_the_wrong_colour_leaves_a_stalemate() -> None:
    g = position(["8S", "", "", "", ""], ["6C", "", "", "", ""], ["7C", "KD"], reserves=("9S", "3D"), colours=True)
    assert g.stalemate  # 8♠ and 6♣ have the rank for pile 1, but pile 1 is red


def test_a_new_pile_may_begin_with_either_colour_but_then_takes_its_own() -> None:
    g = position(["10H", "10C", "", "", ""], ["6C", "", "", "", ""], ["7C", "KD"], reserves=("9S", "3D"), colours=True)
    g.play("ann", "new")  # pile 3 is red, and starts with the black 9♠
    assert tops(g) == ["7C", "KD", "9S"]
    assert g.view(ANN).piles[2].colour == "red"
    assert plays(g, "ann") == ["play 1 3"]
    with pytest.raises(IllegalMove, match="pile 3 takes only red cards"):
        g.play("ann", "play 2 3")
