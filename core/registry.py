"""The games by id. Each game's module is imported on first use, so one game's import cost
(or a game under construction) never touches the others. The three games that ship are listed in
GAMES; another is `register`ed (the tests' own fourth game: tests/games/war/)."""

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


_registered: dict[str, type[Game[Any, Any]]] = {}


def register(cls: type[Game[Any, Any]]) -> None:
    """Make a game known by its id (`cls.id`) beside the ones that ship."""
    if cls.id in GAMES:
        raise ValueError(f"{cls.id!r} is a game that ships")
    _registered[cls.id] = cls


def unregister(game_id: str) -> None:
    """Forget a game `register`ed (a test's game, once the test is done)."""
    _registered.pop(game_id, None)


def game_class(game_id: str) -> type[Game[Any, Any]]:
    if isinstance(game_id, str) and game_id in _registered:
        return _registered[game_id]
    if not isinstance(game_id, str) or game_id not in GAMES:
        raise ValueError(f"unknown game {game_id!r} (games: {', '.join([*GAMES, *_registered])})")
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
