"""Ranks with the Ace low (A 2 … 10 J Q K), and the work piles' building rule.

core.cards counts the Ace as 14; this game maps it to 1 here and nowhere else (`LOW_RANK`, a table
read in the rules' innermost loops).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Final

from core.cards import ACE, STANDARD_DECK, Card, Suit

LOW_ACE: Final = 1
KING: Final = 13
LOW_RANK: Final = tuple(LOW_ACE if r == ACE else r for r in range(ACE + 1))
"""[Card.rank] -> the rank with the Ace low."""


def rank(card: Card) -> int:
    """The card's rank with the Ace low: 1 for an Ace, 2–10, 11 J, 12 Q, 13 K."""
    return LOW_RANK[card.rank]


def card_of(low_rank: int, suit: Suit) -> Card:
    """The card of `low_rank` (Ace = 1) and `suit` (one made once: the rules ask for these in
    their innermost loops)."""
    card = _CARDS.get((low_rank, suit))
    return card if card is not None else Card(ACE if low_rank == LOW_ACE else low_rank, suit)


_CARDS: Final = {(r, s): Card(ACE if r == LOW_ACE else r, s) for r in range(LOW_ACE, KING + 1) for s in Suit}


def builds_on(card: Card, top: Card) -> bool:
    """Work piles build down in alternating colours: one rank lower and the other colour."""
    return LOW_RANK[card.rank] == LOW_RANK[top.rank] - 1 and card.red != top.red


def taking(tops: Iterable[Card | None]) -> int:
    """The cards (as `Card.bit`s) that build on any of these work pile tops."""
    bits = 0
    for top in tops:
        if top is not None:
            bits |= _BUILDS_ON[top.text]
    return bits


_BUILDS_ON: Final = {
    top.text: sum(c.bit for c in STANDARD_DECK if builds_on(c, top)) for top in STANDARD_DECK
}  # keyed by text: a card's own hash is slow, a string's is cached


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
    count = LOW_RANK[target.rank] - LOW_RANK[pile[-1].rank]
    if count < 1 or count > len(pile):
        return None  # the common case: no part of the pile is the right length
    if pile[-count].red == target.red or LOW_RANK[pile[-count].rank] != LOW_RANK[target.rank] - 1:
        return None
    for i in range(1, count):  # the cards above the base must be a run
        upper, lower = pile[-i], pile[-i - 1]
        if LOW_RANK[upper.rank] != LOW_RANK[lower.rank] - 1 or upper.red == lower.red:
            return None
    return count
