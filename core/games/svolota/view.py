"""What one Svolota player may see: their own hand in full, everyone else's as a count, and what
everyone at the table saw happen: every card laid so far (the open pile and the piles closed
since, which were face up when laid), who drew the face-up card, and the house rule on passing."""

from __future__ import annotations

from dataclasses import dataclass
from itertools import chain

from core.cards import Card
from core.games.svolota.state import SvolotaState


@dataclass(slots=True)
class SvolotaView:
    """Not frozen, as events are not: one is made for every decision a player or a computer takes,
    and a frozen dataclass of this many fields takes four times as long to make. A view is made
    afresh for each asker from immutable values and copies, so changing one changes nothing else."""

    seat: int
    players: tuple[str, ...]
    hand: tuple[Card, ...]  # sorted low to high, jokers last
    hand_sizes: tuple[int, ...]
    last_play: tuple[Card, ...] | None
    top: Card | None
    pile_size: int
    up: bool
    reserve_size: int  # face-down cards; the face-up card is drawn after them
    face_up: Card | None
    turn: int
    last_player: int | None
    passed: frozenset[int]
    winner: int | None
    played: tuple[Card, ...]  # every card laid so far, jokers included, oldest first
    drawn_face_up: tuple[int, Card] | None  # (seat, card) once someone has drawn the face-up card
    free_pass: bool

    @property
    def my_turn(self) -> bool:
        return self.winner is None and self.turn == self.seat

    @property
    def cards_to_draw(self) -> int:
        """Cards still to come from the reserve, the face-up one included."""
        return self.reserve_size + (self.face_up is not None)


def view_of(state: SvolotaState, seat: int, players: tuple[str, ...], free_pass: bool = False) -> SvolotaView:
    """The view of `seat`. Its fields are given by position, in the order the class declares them:
    passed by keyword, they cost more than all the rest of making a view, and a view is made for
    every decision. (Two fields swapped would change the golden digests, which hold the views'
    every field: tests/core/test_digests.py.)"""
    plays = state.plays
    last = plays[-1] if plays else None  # (`state.last_play` and `state.top`, without two property calls)
    return SvolotaView(
        seat,
        players,
        state.hands[seat].cards(),  # hand
        tuple([h.size for h in state.hands]),  # hand_sizes
        last,  # last_play
        None if last is None else last[-1],  # top
        sum(map(len, plays)),  # pile_size
        state.up,
        len(state.reserve),  # reserve_size
        state.face_up,
        state.turn,
        state.last_player,
        frozenset(state.passed),
        state.winner,
        (*state.discarded, *chain.from_iterable(plays)),  # played
        state.drawn_face_up,
        free_pass,
    )
