"""What a Speed player sees. Both layouts are public, so the views of the two seats differ only
in `seat`; face-down cards and the reserves' cards are never shown, only counted."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card
from core.games.speed.match import Match
from core.games.speed.rules import pile_red, stalemate
from core.games.speed.state import SEATS, Stack, Table


@dataclass(frozen=True, slots=True)
class StackView:
    up: Card | None  # the face-up top, if any
    down: int  # face-down cards (under `up`, or the whole stack when its top is face down)

    @property
    def cards(self) -> int:
        return self.down + (self.up is not None)

    @property
    def face_down_top(self) -> bool:
        return self.up is None and self.down > 0


@dataclass(frozen=True, slots=True)
class LayoutView:
    player: str
    stacks: tuple[StackView, ...]  # stack 1 first
    reserve: int

    @property
    def stack_cards(self) -> int:
        return sum(s.cards for s in self.stacks)


@dataclass(frozen=True, slots=True)
class PileView:
    top: Card
    size: int
    colour: str | None  # colours variant: "red" or "black", the colour it takes; else None


@dataclass(frozen=True, slots=True)
class SpeedView:
    seat: int
    layouts: tuple[LayoutView, LayoutView]  # by seat
    piles: tuple[PileView, ...]  # pile 1 first
    stalemate: bool
    may_call_new: tuple[bool, bool]  # by seat
    colours: bool
    recycles: int  # times the centre was recycled in this deal
    deal: int
    points: tuple[int, int]  # match points (points variant)
    target: int  # 0: a single deal
    over: bool
    winner: int | None

    @property
    def mine(self) -> LayoutView:
        return self.layouts[self.seat]

    @property
    def theirs(self) -> LayoutView:
        return self.layouts[1 - self.seat]


def _stack_view(stack: Stack) -> StackView:
    return StackView(stack.top, stack.down)


def view_of(table: Table, match: Match, seat: int, players: tuple[str, ...], colours: bool, target: int) -> SpeedView:
    stalled = stalemate(table, colours)
    layouts = tuple(
        LayoutView(players[s], tuple(_stack_view(st) for st in table.stacks[s]), len(table.reserves[s])) for s in SEATS
    )
    piles = tuple(
        PileView(p.top, len(p.cards), ("red" if pile_red(j) else "black") if colours else None)
        for j, p in enumerate(table.piles, 1)
    )
    return SpeedView(
        seat=seat,
        layouts=(layouts[0], layouts[1]),
        piles=piles,
        stalemate=stalled,
        may_call_new=(stalled and bool(table.reserves[0]), stalled and bool(table.reserves[1])),
        colours=colours,
        recycles=table.recycles,
        deal=match.deal,
        points=(match.points[0], match.points[1]),
        target=target,
        over=match.over,
        winner=match.winner,
    )
