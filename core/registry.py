"""The games by id. Each game's module is imported on first use, so one game's import cost
(or a game under construction) never touches the others."""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from importlib import import_module
from typing import Any

from core.game import Game

GAMES: dict[str, str] = {
    "svolota": "core.games.svolota.game:Svolota",
    "speed": "core.games.speed.game:Speed",
    "racing_demon": "core.games.racing_demon.game:RacingDemon",
}


def game_class(game_id: str) -> type[Game[Any, Any]]:
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r} (games: {', '.join(GAMES)})")
    module, name = GAMES[game_id].split(":")
    cls: type[Game[Any, Any]] = getattr(import_module(module), name)
    return cls


def new_game(
    game_id: str,
    players: Sequence[str],
    *,
    seed: int | None = None,
    deck: Any = None,
    options: Mapping[str, Any] | None = None,
) -> Game[Any, Any]:
    """Start a game (SPEC §2): a shuffled deal from `seed`, or the fixed `deck`."""
    return game_class(game_id).new(players, seed=seed, deck=deck, options=options)


def load_game(text: str) -> Game[Any, Any]:
    """A game back from `to_json()`, whichever game it is."""
    data = json.loads(text)
    if not isinstance(data, dict):
        raise ValueError("not a saved game")
    return game_class(str(data.get("game"))).from_json(text)
