"""Svolota as its cards lie (bot/ui/table_model.py): the viewer's hand ("hand", every card shown),
the others' hands as backs with their counts ("1.hand"), the pile ("pile": the last play shown,
which way it goes in `up`) and the reserve ("reserve": its face-up card at the bottom). A play is
its cards, in the order laid, onto the pile (a joker is "JK"); passing has no place of its own
(the page's button).

Open (a finished game's replay, bot/replay.py): every hand face up, the pile's earlier cards and the
closed piles in "discard", the reserve in full (its face-up card shown on it, as the live table does); no move."""

from __future__ import annotations

from collections.abc import Iterable

from bot.i18n import Translator
from bot.tables import Table
from bot.ui.table_model import Label, Place, SeatModel, TableModel, legal_moves, owned
from bot.ui.words import seat_label
from core.cards import Card
from core.games.svolota.game import Svolota
from core.games.svolota.state import SvolotaState

Spot = tuple[tuple[str, ...], str | None, str]


def spots(move: str) -> list[Spot]:
    if move == "pass":
        return [((), None, "pass")]
    if move == "joker":
        return [(("JK",), None, "pile")]
    return [(tuple(move.split()[1:]), None, "pile")]


def model(
    table: Table,
    game: Svolota,
    seat: int | None,
    t: Translator,
    legal: list[str],
    label: Label,
    deadline: float | None,
    open: bool = False,
) -> TableModel:
    """`legal`: the viewer's moves, `label` their buttons' words; `deadline`: when the turn timer
    fires; `open`: every card face up (after the game), no move and no timer."""
    if open:
        return _open(table, game, seat, t)
    v = game.view(0 if seat is None else seat)
    last = tuple(c.text for c in v.last_play or ())
    places = [
        Place("pile", "pile", None, last, v.pile_size, spread=True),
        Place("reserve", "reserve", None, (v.face_up.text,) if v.face_up else (), v.cards_to_draw, v.reserve_size),
    ]
    for s, size in enumerate(v.hand_sizes):
        if s == seat:
            places.append(Place("hand", "hand", s, tuple(c.text for c in v.hand), size, spread=True))
        else:
            places.append(Place(owned("hand", s, seat), "hand", s, (), size, size))
    seats = tuple(
        SeatModel(
            s,
            seat_label(player, t),
            v.hand_sizes[s],
            turn=v.winner is None and s == v.turn,
            passed=s in v.passed,
            deadline=deadline if s == v.turn else None,
        )
        for s, player in enumerate(table.seats)
    )
    moves = legal_moves(table, legal, spots, label)
    return TableModel("svolota", seat, seats, tuple(places), moves, t.court, up=v.up)


def _open(table: Table, game: Svolota, seat: int | None, t: Translator) -> TableModel:
    """Everything, as the state holds it (the game is over: nothing is secret any more)."""
    state: SvolotaState = game.state
    v = game.view(0)
    last = state.plays[-1] if state.plays else ()
    earlier = [*state.discarded, *(c for play in state.plays[:-1] for c in play)]
    # the face-down cards bottom first, then the face-up one on them (as the live table shows it)
    reserve = [*reversed(state.reserve), *((state.face_up,) if state.face_up else ())]
    places = [
        Place("pile", "pile", None, _codes(last), len(last), spread=True),
        Place("discard", "discard", None, _codes(earlier), len(earlier), len(earlier)),
        Place("reserve", "reserve", None, _codes(reserve), len(reserve), len(state.reserve)),
    ]
    for s, hand in enumerate(state.hands):
        cards = hand.cards()
        places.append(Place(owned("hand", s, seat), "hand", s, _codes(cards), len(cards), spread=True))
    seats = tuple(
        SeatModel(s, seat_label(player, t), v.hand_sizes[s], turn=False, passed=s in v.passed)
        for s, player in enumerate(table.seats)
    )
    return TableModel("svolota", seat, seats, tuple(places), (), t.court, up=v.up, open=True)


def _codes(cards: Iterable[Card]) -> tuple[str, ...]:
    return tuple(c.text for c in cards)
