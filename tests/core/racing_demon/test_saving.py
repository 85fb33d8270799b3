"""Saved rounds: a lossless round trip, and a broken save is a ValueError, never a crash."""

from __future__ import annotations

import json

import pytest

from core import load_game
from core.games.racing_demon.game import RacingDemon
from tests.core.racing_demon.decks import deck, table


def test_a_saved_round_comes_back_exactly_with_owners_and_the_round_state():
    g = table(deck(demon="AH 2H", work="9C 9D 9S 10D"), deck(work="3H"), auto_aces=True, demon_penalty=2)
    g.play("ann", "demon>f")  # A♥ went by itself
    g.play("bob", "w1>f")
    text = g.to_json()
    back = load_game(text)
    assert isinstance(back, RacingDemon) and back.to_json() == text
    assert back.view(0).foundations == g.view(0).foundations
    assert back.options == {"demon_penalty": 2, "auto_aces": True}


def broken(change) -> str:
    data = json.loads(table(deck(demon="AH"), deck()).to_json())
    change(data["state"])
    return json.dumps(data)


@pytest.mark.parametrize(
    "change",
    [
        lambda s: s.pop("layouts"),
        lambda s: s["layouts"].pop(),
        lambda s: s["layouts"][0].update(demon="AH AH"),
        lambda s: s["layouts"][0].update(demon="XX"),
        lambda s: s["layouts"][0].update(work=["2S"]),
        lambda s: s["layouts"][0].update(stock=5),
        lambda s: s.update(foundations=[{"suit": "H", "owners": [0]}]),  # a second A♥ of ann's
        lambda s: s.update(foundations=[{"suit": "X", "owners": [1]}]),
        lambda s: s.update(foundations=[{"suit": "H", "owners": [7]}]),
        lambda s: s.update(end="won"),
        lambda s: s.update(out=5),
    ],
)
def test_a_broken_save_is_a_value_error(change):
    with pytest.raises(ValueError):
        RacingDemon.from_json(broken(change))
