"""Action tokens: what a button does, small enough for Telegram's 64-byte callback data.

`<table>.<version>.<action>`, table and version in base 36: `k3.1f.j` joins table 740 at version 51.
The action is a letter, optionally followed by an argument (a move in compact notation, a seat).
A token is never trusted: `decode` refuses anything malformed, and the service checks the version
and the sender.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

MAX_TOKEN: Final = 64
_TOKEN: Final = re.compile(r"([0-9a-z]{1,12})\.([0-9a-z]{1,12})\.([a-z])([0-9A-Za-z>_-]{0,40})")

ACTIONS: Final = {
    "j": "join",
    "l": "leave",
    "c": "add_computer",
    "u": "remove_computer",  # argument: seat
    "s": "start",
    "a": "accept",
    "d": "decline",
    "m": "move",  # argument: the move, spaces as "_"
    "r": "rematch",
    "x": "cancel",
    "p": "panel",  # open my private panel / hand
    "n": "noop",
    "e": "extend",  # a lobby's join time, a minute more
    "o": "rules",  # a lobby's house rules: argument "" shows or hides them, else an option to change, "level", "save"
    "v": "vote",  # argument: y or n, and the vote's number
    "f": "forget",  # table NO_TABLE: /forget's answer, y or n, and whose (bot/forgetter.py)
    "q": "queue",  # table NO_TABLE: the quick-match queue's buttons, x leave, b computers now (bot/quick_match.py)
    "t": "tournament",  # table NO_TABLE: a tournament's board, j (join) or l (leave) and its id (bot/tournaments.py)
}
NO_TABLE: Final = 0  # the table of a button that is no table's (table ids start at 1)
_CODES: Final = {name: code for code, name in ACTIONS.items()}


@dataclass(frozen=True, slots=True)
class Token:
    table_id: int
    version: int
    action: str
    arg: str = ""

    def encode(self) -> str:
        text = f"{_b36(self.table_id)}.{_b36(self.version)}.{_CODES[self.action]}{self.arg.replace(' ', '_')}"
        if len(text.encode()) > MAX_TOKEN:
            raise ValueError(f"token too long: {text}")
        return text


def decode(data: str) -> Token | None:
    """The token in `data`, or None if it is not one of ours."""
    if not isinstance(data, str) or len(data) > MAX_TOKEN:
        return None
    match = _TOKEN.fullmatch(data)
    if match is None or match[3] not in ACTIONS:
        return None
    return Token(int(match[1], 36), int(match[2], 36), ACTIONS[match[3]], match[4].replace("_", " "))


def _b36(n: int) -> str:
    if n < 0:
        raise ValueError("negative id")
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    out = ""
    while True:
        n, r = divmod(n, 36)
        out = digits[r] + out
        if n == 0:
            return out
