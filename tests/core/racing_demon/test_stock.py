"""SPEC §5, the stock: turned three at a time onto the waste, the waste turned back over (no
shuffle) when the stock is empty."""

from __future__ import annotations

import pytest

from core import IllegalMove
from tests.core.racing_demon.decks import deck, table


def waste(g, seat=0):
    return [str(c) for c in g.view(seat).own.waste]


def test_turn_moves_three_cards_in_order_so_the_third_ends_on_top():
    g = table(deck(demon="KS", stock="3C 4D 5S 6H 7C 8D"))
    events = g.play("ann", "turn")
    assert waste(g) == ["3C", "4D", "5S"]
    assert str(events[0]) == "ann turns 3 cards: 5♠ on top of the waste"
    g.play("ann", "turn")
    assert waste(g)[-3:] == ["6H", "7C", "8D"]
    assert g.view(0).own.stock_size == 29


def test_the_last_turn_takes_what_is_left_and_then_the_waste_goes_back_over_as_the_stock():
    g = table(deck(demon="KS"))
    stock = g.state.layouts[0].stock[::-1]
    for _ in range(11):
        g.play("ann", "turn")
    events = g.play("ann", "turn")
    assert str(events[0]).startswith("ann turns 2 cards")
    assert g.state.layouts[0].waste == stock and g.state.layouts[0].stock == []
    events = g.play("ann", "turn")
    assert str(events[0]) == "ann turns the waste back over as the stock (35 cards)"
    assert g.state.layouts[0].stock[::-1] == stock and g.state.layouts[0].waste == []
    g.play("ann", "turn")
    assert g.state.layouts[0].waste == stock[:3]


def test_turning_with_both_stock_and_waste_empty_is_not_legal():
    g = table(deck(demon="KS"))
    lay = g.state.layouts[0]
    lay.stock.clear()  # a position where ann has played out her whole stock
    assert "turn" not in g.moves("ann")
    with pytest.raises(IllegalMove, match="nothing to turn"):
        g.play("ann", "turn")
