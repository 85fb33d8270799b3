"""Racing Demon moves and their notation: `demon>f`, `w2>f`, `waste>w3`, `w1>w4`, `turn`.

Parsing is forgiving: any case, extra spaces anywhere around the words and the `>` (`W1 > F`),
and `->` or `→` for `>`. The canonical form has no spaces and is lower case.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import Enum

from core.errors import BadNotation

WORK_PILES = 4


class Source(Enum):
    """Where a moved card comes from: the demon, the waste, or a work pile."""

    DEMON = "demon"
    WASTE = "waste"
    W1 = "w1"
    W2 = "w2"
    W3 = "w3"
    W4 = "w4"

    work: int | None  # the work pile's number (1–4), or None for the demon and the waste

    def __init__(self, value: str) -> None:
        # an attribute, not a lookup: the rules ask for it in their loops, and hashing a member is slow
        self.work = int(value[1:]) if value[1:].isdigit() else None

    @property
    def name_in_text(self) -> str:
        """`the demon`, `the waste`, `w2`: as a sentence says it."""
        text = str(self.value)
        return text if self.work is not None else "the " + text

    @staticmethod
    def of_work(pile: int) -> Source:
        return _WORK_SOURCES[pile - 1]


_WORK_SOURCES = (Source.W1, Source.W2, Source.W3, Source.W4)


@dataclass(frozen=True, slots=True)
class ToFoundation:
    """The top card of `source` to a foundation (the engine picks which; an Ace starts one)."""

    source: Source


@dataclass(frozen=True, slots=True)
class ToWork:
    """The top card of the demon or the waste, or the one run of a work pile that fits, onto
    work pile `pile` (1–4)."""

    source: Source
    pile: int


@dataclass(frozen=True, slots=True)
class Turn:
    """Up to three cards from the stock onto the waste; with an empty stock, the waste back over."""


Move = ToFoundation | ToWork | Turn
TURN = Turn()

EXPECTED = "expected demon>f, waste>f, w1>f … w4>f, demon>w1, waste>w2, w1>w3 or turn, not {text!r}"
_ARROW = re.compile(r"\s*(?:->|→|>)\s*")
_SOURCES = {s.value: s for s in Source}
_TARGETS = {f"w{n}": n for n in range(1, WORK_PILES + 1)}
_SHOWN = 30


def parse_move(text: str) -> Move:
    """A move from forgiving text; BadNotation saying what was expected if it is not one."""
    plain = _ARROW.sub(">", " ".join(text.split()).lower())
    shown = text.strip()[:_SHOWN]
    if plain == "turn":
        return TURN
    source_text, arrow, target = plain.partition(">")
    if not arrow:
        raise BadNotation(EXPECTED, text=shown)
    source = _SOURCES.get(source_text)
    if source is None:
        raise BadNotation(
            "cards move from demon, waste or w1 to w4, not {text!r}", text=source_text[:_SHOWN]
        )
    if target == "f":
        return ToFoundation(source)
    pile = _TARGETS.get(target)
    if pile is None:
        raise BadNotation("cards move to f (a foundation) or w1 to w4, not {text!r}", text=target[:_SHOWN])
    return ToWork(source, pile)


def format_move(move: Move) -> str:
    if isinstance(move, ToFoundation):
        return f"{move.source.value}>f"
    if isinstance(move, ToWork):
        return f"{move.source.value}>w{move.pile}"
    return "turn"
