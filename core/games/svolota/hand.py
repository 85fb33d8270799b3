"""A Svolota hand, held as the set of suits it has of each rank.

The rules never ask in which order a hand's cards came; they ask which suits of a rank it holds
(to list its plays) and whether it holds a joker. So a hand is that, as bits: `suits[rank]` has bit
`Card.suit_bit` for each suit held of the rank, `ranks` has bit `Card.rank_bit` for each rank held,
and `mixed` for each rank held in both colours (only those have plays of two cards or more).
Adding or taking a card is a few bit operations, and listing plays is a few table reads
(`plays.plays_of`). Shown, the cards are in their sort order (rank, then suit S C H D; jokers last).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Final

from core.cards import ACE, JOKER, RANKS, STANDARD_DECK, SUITS, Card

_BLACK: Final = sum(1 << i for i, suit in enumerate(SUITS) if not suit.red)  # suit bits of the black suits
_RED: Final = sum(1 << i for i, suit in enumerate(SUITS) if suit.red)
MIXED_SUITS: Final = tuple(bool(mask & _BLACK and mask & _RED) for mask in range(1 << len(SUITS)))
"""[suit bits] -> whether that set of suits holds both colours."""


def _ranks_of() -> tuple[tuple[int, ...], ...]:
    table: list[tuple[int, ...]] = [()]
    for i in range(1, 1 << (ACE - 1)):  # bit 0 of i is rank 2
        lowest = i & -i
        table.append((lowest.bit_length() + 1, *table[i ^ lowest]))  # the lowest rank, then the others
    return tuple(table)


RANKS_OF: Final = _ranks_of()
"""[rank bits >> 2] -> the ranks whose bits are set, low to high (ranks are 2..14, so bits 0 and 1
are never set)."""

CARDS_OF: Final = tuple(
    tuple(tuple(c for c in STANDARD_DECK if c.rank == rank and mask & c.suit_bit) for mask in range(1 << len(SUITS)))
    for rank in range(ACE + 1)
)
"""[rank][suit bits] -> those cards, in suit order."""


@dataclass(slots=True)
class Hand:
    suits: list[int] = field(default_factory=lambda: [0] * (ACE + 1))  # [rank] -> suit bits held
    ranks: int = 0  # rank bits held
    mixed: int = 0  # rank bits held in both colours
    jokers: int = 0
    size: int = 0
    _shown: tuple[Card, ...] | None = field(default=None, init=False, repr=False, compare=False)  # until a change

    @classmethod
    def of(cls, cards: Iterable[Card]) -> Hand:
        """ValueError if a card other than a joker is there twice: a hand is a set of cards."""
        hand = cls()
        for card in cards:
            if card.suit is not None and hand.count(card):
                raise ValueError(f"a hand holds {card} only once")
            hand.add(card)
        return hand

    def add(self, card: Card) -> None:
        self._shown = None
        self.size += 1
        if card.suit is None:
            self.jokers += 1
            return
        rank = card.rank
        suits = self.suits[rank] | card.suit_bit
        self.suits[rank] = suits
        self.ranks |= card.rank_bit
        if MIXED_SUITS[suits]:
            self.mixed |= card.rank_bit

    def take(self, cards: tuple[Card, ...]) -> None:
        """Take out `cards`: each held, and none twice (a verified play)."""
        self._shown = None
        self.size -= len(cards)
        for card in cards:
            if card.suit is None:
                self.jokers -= 1
                continue
            rank = card.rank
            suits = self.suits[rank] & ~card.suit_bit
            self.suits[rank] = suits
            if not MIXED_SUITS[suits]:
                self.mixed &= ~card.rank_bit
                if not suits:
                    self.ranks &= ~card.rank_bit

    def take_play(self, rank: int, suits: int, size: int) -> None:
        """Take out a verified play's `size` cards of `rank`, of the suits in `suits` (what `take`
        does card by card, at once)."""
        self._shown = None
        self.size -= size
        left = self.suits[rank] & ~suits
        self.suits[rank] = left
        if not MIXED_SUITS[left]:
            bit = 1 << rank
            self.mixed &= ~bit
            if not left:
                self.ranks &= ~bit

    def count(self, card: Card) -> int:
        """How many of `card` the hand holds (0 or 1; jokers: 0 to 2)."""
        if card.suit is None:
            return self.jokers
        return int(card.rank in RANKS and bool(self.suits[card.rank] & card.suit_bit))

    def cards(self) -> tuple[Card, ...]:
        """The cards in sort order: by rank, then suit S C H D; jokers last."""
        shown = self._shown
        if shown is None:
            cards: list[Card] = []
            for rank in RANKS_OF[self.ranks >> 2]:
                cards += CARDS_OF[rank][self.suits[rank]]
            shown = self._shown = (*cards, *(JOKER,) * self.jokers)
        return shown

    def __len__(self) -> int:
        return self.size

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards())

    def __repr__(self) -> str:
        return f"Hand({' '.join(map(str, self.cards()))})"
