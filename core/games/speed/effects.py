"""What happens in Speed: a verified move changes the table, and the engine's own steps after it
(recycling the centre when both reserves are empty in a stalemate). Deal and match endings are
the game's business (`game.py`); this module only reports what it finds."""

from __future__ import annotations

from core.events import Event
from core.games.speed.events import Filled, Flipped, NewPile, Played, Recycled
from core.games.speed.moves import Fill, Flip, Move, Play
from core.games.speed.rules import stalemate
from core.games.speed.state import RECENT, SEATS, Change, Pile, Table
from core.rng import Rng


def apply_move(table: Table, seat: int, move: Move, player: str, colours: bool) -> list[Event]:
    """Make a move that `rules.verify` accepted for `seat` (named `player`)."""
    _forget_races_against(table, seat)
    if isinstance(move, Play):
        stack = table.stacks[seat][move.stack - 1]
        pile = table.piles[move.pile - 1]
        card, on = stack.cards.pop(), pile.top
        stack.up = False
        pile.cards.append(card)
        pile.changes = [*pile.changes, Change(seat, on)][-RECENT:]
        return [Played(player, card, move.stack, move.pile, on)]
    if isinstance(move, Flip):
        stack = table.stacks[seat][move.stack - 1]
        stack.up = True
        return [Flipped(player, move.stack, stack.cards[-1])]
    was_stalled = stalemate(table, colours)
    card = table.reserves[seat].pop(0)
    if isinstance(move, Fill):
        stack = table.stacks[seat][move.stack - 1]
        stack.cards.append(card)
        stack.up = True
        event: Event = Filled(player, move.stack, card)
    else:
        table.piles.append(Pile([card]))
        event = NewPile(player, len(table.piles), card)
    if was_stalled and not stalemate(table, colours):
        table.stall_ended_by = seat
    return [event]


def _forget_races_against(table: Table, seat: int) -> None:
    """`seat` is moving, so it has seen every change the other seat made: none can be raced now."""
    for pile in table.piles:
        if pile.changes and any(c.seat != seat for c in pile.changes):
            pile.changes = [c for c in pile.changes if c.seat == seat]
    if table.stall_ended_by not in (None, seat):
        table.stall_ended_by = None


def recyclable(table: Table) -> int:
    """How many centre cards lie under the piles' tops."""
    return sum(len(p.cards) - 1 for p in table.piles)


def recycle(table: Table, rng: Rng) -> Recycled:
    """Shuffle every centre card but the tops and deal them alternately into the reserves,
    seat 0 first (each reserve's first card is its top). Only with both reserves empty."""
    under = [c for p in table.piles for c in p.cards[:-1]]
    for pile in table.piles:
        pile.cards = pile.cards[-1:]
        pile.changes = []
    for k, card in enumerate(rng.shuffled(under)):
        table.reserves[k % 2].append(card)
    table.recycles += 1
    sizes = (len(table.reserves[SEATS[0]]), len(table.reserves[SEATS[1]]))
    return Recycled(len(under), sizes)


def all_out(table: Table, seat: int) -> bool:
    """Every stack of `seat` is empty: they win the deal at once."""
    return not any(s.cards for s in table.stacks[seat])
