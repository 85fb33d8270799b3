"""The shared foundations: one per Ace played, built up by suit to the King by anyone.

A foundation is its suit and the owners of its cards in order (Ace first), so every card on the
table still knows whose deck it came from. Foundations are numbered from 1 in the order they
were started and are never removed (a complete one stays, with its King on top).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from core.cards import STANDARD_DECK, SUITS, Card, Suit
from core.games.racing_demon.ranks import KING, LOW_ACE, card_of, rank


@dataclass(slots=True)
class Foundation:
    suit: Suit
    owners: list[int]  # owners[i] is the seat whose card of rank i + 1 (Ace low) lies here

    @property
    def rank(self) -> int:
        """The rank of the top card (1 for a lone Ace, 13 when complete)."""
        return len(self.owners)

    @property
    def top(self) -> Card:
        return card_of(self.rank, self.suit)

    @property
    def complete(self) -> bool:
        return self.rank == KING

    def cards(self) -> list[tuple[Card, int]]:
        """Each card with its owner, Ace first."""
        return [(card_of(i + 1, self.suit), owner) for i, owner in enumerate(self.owners)]


def _slot(suit: Suit, low_rank: int) -> int:
    """Where `Foundations._open` counts the foundations of `suit` whose top has `low_rank`."""
    return _SUIT_INDEX[suit] * (KING + 1) + low_rank


_SUIT_INDEX: Final = {suit: i for i, suit in enumerate(SUITS)}
_ACES: Final = sum(card_of(LOW_ACE, suit).bit for suit in SUITS)


@dataclass(slots=True)
class Foundations:
    piles: list[Foundation] = field(default_factory=list)
    # How many incomplete foundations have each top (by `_slot`), and the cards that go on some
    # foundation now as bits (`Card.bit`): kept as cards go on, so asking is a bit test.
    _open: list[int] = field(default_factory=lambda: [0] * (len(SUITS) * (KING + 1)), init=False, repr=False)
    wanted_bits: int = field(default=_ACES, init=False, repr=False, compare=False)
    _wanted: frozenset[Card] | None = field(default=None, init=False, repr=False, compare=False)  # until a card goes on

    def accepting(self, card: Card) -> int | None:
        """The index of the lowest-numbered foundation `card` goes on, len(piles) for an Ace (it
        starts a new one), or None."""
        if card.suit is None:
            return None
        need = rank(card) - 1
        if need < LOW_ACE:
            return len(self.piles)
        if not self._open[_slot(card.suit, need)]:
            return None
        return next(i for i, f in enumerate(self.piles) if f.suit is card.suit and f.rank == need)

    def fits(self, card: Card) -> bool:
        """Whether `card` goes on some foundation now (an Ace always does)."""
        return bool(self.wanted_bits & card.bit)

    def wanted(self) -> frozenset[Card]:
        """Every card that goes on a foundation now: the four Aces and the next card of each
        incomplete foundation."""
        if self._wanted is None:
            self._wanted = frozenset(c for c in STANDARD_DECK if self.wanted_bits & c.bit)
        return self._wanted

    def beaten(self, card: Card) -> bool:
        """Too slow: a foundation of `card`'s suit already holds another deck's card of the same
        rank, so the place this card was racing for is taken (whether one card or several went
        on since). Asked only about a card that fits no foundation now."""
        return any(f.suit is card.suit and f.rank >= rank(card) for f in self.piles)

    def place(self, card: Card, owner: int) -> int:
        """Put `owner`'s `card` on the foundation that accepts it; its index (0-based)."""
        index = self.accepting(card)
        assert index is not None and card.suit is not None
        if index == len(self.piles):
            self.piles.append(Foundation(card.suit, []))
        pile = self.piles[index]
        self._close(pile)
        pile.owners.append(owner)
        self._enter(pile)
        return index

    def on_foundations(self, seats: int) -> list[int]:
        """How many of each seat's cards lie on the foundations."""
        counts = [0] * seats
        for pile in self.piles:
            for owner in pile.owners:
                counts[owner] += 1
        return counts

    def _enter(self, pile: Foundation) -> None:
        self._wanted = None
        if not pile.complete:
            slot = _slot(pile.suit, pile.rank)
            self._open[slot] += 1
            self.wanted_bits |= card_of(pile.rank + 1, pile.suit).bit

    def _close(self, pile: Foundation) -> None:
        self._wanted = None
        if pile.owners and not pile.complete:
            slot = _slot(pile.suit, pile.rank)
            self._open[slot] -= 1
            if not self._open[slot]:  # no other foundation wants that card
                self.wanted_bits &= ~card_of(pile.rank + 1, pile.suit).bit

    # ----- saving ---------------------------------------------------------------------------

    def to_list(self) -> list[dict[str, Any]]:
        return [{"suit": f.suit.value, "owners": list(f.owners)} for f in self.piles]

    @classmethod
    def from_list(cls, data: Any, seats: int) -> Foundations:
        if not isinstance(data, list):
            raise TypeError("foundations are saved as a list")
        out = cls()
        for item in data:
            owners = item["owners"]
            if not isinstance(owners, list) or not 1 <= len(owners) <= KING:
                raise ValueError(f"a foundation holds 1 to {KING} cards, not {owners!r}")
            if any(isinstance(o, bool) or not isinstance(o, int) or not 0 <= o < seats for o in owners):
                raise ValueError(f"foundation owners must be seats, not {owners!r}")
            pile = Foundation(Suit(item["suit"]), list(owners))
            out.piles.append(pile)
            out._enter(pile)
        return out
