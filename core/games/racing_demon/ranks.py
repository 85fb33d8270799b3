"""Ranks with the Ace low (A 2 … 10 J Q K), and the work piles' building rule.

core.cards counts the Ace as 14; this game maps it to 1 here and nowhere else.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from core.cards import ACE, Card, Suit

LOW_ACE: Final = 1
KING: Final = 13


def rank(card: Card) -> int:
    """The card's rank with the Ace low: 1 for an Ace, 2–10, 11 J, 12 Q, 13 K."""
    return LOW_ACE if card.rank == ACE else card.rank


def card_of(low_rank: int, suit: Suit) -> Card:
    """The card of `low_rank` (Ace = 1) and `suit` (one made once: the rules ask for these in
    their innermost loops)."""
    card = _CARDS.get((low_rank, suit))
    return card if card is not None else Card(ACE if low_rank == LOW_ACE else low_rank, suit)


_CARDS: Final = {(r, s): Card(ACE if r == LOW_ACE else r, s) for r in range(LOW_ACE, KING + 1) for s in Suit}


def builds_on(card: Card, top: Card) -> bool:
    """Work piles build down in alternating colours: one rank lower and the other colour."""
    return rank(card) == rank(top) - 1 and card.red != top.red


def top_run(pile: Sequence[Card]) -> int:
    """How many cards at the top of `pile` (bottom first) form a correctly built run."""
    length = 1 if pile else 0
    while length < len(pile) and builds_on(pile[-length], pile[-length - 1]):
        length += 1
    return length


def run_onto(pile: Sequence[Card], target: Card) -> int | None:
    """How many top cards of `pile` make the one run whose base fits on `target`, or None.

    The run is descending by one, so only the part whose base is one rank below `target` can fit.
    """
    if not pile:
        return None
    count = rank(target) - rank(pile[-1])
    if count < 1 or count > len(pile) or not builds_on(pile[-count], target):
        return None
    if any(not builds_on(pile[-i], pile[-i - 1]) for i in range(1, count)):
        return None
    return count
