"""What the bot needs to know of each game beyond the rules: real time or turns, seat limits,
computer levels."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache
from importlib import import_module
from typing import Any, Final

from core import GAMES, game_class
from core.computer import Level

REAL_TIME = frozenset({"speed", "racing_demon"})


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str
    real_time: bool
    min_players: int
    max_players: int
    levels: dict[str, Level[Any, Any]]


@cache
def game_info(game_id: str) -> GameInfo:
    cls = game_class(game_id)  # ValueError for an unknown game
    levels: dict[str, Level[Any, Any]] = import_module(f"core.games.{game_id}.computer").LEVELS
    return GameInfo(game_id, game_id in REAL_TIME, cls.min_players, cls.max_players, levels)


def known_game(game_id: str) -> bool:
    return game_id in GAMES


# A game as people type it after a command, in the three languages.
GAME_WORDS: Final = {
    "svolota": "svolota",
    "сволота": "svolota",
    "speed": "speed",
    "скорость": "speed",
    "швидкість": "speed",
    "demon": "racing_demon",
    "racing_demon": "racing_demon",
    "racingdemon": "racing_demon",
    "демон": "racing_demon",
    "гонка": "racing_demon",  # «Гонка демонов»
    "перегони": "racing_demon",  # «Перегони демонів»
}


def game_named(word: str | None) -> str | None:
    """The game a word names; an unknown word is passed on as it is (the service refuses it)."""
    if word is None:
        return None
    return GAME_WORDS.get(word.lower(), word.lower()[:30])
