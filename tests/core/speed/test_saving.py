"""Saving and loading: `to_json` / `from_json` keep everything, races included; broken saves are
ValueErrors."""

from __future__ import annotations

import json

import pytest

from core import load_game, new_game
from core.errors import TooSlow
from core.games.speed.game import Speed
from tests.core.speed.tables import position


def test_a_saved_game_remembers_a_race_in_progress() -> None:
    g = position(["8C", "", "", "", ""], ["6D", "", "", "", "2C 3C"], ["7H", "KS"], reserves=("4S", "4D"))
    g.play("bob", "play 1 1")
    loaded = Speed.from_json(g.to_json())
    with pytest.raises(TooSlow, match="the pile is now 6♦"):
        loaded.play("ann", "play 1 1")


def test_load_game_finds_speed_by_its_id() -> None:
    g = new_game("speed", ["ann", "bob"], seed=9, options={"target": 25, "colours": True})
    loaded = load_game(g.to_json())
    assert isinstance(loaded, Speed) and loaded.to_json() == g.to_json()
    assert loaded.options == {"stacks": 5, "colours": True, "target": 25}


def broken(change: str) -> str:
    g = new_game("speed", ["ann", "bob"], seed=9)
    data = json.loads(g.to_json())
    table = data["state"]["table"]
    if change == "duplicate":
        table["reserves"][0] = table["reserves"][1]
    elif change == "not a card":
        table["reserves"][0] = "XX " + table["reserves"][0]
    elif change == "stacks":
        table["stacks"][0] = table["stacks"][0][:4]
    elif change == "empty pile":
        table["piles"][0]["cards"] = ""
    elif change == "face-up nothing":
        table["stacks"][0][0] = {"cards": "", "up": True}
    elif change == "deal":
        data["state"]["match"]["deal"] = 21
    elif change == "missing":
        del table["recycles"]
    elif change == "options":
        data["options"]["stacks"] = 6
    return json.dumps(data)


@pytest.mark.parametrize(
    "change",
    ["duplicate", "not a card", "stacks", "empty pile", "face-up nothing", "deal", "missing", "options"],
)
def test_a_broken_save_is_a_value_error(change: str) -> None:
    with pytest.raises(ValueError):
        Speed.from_json(broken(change))
