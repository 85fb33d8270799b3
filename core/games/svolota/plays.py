"""Every play a hand can make, worked out once for each rank and each set of suits.

A play depends only on which cards of one rank a player holds (a set of suits), how many cards it
must have, and which colour it must start with. So the plays are built at import, interned (the same
play is the same object every time, so a move that was listed is known by identity), and looking up
a hand's plays is a few table reads of its suits by rank (`Hand`).
"""

from __future__ import annotations

from typing import Final

from core.cards import ACE, RANKS, STANDARD_DECK, SUITS, Card
from core.games.svolota.hand import RANKS_OF, Hand
from core.games.svolota.moves import Move, Play

MAX_PLAY: Final = 4
# The colour a play must start with. (Final, as every constant the rules read on each move: the
# compiled build reads a Final name as a constant, any other from the module's dict on each use.)
ANY: Final = 0
BLACK_FIRST: Final = 1
RED_FIRST: Final = 2


def _sequences(this: list[Card], other: list[Card], size: int) -> list[tuple[Card, ...]]:
    """Every order of `size` distinct cards alternating between two colours, `this` colour first,
    in the order of the cards' sort keys when both lists are sorted."""
    if size == 1:
        return [(card,) for card in this]
    out: list[tuple[Card, ...]] = []
    for i, card in enumerate(this):
        rest = this[:i] + this[i + 1 :]
        out.extend((card, *tail) for tail in _sequences(other, rest, size - 1))
    return out


def _plays_by_size(cards: list[Card], start: int, interned: dict[Play, Play]) -> tuple[tuple[Play, ...], ...]:
    """The plays of these cards (one rank), indexed by size - 1; black-led before red-led. Each play
    is the one object `interned` holds for it."""
    blacks = [c for c in cards if c.black]
    reds = [c for c in cards if c.red]
    starts = {ANY: (False, True), BLACK_FIRST: (False,), RED_FIRST: (True,)}[start]
    by_size: list[tuple[Play, ...]] = []
    for size in range(1, MAX_PLAY + 1):
        plays: list[Play] = []
        for start_red in starts:
            first, second = (reds, blacks) if start_red else (blacks, reds)
            plays.extend(interned.setdefault(play, play) for play in map(Play, _sequences(first, second, size)))
        by_size.append(tuple(plays))
    return tuple(by_size)


def _table(interned: dict[Play, Play]) -> list[list[list[tuple[tuple[Play, ...], ...]]]]:
    """table[start][rank][suit mask] -> plays by size - 1."""
    table: list[list[list[tuple[tuple[Play, ...], ...]]]] = [
        [[] for _ in range(max(RANKS) + 1)] for _ in (ANY, BLACK_FIRST, RED_FIRST)
    ]
    for rank in RANKS:
        suited = [c for c in STANDARD_DECK if c.rank == rank]  # in suit order S C H D
        for mask in range(1 << len(SUITS)):
            held = [c for c in suited if mask & c.suit_bit]
            for start in (ANY, BLACK_FIRST, RED_FIRST):
                table[start][rank].append(_plays_by_size(held, start, interned))
    return table


INTERNED: Final[dict[Play, Play]] = {}
PLAYS: Final = _table(INTERNED)
LARGER_SIZES: Final = tuple(range(max(min_size, 2) - 1, MAX_PLAY) for min_size in range(MAX_PLAY + 1))
"""[min_size] -> the size indexes (size - 1) of the plays of two cards or more that are big enough."""
LARGER: Final = tuple(
    tuple(
        tuple(tuple(sum((by_size[i] for i in sizes), ()) for sizes in LARGER_SIZES) for by_size in by_mask)
        for by_mask in by_rank
    )
    for by_rank in PLAYS
)
"""[start][rank][suit bits][min_size] -> the plays of two cards or more, of at least min_size, in
order: `PLAYS` for a hand with one rank in range held in both colours, joined once at import."""


def _between(low: int, high: int) -> int:
    """The rank bits strictly between low and high."""
    return ((1 << high) - 1) & ~((1 << (low + 1)) - 1)


ALL_RANKS: Final = _between(0, ACE + 1)
ABOVE: Final = tuple(_between(rank, ACE + 1) for rank in range(ACE + 1))  # [rank] -> the rank bits above it
BELOW: Final = tuple(_between(0, rank) for rank in range(ACE + 1))  # [rank] -> the rank bits below it


def plays_of(hand: Hand, between: int, min_size: int, start: int) -> list[Move]:
    """The plays (every one a Play) from `hand` of the ranks in `between` (rank bits), of at least
    `min_size` cards, starting as `start` asks; ordered by size, then rank, then the cards' sort keys."""
    table, suits = PLAYS[start], hand.suits
    plays: list[Move] = []
    if min_size == 1:
        for rank in RANKS_OF[(hand.ranks & between) >> 2]:
            plays += table[rank][suits[rank]][0]
    wide = hand.mixed & between
    if wide:  # some rank in range is held in both colours: plays of two cards or more
        wide_ranks = RANKS_OF[wide >> 2]
        if len(wide_ranks) == 1:
            rank = wide_ranks[0]
            plays += LARGER[start][rank][suits[rank]][min_size]
        else:
            for size in LARGER_SIZES[min_size]:
                count = len(plays)
                for rank in wide_ranks:
                    plays += table[rank][suits[rank]][size]
                if len(plays) == count:
                    break  # no rank has plays of this size, so none has larger ones
    return plays


def interned(play: Play) -> Play:
    """The one shared object for this play (or the play itself if it is no legal shape)."""
    return INTERNED.get(play, play)
