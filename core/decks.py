"""Fixed decks given to `new_game` (SPEC §2): parsed, and checked to hold exactly the game's cards."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import Any

from core.cards import JOKER, STANDARD_DECK, Card, parse_cards
from core.errors import IllegalMove

WITH_JOKERS = (*STANDARD_DECK, JOKER, JOKER)


def parse_deck(deck: Any, expected: Iterable[Card], what: str = "deck") -> list[Card]:
    """`deck` (a string or a list of card texts, top first) as cards; ValueError unless it holds
    exactly the cards of `expected`."""
    if not isinstance(deck, str | list | tuple):
        raise ValueError(f"a {what} is a string or a list of cards, not {type(deck).__name__}")
    try:
        cards = parse_cards(deck)
    except IllegalMove as e:
        raise ValueError(f"bad {what}: {e}") from None
    want, got = Counter(expected), Counter(cards)
    if got != want:
        missing = sorted((want - got).elements(), key=lambda c: c.key)
        extra = sorted((got - want).elements(), key=lambda c: c.key)
        parts = []
        if missing:
            parts.append("missing " + " ".join(map(str, missing[:8])))
        if extra:
            parts.append("extra " + " ".join(map(str, extra[:8])))
        raise ValueError(f"the {what} must hold exactly {sum(want.values())} cards: {'; '.join(parts)}")
    return cards
