"""The position of one Speed deal: both layouts (stacks and reserve) and the centre piles.

Mutable on purpose: the game verifies a move first and only then changes the position, so a
refused move never touches it. Cards serialise as canonical text, each list top first.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from core.cards import STANDARD_DECK, Card, format_cards, parse_card, parse_cards

SEATS: Final = (0, 1)
RECENT: Final = 4  # replaced tops a pile remembers for the "too slow" rule (see rules.verify_play)


@dataclass(slots=True)
class Stack:
    """A stack: `cards` bottom first, so the last is the top; only the top can be face up."""

    cards: list[Card] = field(default_factory=list)
    up: bool = False

    @property
    def top(self) -> Card | None:
        """The face-up top card, or None (empty, or its top is face down)."""
        return self.cards[-1] if self.cards and self.up else None

    @property
    def face_down_top(self) -> bool:
        return bool(self.cards) and not self.up

    @property
    def down(self) -> int:
        """How many of its cards are face down."""
        return len(self.cards) - (self.top is not None)


@dataclass(frozen=True, slots=True)
class Change:
    """Pile top `was` was covered by a play of `seat` (kept until the other seat next moves)."""

    seat: int
    was: Card


@dataclass(slots=True)
class Pile:
    """A centre pile: `cards` bottom first, the last is the top (a pile is never empty)."""

    cards: list[Card]
    changes: list[Change] = field(default_factory=list)

    @property
    def top(self) -> Card:
        return self.cards[-1]


@dataclass(slots=True)
class Table:
    """One deal's position. `reserves[seat]` is top first. `stall_ended_by` is the seat whose move
    last ended a stalemate, until the other seat next moves (for "too slow" on `new`)."""

    stacks: list[list[Stack]]
    reserves: list[list[Card]]
    piles: list[Pile]
    stall_ended_by: int | None = None
    recycles: int = 0

    def stack_cards(self, seat: int) -> int:
        return sum(len(s.cards) for s in self.stacks[seat])

    def cards(self) -> list[Card]:
        """Every card on the table, each once (for checks)."""
        out = [c for seat in SEATS for s in self.stacks[seat] for c in s.cards]
        out += [c for r in self.reserves for c in r]
        return out + [c for p in self.piles for c in p.cards]

    # ----- serialisation ------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "stacks": [
                [{"cards": format_cards(s.cards[::-1]), "up": s.up} for s in self.stacks[seat]] for seat in SEATS
            ],
            "reserves": [format_cards(r) for r in self.reserves],
            "piles": [
                {
                    "cards": format_cards(p.cards[::-1]),
                    "changes": [[c.seat, str(c.was)] for c in p.changes],
                }
                for p in self.piles
            ],
            "stall_ended_by": self.stall_ended_by,
            "recycles": self.recycles,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], stack_count: int) -> Table:
        """The table `to_dict` wrote; ValueError unless it is a whole, well-formed position."""
        stacks = [[_stack(s) for s in data["stacks"][seat]] for seat in SEATS]
        if len(data["stacks"]) != len(SEATS) or any(len(row) != stack_count for row in stacks):
            raise ValueError(f"a Speed table has 2 rows of {stack_count} stacks")
        reserves = [parse_cards(_text(data["reserves"][seat])) for seat in SEATS]
        piles = [_pile(p) for p in data["piles"]]
        if len(data["reserves"]) != len(SEATS) or len(piles) < len(SEATS):
            raise ValueError("a Speed table has 2 reserves and at least 2 piles")
        ended = data["stall_ended_by"]
        if ended not in (None, *SEATS):
            raise ValueError(f"bad stall_ended_by: {ended!r}")
        recycles = data["recycles"]
        if isinstance(recycles, bool) or not isinstance(recycles, int) or recycles < 0:
            raise ValueError(f"bad recycles: {recycles!r}")
        table = cls(stacks, reserves, piles, ended, recycles)
        cards = table.cards()
        if len(cards) != len(STANDARD_DECK) or set(cards) != _DECK:
            raise ValueError("a Speed table holds each of the 52 cards exactly once")
        return table


_DECK: Final = frozenset(STANDARD_DECK)


def _text(value: Any) -> str:
    if not isinstance(value, str):
        raise TypeError(f"cards are saved as text, not {type(value).__name__}")
    return value


def _stack(data: Any) -> Stack:
    cards = parse_cards(_text(data["cards"]))[::-1]
    up = data["up"]
    if not isinstance(up, bool) or (up and not cards):
        raise ValueError(f"bad stack: {data!r}")
    return Stack(cards, up)


def _pile(data: Any) -> Pile:
    cards = parse_cards(_text(data["cards"]))[::-1]
    if not cards:
        raise ValueError("a centre pile is never empty")
    changes = []
    for seat, was in data["changes"]:
        if seat not in SEATS:
            raise ValueError(f"bad seat in a pile's changes: {seat!r}")
        changes.append(Change(seat, parse_card(_text(was))))
    return Pile(cards, changes)
