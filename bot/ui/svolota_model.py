"""Svolota as its cards lie (bot/ui/table_model.py): the viewer's hand ("hand", every card shown),
the others' hands as backs with their counts ("1.hand"), the pile ("pile": the last play shown,
which way it goes in `up`) and the reserve ("reserve": its face-up card at the bottom). A play is
its cards, in the order laid, onto the pile (a joker is "JK"); passing has no place of its own
(the page's button)."""

from __future__ import annotations

from bot.i18n import Translator
from bot.tables import Table
from bot.ui.table_model import Label, Place, SeatModel, TableModel, legal_moves, owned
from bot.ui.words import seat_label
from core.games.svolota.game import Svolota

Spot = tuple[tuple[str, ...], str | None, str]


def spots(move: str) -> list[Spot]:
    if move == "pass":
        return [((), None, "pass")]
    if move == "joker":
        return [(("JK",), None, "pile")]
    return [(tuple(move.split()[1:]), None, "pile")]


def model(
    table: Table, game: Svolota, seat: int | None, t: Translator, legal: list[str], label: Label, deadline: float | None
) -> TableModel:
    """`legal`: the viewer's moves, `label` their buttons' words; `deadline`: when the turn timer fires."""
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
