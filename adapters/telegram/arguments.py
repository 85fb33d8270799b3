"""What follows a command: a game's name in any of our languages, a setting and its value, the
leaderboard's game, place and season, /notify's on or off."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Final

from bot.games import game_info, game_named
from bot.seasons import ALL_TIME, named
from bot.settings import value_of

SETTINGS: Final = {
    "lang": "lang",
    "language": "lang",
    "timer": "turn_seconds",
    "turn": "turn_seconds",
    "tables": "many_tables",
    "rule": "house_rule",
    "look": "look",
    "cards": "look",
    "ranks": "ranks",
    "letters": "ranks",
    "page": "page_public",  # the chat's page public: on or off
}

EVERYWHERE: Final = frozenset({"all", "everywhere", "везде", "всюди"})  # every chat, not only this one
ALL_TIME_WORD: Final = "alltime"  # how the bot writes it (the leaderboard's "All time: /leaderboard alltime")
ALWAYS: Final = frozenset({"alltime", "all-time", "all_time", "ever", "always", "всегда", "завжди"})  # all seasons
# a word meant as a season that names none ("2026-13", "26-11"): handed on, for the service to refuse
SEASON_LIKE: Final = re.compile(r"\d{2,4}[-./]\d{1,2}")
NOTIFY_ON: Final = frozenset({"on", "yes", "вкл", "да", "так", "увімк"})
NOTIFY_OFF: Final = frozenset({"off", "no", "stop", "выкл", "нет", "ні", "вимк"})
MAX_WORD: Final = 30


def command_of(game: str) -> str:
    """The command that opens a table of `game` (/demon for racing_demon); an unknown game's id."""
    try:
        return game_info(game).command
    except ValueError:
        return game


@dataclass(frozen=True, slots=True)
class Board:
    """What `/leaderboard` asks for: a game (None: every game), every chat or this one, and a
    season (None: the current one, ALL_TIME: all time, else a season's name)."""

    game: str | None
    everywhere: bool
    season: str | None


def board_of(args: list[str], months: int = 1) -> Board:
    """`[game] [everywhere] [alltime | 2026-11]`, in any order; other words are ignored (the first
    of them is tried as the game)."""
    words = [w.lower()[:MAX_WORD] for w in args]
    season: str | None = None
    rest: list[str] = []
    for word in words:
        if word in ALWAYS:
            season = ALL_TIME
        elif (found := named(word, months)) is not None:
            season = found
        elif SEASON_LIKE.fullmatch(word):
            season = word
        elif word not in EVERYWHERE:
            rest.append(word)
    return Board(game_named(rest[0]) if rest else None, any(w in EVERYWHERE for w in words), season)


def notify_of(args: list[str]) -> bool | None:
    """`/notify on|off`: True or False; None to toggle (no word). A word it does not know: ValueError."""
    if not args:
        return None
    word = args[0].lower()
    if word in NOTIFY_ON:
        return True
    if word in NOTIFY_OFF:
        return False
    raise ValueError(word)


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
    return Setting(name, args[1].lower()[:30] if name in ("lang", "look", "ranks") else value_of(args[1]))
