"""Every game's events, as its moves make them, pickle and copy as themselves (`Event.__reduce__`:
the compiled build's events have no state pickle could copy) and keep their readable text."""

from __future__ import annotations

import copy
import pickle
import random

import pytest

from core import new_game
from core.registry import GAMES, game_class


@pytest.mark.parametrize("game_id", sorted(GAMES))
def test_events_made_by_moves_pickle_and_copy_as_themselves(game_id: str) -> None:
    players = ["ann", "bob", "cy", "dee", "eve", "fay"][: game_class(game_id).min_players]
    g = new_game(game_id, players=players, seed=5)
    rng = random.Random(5)
    kinds: set[str] = set()
    for _ in range(40):
        options = [(p, m) for p in g.players for m in g.moves(p)]
        if g.over or not options:
            break
        for event in g.play(*rng.choice(options)):
            again = pickle.loads(pickle.dumps(event))
            assert again == event == copy.deepcopy(event) and type(again) is type(event)
            assert str(again) == str(event)
            kinds.add(type(event).__name__)
    assert len(kinds) >= 2
