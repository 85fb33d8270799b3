"""What a line typed at the console asks for: an option's number, a move, help, the rules, the
whole board again, forgetting the player (`/forget`), a tournament (`/tournament`), or leaving.
The command words are accepted in English, Russian and Ukrainian."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

QUIT_WORDS: Final = frozenset({"quit", "exit", "q", "выход", "выйти", "вихід", "вийти"})
HELP_WORDS: Final = frozenset({"help", "?", "h", "помощь", "справка", "допомога", "довідка"})
RULES_WORDS: Final = frozenset({"rules", "правила"})
BOARD_WORDS: Final = frozenset({"board", "стол", "доска", "стіл", "дошка"})
FORGET_WORDS: Final = frozenset({"forget", "/forget", "забыть", "забути"})
LINK_WORDS: Final = frozenset({"link", "/link"})  # `link [CODE]` (bot/linker.py)
UNLINK_WORDS: Final = frozenset({"unlink", "/unlink"})
TOURNAMENT_WORDS: Final = frozenset({"tournament", "/tournament", "турнир", "турнір"})
_NUMBER: Final = re.compile(r"[0-9]+")
_MAX_DIGITS: Final = 6


@dataclass(frozen=True, slots=True)
class Quit:
    pass


@dataclass(frozen=True, slots=True)
class Help:
    pass


@dataclass(frozen=True, slots=True)
class Rules:
    pass


@dataclass(frozen=True, slots=True)
class Board:
    """Show the whole board and my panel again (so does an empty line)."""


@dataclass(frozen=True, slots=True)
class Forget:
    """Forget me (asked first, as in a chat: while the practice game runs, refused)."""


@dataclass(frozen=True, slots=True)
class Link:
    """`link`: a code for this player to type on a chat platform sharing the database; `link CODE`:
    the code a chat platform showed (bot/linker.py)."""

    code: str | None = None


@dataclass(frozen=True, slots=True)
class Unlink:
    pass


@dataclass(frozen=True, slots=True)
class Tournament:
    """`/tournament …` with its words (bot/tournament_words.py), as in a chat: the console's person
    is its admin."""

    words: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Empty:
    pass


@dataclass(frozen=True, slots=True)
class Number:
    """An option picked by its number (1-based, not yet checked against the options; 0 if absurd)."""

    n: int
    text: str


@dataclass(frozen=True, slots=True)
class Move:
    """Anything else: a move in the game's notation, which the service judges."""

    text: str


Command = Quit | Help | Rules | Board | Forget | Link | Unlink | Tournament | Empty | Number | Move


def read_command(line: str) -> Command:
    text = line.strip()
    if not text:
        return Empty()
    word = text.lower()
    if word in QUIT_WORDS:
        return Quit()
    if word in HELP_WORDS:
        return Help()
    if word in RULES_WORDS:
        return Rules()
    if word in BOARD_WORDS:
        return Board()
    if word in FORGET_WORDS:
        return Forget()
    first, _, rest = word.partition(" ")
    if first in LINK_WORDS:
        return Link(rest.strip() or None)
    if word in UNLINK_WORDS:
        return Unlink()
    if first in TOURNAMENT_WORDS:
        return Tournament(tuple(text.split()[1:]))
    if _NUMBER.fullmatch(text):
        if len(text) > _MAX_DIGITS:
            return Number(0, text[:_MAX_DIGITS] + "…")
        return Number(int(text), text)
    return Move(text)
