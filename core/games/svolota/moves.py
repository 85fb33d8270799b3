"""Svolota moves and their notation: `play 8H 8C 8D` (in laid order), `joker`, `pass`."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Final

from core.cards import Card, format_cards, parse_cards
from core.errors import BadNotation


@dataclass(frozen=True, slots=True)
class Play:
    """One card, or several of one rank, laid in this order (the last one ends on top).

    What making the play needs is worked out once, when it is made (the legal plays are made at
    import, `plays.PLAYS`): its rank and the suits of its cards, so a hand gives them up in a few
    bit operations (`Hand.take_play`)."""

    cards: tuple[Card, ...]
    rank: int = field(init=False, repr=False, compare=False)  # the first card's (0 for no cards)
    suits: int = field(init=False, repr=False, compare=False)  # the cards' suit bits (`Card.suit_bit`)

    def __post_init__(self) -> None:
        cards = self.cards
        object.__setattr__(self, "rank", cards[0].rank if cards else 0)
        suits = 0
        for card in cards:
            suits |= card.suit_bit
        object.__setattr__(self, "suits", suits)


@dataclass(frozen=True, slots=True)
class Joker:
    """A joker laid alone: the pile is discarded and the next player leads."""


@dataclass(frozen=True, slots=True)
class Pass:
    pass


Move = Play | Joker | Pass
JOKER_MOVE: Final = Joker()
PASS: Final = Pass()

_EXPECTED = "expected 'play <cards>' (e.g. play 8H 8C), 'joker' or 'pass'"
_PASS_WORDS = {"pass", "пас", "пасс"}
_JOKER_WORDS = {"joker", "jk", "джокер"}


def parse_move(text: str) -> Move:
    words = text.split()
    if not words:
        raise BadNotation(_EXPECTED)
    head = words[0].lower()
    if len(words) == 1 and head in _PASS_WORDS:
        return PASS
    if len(words) == 1 and head in _JOKER_WORDS:
        return JOKER_MOVE
    if head in {"play", "p"}:
        words = words[1:]
        if not words:
            raise BadNotation("say which cards to play, e.g. play 8H 8C")
    try:
        cards = parse_cards(words)
    except BadNotation as e:
        raise BadNotation(_EXPECTED + ": " + e.template, **e.params) from None
    if any(c.joker for c in cards):
        if len(cards) == 1:
            return JOKER_MOVE
        raise BadNotation("a joker is played alone: 'joker'")
    return Play(tuple(cards))


def format_move(move: Move) -> str:
    if isinstance(move, Play):
        return "play " + format_cards(move.cards)
    return "joker" if isinstance(move, Joker) else "pass"
