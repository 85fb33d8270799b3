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

from typing import Final

from core.cards import ACE, RANKS, Card
from core.errors import IllegalMove, TooSlow
from core.games.speed.moves import NEW, Fill, Flip, Move, New, Play
from core.games.speed.state import SEATS, Pile, Stack, Table

RANK_COUNT = 13
_NEXT_TO: Final = tuple(
    sum(1 << r for r in RANKS if (r - top) % RANK_COUNT in (1, RANK_COUNT - 1)) for top in range(ACE + 1)
)
"""[rank of a pile's top] -> the rank bits (`Card.rank_bit`) of the cards that go on it."""


def adjacent(card: Card, top: Card) -> bool:
    """One rank above or below, circularly: 2 … K A 2."""
    return bool(_NEXT_TO[top.rank] & card.rank_bit)


def pile_red(pile: int) -> bool:
    """Colours variant: pile 1 takes red cards, pile 2 black, pile 3 red, … (piles from 1)."""
    return pile % 2 == 1


def colour_ok(card: Card, pile: int, colours: bool) -> bool:
    return not colours or card.red == pile_red(pile)


def fits(card: Card, pile: int, top: Card, colours: bool) -> bool:
    """Whether `card` may go on pile number `pile` whose top is `top`."""
    return colour_ok(card, pile, colours) and adjacent(card, top)


def fitting_ranks(table: Table, colours: bool) -> tuple[int, int]:
    """The ranks (bits `Card.rank_bit`) that go on some pile now: (for a black card, for a red
    card). Worked out once per question; then whether a stack top fits anywhere is one bit test."""
    black = red = 0
    for j, pile in enumerate(table.piles, 1):
        ranks = _NEXT_TO[pile.cards[-1].rank]
        if colours and pile_red(j):
            red |= ranks
        else:
            black |= ranks
    return (black, red) if colours else (black, black)


def plays(table: Table, seat: int, colours: bool) -> list[Play]:
    """Every legal play of `seat`, by stack then pile."""
    out: list[Play] = []
    black, red = fitting_ranks(table, colours)
    for i, stack in enumerate(table.stacks[seat], 1):
        if not stack.up or not stack.cards:
            continue
        card = stack.cards[-1]
        bit = card.rank_bit
        if not (red if card.red else black) & bit:
            continue  # fits no pile: the common case
        for j, pile in enumerate(table.piles, 1):
            if _NEXT_TO[pile.cards[-1].rank] & bit and (not colours or card.red == pile_red(j)):  # as `fits`
                out.append(play_move(i, j))
    return out


def can_play(table: Table, seat: int, colours: bool) -> bool:
    black, red = fitting_ranks(table, colours)
    return _can_play(table.stacks[seat], black, red)


def _can_play(stacks: list[Stack], black: int, red: int) -> bool:
    """Whether a face-up top of `stacks` fits some pile (`black`, `red`: `fitting_ranks`)."""
    for stack in stacks:
        if stack.up and stack.cards:
            card = stack.cards[-1]
            if (red if card.red else black) & card.rank_bit:
                return True
    return False


def stalemate(table: Table, colours: bool) -> bool:
    """Neither player can play and neither has a face-down stack top (fills do not count)."""
    for seat in SEATS:  # the cheap test first
        for stack in table.stacks[seat]:
            if stack.cards and not stack.up:
                return False
    black, red = fitting_ranks(table, colours)
    return not _can_play(table.stacks[0], black, red) and not _can_play(table.stacks[1], black, red)


def new_callers(table: Table, colours: bool) -> tuple[int, ...]:
    """The seats that may call `new` now: in a stalemate, those with a reserve."""
    if not stalemate(table, colours):
        return ()
    return tuple(seat for seat in SEATS if table.reserves[seat])


def legal_moves(table: Table, seat: int, colours: bool) -> list[Move]:
    """Plays (by stack, then pile), then flips, then fills (by stack), then `new`."""
    stacks = table.stacks[seat]
    moves: list[Move] = [*plays(table, seat, colours)]
    moves += [flip_move(i) for i, s in enumerate(stacks, 1) if s.cards and not s.up]
    if table.reserves[seat]:
        # a seat with a play or a flip is no stalemate: the whole-table check only when it has none
        stalled = not moves and stalemate(table, colours)
        moves += [fill_move(i) for i, s in enumerate(stacks, 1) if not s.up or not s.cards]
        if stalled:
            moves.append(NEW)
    return moves


def play_move(stack: int, pile: int) -> Play:
    """The one shared `Play(stack, pile)` (moves are made on every listing: make each once)."""
    try:
        return _PLAYS[stack][pile]
    except IndexError:
        return Play(stack, pile)


def flip_move(stack: int) -> Flip:
    return _FLIPS[stack] if stack < len(_FLIPS) else Flip(stack)


def fill_move(stack: int) -> Fill:
    return _FILLS[stack] if stack < len(_FILLS) else Fill(stack)


_MAX_STACKS: Final = 5
_MAX_SHARED_PILES: Final = 16  # piles beyond this (many `new` calls) get a new object each time
_PLAYS: Final = tuple(tuple(Play(i, j) for j in range(_MAX_SHARED_PILES + 1)) for i in range(_MAX_STACKS + 1))
_FLIPS: Final = tuple(Flip(i) for i in range(_MAX_STACKS + 1))
_FILLS: Final = tuple(Fill(i) for i in range(_MAX_STACKS + 1))


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
