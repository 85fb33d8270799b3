"""What is legal in Speed (SPEC §4): fitting a card on a pile, the stalemate, the legal moves,
and `verify`, which says in a player's words why a move may not be made.

The "too slow" rule. The engine has no clock, so it judges a race by the order of moves alone:
each centre pile remembers the tops the *other* player covered since your last applied move (up
to the last `RECENT` of them; the record is cleared when you next move). A `play S P` whose card
does not fit pile P's current top but would have fitted one of those covered tops lost a race:
it raises `TooSlow` ("too slow: the pile is now 9♥"). The same for `new`: if the stalemate is
over because the other player's move ended it since your last move, `new` is too slow.
Everything else that is not legal is a plain `IllegalMove`, and the position never changes.
"""

from __future__ import annotations

from core.cards import Card
from core.errors import IllegalMove, TooSlow
from core.games.speed.moves import NEW, Fill, Flip, Move, New, Play
from core.games.speed.state import SEATS, Pile, Stack, Table

RANK_COUNT = 13


def adjacent(card: Card, top: Card) -> bool:
    """One rank above or below, circularly: 2 … K A 2."""
    return (card.rank - top.rank) % RANK_COUNT in (1, RANK_COUNT - 1)


def pile_red(pile: int) -> bool:
    """Colours variant: pile 1 takes red cards, pile 2 black, pile 3 red, … (piles from 1)."""
    return pile % 2 == 1


def colour_ok(card: Card, pile: int, colours: bool) -> bool:
    return not colours or card.red == pile_red(pile)


def fits(card: Card, pile: int, top: Card, colours: bool) -> bool:
    """Whether `card` may go on pile number `pile` whose top is `top`."""
    return colour_ok(card, pile, colours) and adjacent(card, top)


def plays(table: Table, seat: int, colours: bool) -> list[Play]:
    """Every legal play of `seat`, by stack then pile."""
    out = []
    for i, stack in enumerate(table.stacks[seat], 1):
        card = stack.top
        if card is not None:
            out += [Play(i, j) for j, p in enumerate(table.piles, 1) if fits(card, j, p.top, colours)]
    return out


def can_play(table: Table, seat: int, colours: bool) -> bool:
    for stack in table.stacks[seat]:
        card = stack.top
        if card is not None and any(fits(card, j, p.top, colours) for j, p in enumerate(table.piles, 1)):
            return True
    return False


def stalemate(table: Table, colours: bool) -> bool:
    """Neither player can play and neither has a face-down stack top (fills do not count)."""
    return not any(any(s.face_down_top for s in table.stacks[seat]) or can_play(table, seat, colours) for seat in SEATS)


def new_callers(table: Table, colours: bool) -> tuple[int, ...]:
    """The seats that may call `new` now: in a stalemate, those with a reserve."""
    if not stalemate(table, colours):
        return ()
    return tuple(seat for seat in SEATS if table.reserves[seat])


def legal_moves(table: Table, seat: int, colours: bool) -> list[Move]:
    """Plays (by stack, then pile), then flips, then fills (by stack), then `new`."""
    stacks = table.stacks[seat]
    moves: list[Move] = [*plays(table, seat, colours)]
    moves += [Flip(i) for i, s in enumerate(stacks, 1) if s.face_down_top]
    if table.reserves[seat]:
        # a seat with a play or a flip is no stalemate: the whole-table check only when it has none
        stalled = not moves and stalemate(table, colours)
        moves += [Fill(i) for i, s in enumerate(stacks, 1) if s.top is None]
        if stalled:
            moves.append(NEW)
    return moves


def verify(table: Table, seat: int, move: Move, colours: bool) -> None:
    """Raise IllegalMove (TooSlow for a lost race) saying why `seat` may not make `move`."""
    if isinstance(move, Play):
        verify_play(table, seat, move, colours)
    elif isinstance(move, Flip):
        stack = _stack(table, seat, move.stack)
        if not stack.cards:
            raise IllegalMove("your stack {stack} is empty", stack=move.stack)
        if stack.up:
            raise IllegalMove("the top of your stack {stack} is already face up", stack=move.stack)
    elif isinstance(move, Fill):
        stack = _stack(table, seat, move.stack)
        if stack.top is not None:
            raise IllegalMove(
                "your stack {stack} has a face-up card: only a stack that is empty or face down is filled",
                stack=move.stack,
            )
        if not table.reserves[seat]:
            raise IllegalMove("your reserve is empty")
    else:
        verify_new(table, seat, move, colours)


def verify_play(table: Table, seat: int, move: Play, colours: bool) -> None:
    stack = _stack(table, seat, move.stack)
    if not 1 <= move.pile <= len(table.piles):
        raise IllegalMove("there is no pile {pile}: the piles are 1 to {count}", pile=move.pile, count=len(table.piles))
    pile = table.piles[move.pile - 1]
    if not stack.cards:
        raise IllegalMove("your stack {stack} is empty", stack=move.stack)
    card = stack.top
    if card is None:
        raise IllegalMove("the top of your stack {stack} is face down: flip it first", stack=move.stack)
    if not colour_ok(card, move.pile, colours):
        if pile_red(move.pile):
            raise IllegalMove("pile {pile} takes only red cards", pile=move.pile)
        raise IllegalMove("pile {pile} takes only black cards", pile=move.pile)
    if not adjacent(card, pile.top):
        if _lost_race(pile, seat, card):
            raise TooSlow("too slow: the pile is now {card}", card=pile.top.pretty, pile=move.pile)
        raise IllegalMove(
            "{card} does not go on {top}: it must be one rank above or below",
            card=card.pretty,
            top=pile.top.pretty,
        )


def verify_new(table: Table, seat: int, move: New, colours: bool) -> None:
    if not stalemate(table, colours):
        if table.stall_ended_by not in (None, seat):
            raise TooSlow("too slow: the stalemate is over")
        raise IllegalMove("new is called only in a stalemate: when nobody can play and no stack is face down")
    if not table.reserves[seat]:
        raise IllegalMove("your reserve is empty: only a player with reserve cards can start a new pile")


def _lost_race(pile: Pile, seat: int, card: Card) -> bool:
    return any(c.seat != seat and adjacent(card, c.was) for c in pile.changes)


def _stack(table: Table, seat: int, number: int) -> Stack:
    stacks = table.stacks[seat]
    if not 1 <= number <= len(stacks):
        raise IllegalMove("there is no stack {stack}: your stacks are 1 to {count}", stack=number, count=len(stacks))
    return stacks[number - 1]
