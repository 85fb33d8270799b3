"""What follows a command: a game's name in any of our languages, a setting and its value."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Final

from bot.games import game_named
from bot.settings import value_of

COMMAND_GAMES: Final = {"svolota": "svolota", "speed": "speed", "demon": "racing_demon"}
SETTINGS: Final = {
    "lang": "lang",
    "language": "lang",
    "timer": "turn_seconds",
    "turn": "turn_seconds",
    "tables": "many_tables",
    "rule": "house_rule",
    "look": "look",
    "cards": "look",
}


@dataclass(frozen=True, slots=True)
class Setting:
    name: str
    value: Any
    game: str | None = None


def setting_of(args: list[str]) -> Setting | None:
    """`lang ru`, `timer 90`, `tables on`, `look four`, `rule svolota free_pass on`; None if it is none
    of them."""
    if len(args) < 2:
        return None
    name = SETTINGS.get(args[0].lower(), args[0].lower()[:30])
    if name == "house_rule":
        if len(args) != 4:
            return None
        return Setting(name, (args[2].lower()[:30], value_of(args[3])), game_named(args[1]))
    if len(args) != 2:
        return None
    return Setting(name, args[1].lower()[:30] if name in ("lang", "look") else value_of(args[1]))
