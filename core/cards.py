"""Cards and their notation (SPEC §1).

Canonical text is rank then suit, upper case (`10H`, `AS`, `JK`). Parsing is forgiving: any case,
`T` for 10, suit symbols, the suit written before the rank (`♥8`), and the Cyrillic rank letters of
the Russian/Ukrainian rule texts. Latin `T` (ten) and Cyrillic `Т` (Туз, the Ace) look alike; the
code point decides. Cyrillic `С` and `Н` typed for the suits C and H are read as those suits.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Final

from core.errors import BadNotation


class Suit(Enum):
    SPADES = "S"
    CLUBS = "C"
    HEARTS = "H"
    DIAMONDS = "D"

    @property
    def red(self) -> bool:
        return self in (Suit.HEARTS, Suit.DIAMONDS)

    @property
    def symbol(self) -> str:
        return _SYMBOLS[self]


_SYMBOLS: Final = {Suit.SPADES: "♠", Suit.CLUBS: "♣", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦"}
SUITS: Final = (Suit.SPADES, Suit.CLUBS, Suit.HEARTS, Suit.DIAMONDS)

# Ranks are ints 2..14 (Ace high); a game with the Ace low maps 14 to 1 itself.
RANKS: Final = tuple(range(2, 15))
ACE: Final = 14
KING: Final = 13
RANK_TEXT: Final = {**{r: str(r) for r in range(2, 11)}, 11: "J", 12: "Q", 13: "K", 14: "A"}


@dataclass(frozen=True, slots=True)
class Card:
    """A playing card; `rank` 0 with no suit is a joker.

    Colour, joker-ness and the sort key are worked out once, when the card is made: rules look
    at them in their innermost loops."""

    rank: int
    suit: Suit | None = None
    joker: bool = field(init=False, repr=False, compare=False)
    red: bool = field(init=False, repr=False, compare=False)
    black: bool = field(init=False, repr=False, compare=False)
    key: tuple[int, int] = field(init=False, repr=False, compare=False)  # rank, then suit S C H D; jokers last
    text: str = field(init=False, repr=False, compare=False)  # the canonical notation, `str(card)`
    # A set of suits, of ranks or of cards is an int with these bits (rules test them in their loops).
    suit_bit: int = field(init=False, repr=False, compare=False)  # 1 << suit index (S C H D); 0 for a joker
    rank_bit: int = field(init=False, repr=False, compare=False)  # 1 << rank; 0 for a joker
    bit: int = field(init=False, repr=False, compare=False)  # 1 << (4 * rank + suit index); 0 for a joker

    def __post_init__(self) -> None:
        suit = self.suit
        object.__setattr__(self, "joker", suit is None)
        object.__setattr__(self, "red", suit is not None and suit.red)
        object.__setattr__(self, "black", suit is not None and not suit.red)
        object.__setattr__(self, "key", (99, 0) if suit is None else (self.rank, SUITS.index(suit)))
        plain = suit is not None and self.rank >= 0  # (a negative rank is no card: no bits)
        object.__setattr__(self, "suit_bit", 1 << SUITS.index(suit) if plain else 0)
        object.__setattr__(self, "rank_bit", 1 << self.rank if plain else 0)
        object.__setattr__(self, "bit", 1 << (4 * self.rank + SUITS.index(suit)) if plain else 0)
        text = "JK" if suit is None else RANK_TEXT.get(self.rank, str(self.rank)) + suit.value
        object.__setattr__(self, "text", text)

    # By key, not by (rank, suit): hashing an Enum member is slow, and cards are hashed and compared
    # whenever positions are saved, loaded and checked.
    def __eq__(self, other: object) -> bool:
        return self is other or (isinstance(other, Card) and self.key == other.key)

    def __hash__(self) -> int:
        return hash(self.key)

    def __reduce__(self) -> tuple[type[Card], tuple[int, Suit | None]]:
        """Pickled and copied as the card it is: in the compiled build a frozen dataclass has no
        state that pickle could set again."""
        return Card, (self.rank, self.suit)

    @property
    def pretty(self) -> str:
        """`9♥`, `🃏`: for people; `str()` is the canonical notation."""
        if self.suit is None:
            return "🃏"
        return RANK_TEXT[self.rank] + self.suit.symbol

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"Card({self})"


JOKER: Final = Card(0)
STANDARD_DECK: Final = tuple(Card(r, s) for s in SUITS for r in RANKS)

_RANK_WORDS: Final = {
    **{str(r): r for r in range(2, 11)},
    "T": 10,
    "J": 11, "Q": 12, "K": 13, "A": 14,
    # Cyrillic: Валет, Дама, Король, Туз (upper-cased input; Т here is U+0422, not Latin T)
    "\u0412": 11, "\u0414": 12, "\u041a": 13, "\u0422": 14,
}
_SUIT_WORDS: Final = {
    "S": Suit.SPADES, "C": Suit.CLUBS, "H": Suit.HEARTS, "D": Suit.DIAMONDS,
    "♠": Suit.SPADES, "♣": Suit.CLUBS, "♥": Suit.HEARTS, "♦": Suit.DIAMONDS,
    "♤": Suit.SPADES, "♧": Suit.CLUBS, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS,
    # Cyrillic look-alikes typed on a Russian/Ukrainian keyboard: С (U+0421), Н (U+041D)
    "\u0421": Suit.CLUBS, "\u041d": Suit.HEARTS,
}
_JOKER_WORDS: Final = {"JK", "JOKER", "🃏", "ДЖ", "ДЖОКЕР"}
_CARDS: Final = {(c.rank, c.suit): c for c in STANDARD_DECK}
_CANONICAL: Final = {str(c): c for c in (*STANDARD_DECK, JOKER)}
_MAX_CARD_TEXT: Final = 12


def parse_card(text: str) -> Card:
    """One card from forgiving text; BadNotation (a ValueError-free IllegalMove) if it is not one."""
    canonical = _CANONICAL.get(text)
    if canonical is not None:  # the common case: our own notation, as saved games write it
        return canonical
    raw = text.strip().replace("\ufe0f", "").upper()
    if not raw or len(raw) > _MAX_CARD_TEXT:
        raise BadNotation("not a card: {text!r}", text=text[:_MAX_CARD_TEXT])
    if raw in _JOKER_WORDS:
        return JOKER
    for rank_text, suit_text in ((raw[:-1], raw[-1]), (raw[1:], raw[0])):
        rank = _RANK_WORDS.get(rank_text)
        suit = _SUIT_WORDS.get(suit_text)
        if rank is not None and suit is not None:
            return _CARDS[(rank, suit)]
    raise BadNotation("not a card: {text!r} (try 10H, AS, 7♣ or JK)", text=text.strip())


def parse_cards(text: str | list[str] | tuple[str, ...]) -> list[Card]:
    """Cards separated by spaces or commas (or already split), in the order given."""
    words = text.replace(",", " ").split() if isinstance(text, str) else list(text)
    for w in words:
        if not isinstance(w, str):
            raise BadNotation("not a card: {text!r}", text=repr(w)[:_MAX_CARD_TEXT])
    return [parse_card(w) for w in words]


def format_cards(cards: list[Card] | tuple[Card, ...]) -> str:
    return " ".join(str(c) for c in cards)
