"""One player's layout: demon, four work piles, stock and waste. Every card in it is the player's.

Piles are lists with the bottom card first and the top card last (so taking the top is `pop()`);
in saved games they are written top card first, like a deck (SPEC §1).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.cards import Card, format_cards, parse_cards
from core.games.racing_demon.moves import WORK_PILES, Source

DEMON_SIZE = 13
TURN_SIZE = 3


@dataclass(slots=True)
class Layout:
    demon: list[Card]
    work: list[list[Card]]
    stock: list[Card]
    waste: list[Card]

    @classmethod
    def deal(cls, deck: list[Card]) -> Layout:
        """Deal one player's 52 cards, top first: 13 to the demon, one to each work pile, the rest
        to the stock; the waste starts empty."""
        start = DEMON_SIZE + WORK_PILES
        return cls(
            demon=deck[DEMON_SIZE - 1 :: -1],
            work=[[c] for c in deck[DEMON_SIZE:start]],
            stock=deck[:start - 1 : -1],
            waste=[],
        )

    # ----- looking --------------------------------------------------------------------------

    def pile(self, source: Source) -> list[Card]:
        if source is Source.DEMON:
            return self.demon
        if source is Source.WASTE:
            return self.waste
        return self.work[_index(source)]

    def top(self, source: Source) -> Card | None:
        pile = self.pile(source)
        return pile[-1] if pile else None

    def work_top(self, pile: int) -> Card | None:
        """The top of work pile `pile` (1–4)."""
        cards = self.work[pile - 1]
        return cards[-1] if cards else None

    def cards(self) -> list[Card]:
        """Every card of the layout, in no particular order."""
        return [*self.demon, *(c for pile in self.work for c in pile), *self.stock, *self.waste]

    # ----- changing -------------------------------------------------------------------------

    def take(self, source: Source) -> Card:
        return self.pile(source).pop()

    def refill(self, pile: int) -> Card | None:
        """An emptied work pile `pile` (1–4) takes the demon's top card at once; the card, or None."""
        if self.work[pile - 1] or not self.demon:
            return None
        card = self.demon.pop()
        self.work[pile - 1].append(card)
        return card

    def turn(self) -> int:
        """Turn up to three stock cards onto the waste (the third ends on top) and return how many;
        with an empty stock, turn the waste back over as the stock and return 0."""
        if not self.stock:
            self.stock = self.waste[::-1]
            self.waste = []
            return 0
        count = min(TURN_SIZE, len(self.stock))
        for _ in range(count):
            self.waste.append(self.stock.pop())
        return count

    def rotate(self) -> None:
        """Everyone is stuck: the waste, turned over, goes under the stock; then the stock's top
        card goes to its bottom."""
        self.stock = self.waste[::-1] + self.stock
        self.waste = []
        if self.stock:
            self.stock.insert(0, self.stock.pop())

    # ----- saving ---------------------------------------------------------------------------

    def to_dict(self) -> dict[str, Any]:
        return {
            "demon": _text(self.demon),
            "work": [_text(p) for p in self.work],
            "stock": _text(self.stock),
            "waste": _text(self.waste),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Layout:
        work = data["work"]
        if not isinstance(work, list) or len(work) != WORK_PILES:
            raise ValueError(f"a layout has {WORK_PILES} work piles")
        return cls(
            demon=_cards(data["demon"]),
            work=[_cards(p) for p in work],
            stock=_cards(data["stock"]),
            waste=_cards(data["waste"]),
        )


def _index(source: Source) -> int:
    number = source.work
    assert number is not None
    return number - 1


def _text(pile: list[Card]) -> str:
    """Top card first."""
    return format_cards(pile[::-1])


def _cards(text: Any) -> list[Card]:
    if not isinstance(text, str):
        raise TypeError(f"a pile is saved as text, not {text!r}")
    return parse_cards(text)[::-1]
