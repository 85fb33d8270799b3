"""Speed moves and their notation: `play S P`, `flip S`, `fill S`, `new` (SPEC §4).

Stacks and piles are numbered from 1. Parsing is case-insensitive and ignores extra spaces; the
stack and pile of a play may also be joined by `>` (`play 2>1`) or written together (`play21`:
a stack number is a single digit, so the rest is the pile).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Final

from core.errors import BadNotation


@dataclass(frozen=True, slots=True)
class Play:
    """The face-up top of your stack `stack` onto centre pile `pile`."""

    stack: int
    pile: int


@dataclass(frozen=True, slots=True)
class Flip:
    """Turn the face-down top of your stack face up."""

    stack: int


@dataclass(frozen=True, slots=True)
class Fill:
    """Your reserve's top card, face up, onto a stack that has no face-up top."""

    stack: int


@dataclass(frozen=True, slots=True)
class New:
    """In a stalemate: your reserve's top card starts a new centre pile."""


Move = Play | Flip | Fill | New
NEW: Final = New()

_PLAY: Final = re.compile(r"play ?([0-9]+)(?: ?> ?| )([0-9]+)")
_PLAY_JOINED: Final = re.compile(r"play ?([0-9])([0-9]+)")
_ONE_STACK: Final = re.compile(r"(flip|fill) ?([0-9]+)")
_MAX_ECHO: Final = 30


def parse_move(text: str) -> Move:
    """A move from forgiving text; BadNotation saying what was expected if it is not one."""
    words = " ".join(text.lower().split())
    if words == "new":
        return NEW
    match = _PLAY.fullmatch(words) or _PLAY_JOINED.fullmatch(words)
    if match:
        return Play(int(match[1]), int(match[2]))
    match = _ONE_STACK.fullmatch(words)
    if match:
        return Flip(int(match[2])) if match[1] == "flip" else Fill(int(match[2]))
    head = words.split(" ", 1)[0] if words else ""
    if head == "play":
        raise BadNotation("a play names one of your stacks and a centre pile, e.g. play 2 1")
    if head in ("flip", "fill"):
        raise BadNotation("{word} names one of your stacks, e.g. {word} 3", word=head)
    if not words:
        raise BadNotation("no move given: expected play S P, flip S, fill S or new (S a stack, P a pile)")
    raise BadNotation(
        "not a move: {text} — expected play S P, flip S, fill S or new (S a stack, P a pile)",
        text=text.strip()[:_MAX_ECHO],
    )


def format_move(move: Move) -> str:
    """The canonical notation: `play 2 1`, `flip 3`, `fill 4`, `new`."""
    if isinstance(move, Play):
        return f"play {move.stack} {move.pile}"
    if isinstance(move, Flip):
        return f"flip {move.stack}"
    if isinstance(move, Fill):
        return f"fill {move.stack}"
    return "new"
