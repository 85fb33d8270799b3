"""Real time: moves are judged in the order they arrive; a card beaten to a foundation is too slow."""

from __future__ import annotations

import pytest

from core import IllegalMove, TooSlow
from tests.core.racing_demon.decks import deck, foundations, table


def hearts_to_four():
    g = table(deck(demon="AH 2H 3H 4H 5H"), deck(work="5H 6H 9C 9S"), deck(work="6H"))
    for _ in range(4):
        g.play("ann", "demon>f")
    return g


def test_both_players_may_race_for_the_same_foundation_and_the_first_to_arrive_gets_it():
    g = hearts_to_four()
    assert "demon>f" in g.moves("ann") and "w1>f" in g.moves("bob")
    g.play("bob", "w1>f")
    assert foundations(g) == ["5H"]
    assert "demon>f" not in g.moves("ann")


def test_the_second_card_is_too_slow_and_changes_nothing():
    g = hearts_to_four()
    g.play("bob", "w1>f")
    before = g.to_json()
    with pytest.raises(TooSlow, match="too slow: another player's 5♥ is already on that foundation"):
        g.play("ann", "demon>f")
    assert g.to_json() == before


def test_it_is_still_too_slow_when_more_cards_went_on_meanwhile():
    g = hearts_to_four()
    g.play("bob", "w1>f")
    g.play("cy", "w1>f")
    with pytest.raises(TooSlow):
        g.play("ann", "demon>f")


def test_a_card_that_never_fitted_is_not_too_slow_but_illegal():
    g = table(deck(demon="AH 2H 7H"), deck())
    g.play("ann", "demon>f")
    g.play("ann", "demon>f")
    with pytest.raises(IllegalMove) as e:
        g.play("ann", "demon>f")
    assert not isinstance(e.value, TooSlow)
    assert "needs 6♥" in str(e.value)


def test_the_message_is_a_template_with_parameters_for_translation():
    g = hearts_to_four()
    g.play("bob", "w1>f")
    with pytest.raises(TooSlow) as e:
        g.play("ann", "demon>f")
    assert e.value.template == "too slow: another player's {card} is already on that foundation"
    assert e.value.params == {"card": "5♥"}
