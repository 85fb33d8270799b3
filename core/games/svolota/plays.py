"""Every play a hand can make, worked out once for each rank and each set of suits.

A play depends only on which cards of one rank a player holds (a set of suits), how many cards it
must have, and which colour it must start with. So the plays are built at import, interned (the same
play is the same object every time, which makes `move in legal` an identity check), and looking up
a hand's plays is a few table reads.
"""

from __future__ import annotations

from typing import Final

from core.cards import RANKS, STANDARD_DECK, SUITS, Card
from core.games.svolota.moves import Play

MAX_PLAY: Final = 4
ANY, BLACK_FIRST, RED_FIRST = 0, 1, 2  # the colour a play must start with


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


def _plays_by_size(cards: list[Card], start: int) -> tuple[tuple[Play, ...], ...]:
    """The plays of these cards (one rank), indexed by size - 1; black-led before red-led."""
    blacks = [c for c in cards if c.black]
    reds = [c for c in cards if c.red]
    starts = {ANY: (False, True), BLACK_FIRST: (False,), RED_FIRST: (True,)}[start]
    by_size: list[tuple[Play, ...]] = []
    for size in range(1, MAX_PLAY + 1):
        plays: list[Play] = []
        for start_red in starts:
            first, second = (reds, blacks) if start_red else (blacks, reds)
            plays.extend(Play(seq) for seq in _sequences(first, second, size))
        by_size.append(tuple(plays))
    return tuple(by_size)


def _table() -> list[list[list[tuple[tuple[Play, ...], ...]]]]:
    """table[rank][suit mask][start] -> plays by size - 1."""
    table: list[list[list[tuple[tuple[Play, ...], ...]]]] = [[] for _ in range(max(RANKS) + 1)]
    for rank in RANKS:
        suited = [c for c in STANDARD_DECK if c.rank == rank]  # in suit order S C H D
        for mask in range(1 << len(SUITS)):
            held = [c for c in suited if mask & (1 << c.key[1])]
            table[rank].append([_plays_by_size(held, start) for start in (ANY, BLACK_FIRST, RED_FIRST)])
    return table


PLAYS: Final = _table()
INTERNED: Final = {p: p for by_mask in PLAYS for by_start in by_mask for t in by_start for ps in t for p in ps}


def plays_of(hand: list[Card], low: int, high: int, min_size: int, start: int) -> list[Play]:
    """The plays from `hand` (sorted by rank) of ranks strictly between low and high, of at least
    min_size cards, starting as asked; ordered by size, then rank, then the cards' sort keys."""
    masks: dict[int, int] = {}  # rank -> suits held, in rank order
    for card in hand:
        rank = card.rank
        if low < rank < high:  # never a joker (rank 0)
            masks[rank] = masks.get(rank, 0) | (1 << card.key[1])
    if not masks:
        return []
    by_rank = [PLAYS[rank][mask][start] for rank, mask in masks.items()]
    plays: list[Play] = []
    for size in range(min_size - 1, max(map(int.bit_count, masks.values()))):  # no rank has more cards
        for by_size in by_rank:
            plays += by_size[size]
    return plays


def interned(play: Play) -> Play:
    """The one shared object for this play (or the play itself if it is no legal shape)."""
    return INTERNED.get(play, play)
