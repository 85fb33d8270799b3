"""Laying out a Speed deal from a 52-card deck, top first (SPEC §4, "Deal").

With S stacks and T = S(S+1)/2 cards per player: seat p's stack i (from 1) is the block of i
cards starting at `p*T + i*(i-1)/2`, the first of them its top; the centre piles are `deck[2T]`
and `deck[2T+1]`; every later card `deck[k]` goes to the reserve of seat `(k - 2T - 2) % 2`, the
first card a reserve receives being its top. Every stack's top is then turned face up.
"""

from __future__ import annotations

from core.cards import Card
from core.games.speed.state import SEATS, Pile, Stack, Table


def per_player(stack_count: int) -> int:
    """T: the cards in one player's stacks at the deal."""
    return stack_count * (stack_count + 1) // 2


def lay_out(deck: list[Card], stack_count: int) -> Table:
    """The start position dealt from `deck` (52 cards, top first), stack tops face up."""
    t = per_player(stack_count)
    stacks = [
        [
            Stack(deck[start : start + i][::-1], up=True)
            for i in range(1, stack_count + 1)
            for start in [seat * t + i * (i - 1) // 2]
        ]
        for seat in SEATS
    ]
    piles = [Pile([deck[2 * t]]), Pile([deck[2 * t + 1]])]
    reserves: list[list[Card]] = [[], []]
    for k in range(2 * t + 2, len(deck)):
        reserves[(k - 2 * t - 2) % 2].append(deck[k])
    return Table(stacks, reserves, piles)
