"""What the engine does by itself after every move and at the start (SPEC §5): "Out!" when a demon
is empty, the auto_aces option, and the everyone-stuck rule.

Everyone stuck: every player is rotated once (`Layout.rotate`) and the check is made again; if
everyone is still stuck, or becomes stuck again before anyone has made progress (`rotated` is
still set), the round ends and is scored.
"""

from __future__ import annotations

from core.events import Event
from core.games.racing_demon.events import AllStuck, Out, StocksRotated
from core.games.racing_demon.moves import Source
from core.games.racing_demon.ranks import LOW_ACE, rank
from core.games.racing_demon.rules import SOURCES, to_foundation
from core.games.racing_demon.state import DemonState, End
from core.games.racing_demon.stuck import is_stuck


def settle(state: DemonState, players: tuple[str, ...], *, auto_aces: bool, progressed: bool) -> list[Event]:
    """Run the automatic rules after a move (`progressed`: it made progress) or at the start."""
    if state.end is not None:
        return []
    events: list[Event] = []
    if progressed:
        state.rotated = False
    if _went_out(state, players, events):
        return events
    if auto_aces and play_exposed_aces(state, players, events):
        state.rotated = False
        if _went_out(state, players, events):
            return events
    wanted = state.foundations.wanted_bits
    if not everyone_stuck(state, wanted):
        return events
    if not state.rotated:
        for lay in state.layouts:
            lay.rotate()
        state.rotated = True
        events.append(StocksRotated())
        if not everyone_stuck(state, wanted):
            return events
    state.end = End.STUCK
    events.append(AllStuck())
    return events


def everyone_stuck(state: DemonState, wanted: int) -> bool:
    return all(is_stuck(lay, wanted) for lay in state.layouts)


def play_exposed_aces(state: DemonState, players: tuple[str, ...], events: list[Event]) -> bool:
    """auto_aces: exposed Aces go to new foundations one at a time, each time the first in seat
    order and, within a seat, demon, waste, w1 … w4 (a refill may expose the next one); stops
    when none is exposed or a demon empties. Whether any moved."""
    moved = False
    while (found := _first_exposed_ace(state)) is not None:
        seat, source = found
        events += to_foundation(state, seat, source, players[seat], automatic=True)
        moved = True
        if not state.layouts[seat].demon:
            break
    return moved


def _first_exposed_ace(state: DemonState) -> tuple[int, Source] | None:
    for seat, lay in enumerate(state.layouts):
        for source in SOURCES:
            card = lay.top(source)
            if card is not None and rank(card) == LOW_ACE:
                return seat, source
    return None


def _went_out(state: DemonState, players: tuple[str, ...], events: list[Event]) -> bool:
    for seat, lay in enumerate(state.layouts):
        if not lay.demon:
            state.end, state.out = End.OUT, seat
            events.append(Out(players[seat]))
            return True
    return False
