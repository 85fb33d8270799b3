"""SPEC §5, the work piles: built down in alternating colours; runs move between them; an emptied
pile is refilled from the demon at once."""

from __future__ import annotations

import pytest

from core import IllegalMove
from tests.core.racing_demon.decks import deck, table, tops


def test_a_card_goes_on_a_work_pile_one_rank_lower_and_of_the_other_colour():
    g = table(deck(demon="8S", work="9H 9S 9D 10H"))
    assert [m for m in g.moves("ann") if m.startswith("demon>")] == ["demon>w1", "demon>w3"]
    with pytest.raises(IllegalMove, match="8♠ does not go on 9♠: work piles build down in alternating"):
        g.play("ann", "demon>w2")
    with pytest.raises(IllegalMove, match="8♠ does not go on 10♥"):
        g.play("ann", "demon>w4")
    g.play("ann", "demon>w3")
    assert tops(g) == ["9H", "9S", "8S", "10H"]


def test_the_waste_top_goes_on_a_work_pile_too():
    g = table(deck(demon="KS", work="9H 2S 3S 4S", stock="5D 6D 8C"))
    g.play("ann", "turn")
    assert "waste>w1" in g.moves("ann")
    g.play("ann", "waste>w1")
    assert tops(g) == ["8C", "2S", "3S", "4S"]
    assert [str(c) for c in g.view(0).own.waste] == ["5D", "6D"]


def test_a_whole_run_moves_and_the_emptied_pile_is_refilled_from_the_demon():
    g = table(deck(demon="8S 7D QD JC", work="9H 10C 8C KS"))
    g.play("ann", "demon>w1")
    g.play("ann", "demon>w1")  # w1: 9♥ 8♠ 7♦
    events = g.play("ann", "w1>w2")
    assert [str(c) for c in g.state.layouts[0].work[1]] == ["10C", "9H", "8S", "7D"]
    assert tops(g) == ["QD", "7D", "8C", "KS"]
    assert [str(e) for e in events] == [
        "ann: 9♥ 8♠ 7♦ from w1 onto w2",
        "ann: w1 is refilled with Q♦ from the demon",
    ]
    assert g.view(0).own.demon_top is not None and str(g.view(0).own.demon_top) == "JC"


def test_only_the_part_of_a_run_that_fits_moves():
    g = table(deck(demon="8S 7D QD", work="9H 10C 8C KS"))
    g.play("ann", "demon>w1")
    g.play("ann", "demon>w1")  # w1: 9♥ 8♠ 7♦; 7♦ fits on w3's 8♣, 9♥ on w2's 10♣
    g.play("ann", "w1>w3")
    assert [str(c) for c in g.state.layouts[0].work[0]] == ["9H", "8S"]
    assert [str(c) for c in g.state.layouts[0].work[2]] == ["8C", "7D"]
    g.play("ann", "w1>w2")
    assert tops(g) == ["QD", "8S", "7D", "KS"]


def test_a_run_that_fits_nowhere_is_refused_with_the_reason():
    g = table(deck(demon="QS", work="9H 10C 8C KS"))
    with pytest.raises(IllegalMove, match="no run on w4 fits on 9♥"):
        g.play("ann", "w4>w1")


def test_a_work_pile_emptied_to_a_foundation_is_refilled_too():
    g = table(deck(demon="7C", work="AH 10C 8C KS"))
    events = g.play("ann", "w1>f")
    assert tops(g) == ["7C", "10C", "8C", "KS"]
    assert str(events[-1]) == "ann: w1 is refilled with 7♣ from the demon"
    assert g.view(0).own.demon_size == 12
