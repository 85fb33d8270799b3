"""What one player sees: their own layout in full, what the table shows of the others' (demon
size and top, work pile tops, waste top, pile sizes), and the foundations with each owner's
share. Stocks are face down: only their sizes are shown, the owner's included."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card, Suit
from core.games.racing_demon.layout import Layout
from core.games.racing_demon.state import DemonState
from core.games.racing_demon.stuck import is_stuck


@dataclass(frozen=True, slots=True)
class OwnLayout:
    demon_top: Card | None
    demon_size: int
    work: tuple[tuple[Card, ...], ...]  # each pile bottom first
    waste: tuple[Card, ...]  # bottom first; only the last card is playable
    stock_size: int

    def work_top(self, pile: int) -> Card | None:
        cards = self.work[pile - 1]
        return cards[-1] if cards else None


@dataclass(frozen=True, slots=True)
class TableLayout:
    """Another player's layout as the table shows it."""

    seat: int
    player: str
    demon_top: Card | None
    demon_size: int
    work_tops: tuple[Card | None, ...]
    waste_top: Card | None
    waste_size: int
    stock_size: int


@dataclass(frozen=True, slots=True)
class FoundationView:
    number: int  # from 1, in the order the foundations were started
    suit: Suit
    top: Card
    complete: bool
    owners: tuple[int, ...]  # how many of its cards each seat owns


@dataclass(frozen=True, slots=True)
class DemonView:
    seat: int
    players: tuple[str, ...]
    own: OwnLayout
    stuck: bool  # no placing move for this player now nor in a full cycle of their stock
    others: tuple[TableLayout, ...]  # in seat order
    foundations: tuple[FoundationView, ...]
    wanted: frozenset[Card]  # the cards that go on a foundation now (any Ace, each next card)
    scores: tuple[int, ...]  # by seat, as they stand
    over: bool


def view_for(state: DemonState, seat: int, players: tuple[str, ...], demon_penalty: int) -> DemonView:
    wanted = state.foundations.wanted()
    lay = state.layouts[seat]
    return DemonView(
        seat=seat,
        players=players,
        own=OwnLayout(
            demon_top=_top(lay.demon),
            demon_size=len(lay.demon),
            work=tuple(tuple(p) for p in lay.work),
            waste=tuple(lay.waste),
            stock_size=len(lay.stock),
        ),
        stuck=state.end is None and is_stuck(lay, state.foundations.wanted_bits),
        others=tuple(
            _table_layout(s, players[s], other) for s, other in enumerate(state.layouts) if s != seat
        ),
        foundations=tuple(_foundation(state, i, len(players)) for i in range(len(state.foundations.piles))),
        wanted=wanted,
        scores=tuple(state.scores(demon_penalty)),
        over=state.end is not None,
    )


def _table_layout(seat: int, player: str, lay: Layout) -> TableLayout:
    return TableLayout(
        seat=seat,
        player=player,
        demon_top=_top(lay.demon),
        demon_size=len(lay.demon),
        work_tops=tuple(_top(p) for p in lay.work),
        waste_top=_top(lay.waste),
        waste_size=len(lay.waste),
        stock_size=len(lay.stock),
    )


def _foundation(state: DemonState, index: int, seats: int) -> FoundationView:
    pile = state.foundations.piles[index]
    counts = [0] * seats
    for owner in pile.owners:
        counts[owner] += 1
    return FoundationView(index + 1, pile.suit, pile.top, pile.complete, tuple(counts))


def _top(pile: list[Card]) -> Card | None:
    return pile[-1] if pile else None
