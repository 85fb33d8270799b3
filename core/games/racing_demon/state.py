"""A Racing Demon round's position: every layout, the foundations, and how the round stands."""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Any

from core.cards import STANDARD_DECK
from core.games.racing_demon.foundations import Foundations
from core.games.racing_demon.layout import Layout

DECK_KEYS = frozenset(c.key for c in STANDARD_DECK)


class End(Enum):
    OUT = "out"  # a player's demon is empty
    STUCK = "stuck"  # everyone was stuck after the rotation


@dataclass(slots=True)
class DemonState:
    layouts: list[Layout]
    foundations: Foundations
    rotated: bool = False  # everyone was stuck and the stocks rotated; nobody has made progress since
    end: End | None = None
    out: int | None = None  # the seat whose demon emptied

    def scores(self, demon_penalty: int) -> list[int]:
        """Each seat's cards on the foundations − `demon_penalty` × cards left in their demon."""
        placed = self.foundations.on_foundations(len(self.layouts))
        return [n - demon_penalty * len(lay.demon) for n, lay in zip(placed, self.layouts, strict=True)]

    def to_dict(self) -> dict[str, Any]:
        return {
            "layouts": [lay.to_dict() for lay in self.layouts],
            "foundations": self.foundations.to_list(),
            "rotated": self.rotated,
            "end": None if self.end is None else self.end.value,
            "out": self.out,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any], seats: int) -> DemonState:
        layouts = data["layouts"]
        if not isinstance(layouts, list) or len(layouts) != seats:
            raise ValueError(f"a saved round has one layout per player ({seats})")
        out = data["out"]
        if out is not None and (isinstance(out, bool) or not isinstance(out, int) or not 0 <= out < seats):
            raise ValueError(f"'out' must be a seat, not {out!r}")
        state = cls(
            layouts=[Layout.from_dict(lay) for lay in layouts],
            foundations=Foundations.from_list(data["foundations"], seats),
            rotated=bool(data["rotated"]),
            end=None if data["end"] is None else End(data["end"]),
            out=out,
        )
        state.check_cards()
        return state

    def check_cards(self) -> None:
        """ValueError unless each player's 52 cards are all here, each exactly once. (Every save is
        checked on load, so this counts by the cards' keys: plain tuples hash fast.)"""
        owned: list[list[tuple[int, int]]] = [[c.key for c in lay.cards()] for lay in self.layouts]
        for pile in self.foundations.piles:
            for card, owner in pile.cards():
                owned[owner].append(card.key)
        for seat, keys in enumerate(owned):
            if len(keys) != len(STANDARD_DECK) or set(keys) != DECK_KEYS:
                raise ValueError(f"seat {seat} does not hold exactly one deck of 52 cards")
