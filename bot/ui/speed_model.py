"""Speed as its cards lie (bot/ui/table_model.py): each seat's stacks ("s1"…) and reserve, the
centre piles ("p1"…). A play is its stack's top card onto a pile; a flip, a tap on the face-down
stack; a fill, the reserve onto the stack; "new" has no place of its own (the page's button).

Open (a finished game's replay, bot/replay.py): every stack, reserve and pile with all its cards
(those face down in play counted in `down`); no move."""

from __future__ import annotations

from typing import Any

from bot.i18n import Translator
from bot.tables import Table
from bot.ui.table_model import Label, Place, SeatModel, TableModel, legal_moves, owned
from bot.ui.words import seat_label
from core import Game
from core.games.speed.state import Table as SpeedTable
from core.games.speed.view import SpeedView


def model(
    table: Table,
    game: Game[Any, Any],
    seat: int | None,
    t: Translator,
    legal: list[str],
    label: Label,
    open: bool = False,
) -> TableModel:
    """`legal`: the viewer's moves as their buttons offer them, `label` their buttons' words;
    `open`: every card face up (after the game), no move."""
    if open:
        return _open(table, game, seat, t)
    v: SpeedView = game.view(0 if seat is None else seat)
    places = [Place(f"p{j}", "pile", None, (p.top.text,), p.size, colour=p.colour) for j, p in enumerate(v.piles, 1)]
    for s, layout in enumerate(v.layouts):
        for i, stack in enumerate(layout.stacks, 1):
            up = (stack.up.text,) if stack.up else ()
            places.append(Place(owned(f"s{i}", s, seat), "stack", s, up, stack.cards, stack.down))
        places.append(Place(owned("reserve", s, seat), "reserve", s, (), layout.reserve, layout.reserve))
    seats = tuple(
        SeatModel(s, seat_label(table.seats[s], t), layout.stack_cards, score=v.points[s] if v.target else None)
        for s, layout in enumerate(v.layouts)
    )

    def spots(move: str) -> list[tuple[tuple[str, ...], str | None, str]]:
        words = move.split()
        if words[0] == "play":
            top = v.mine.stacks[int(words[1]) - 1].up
            return [((top.text,) if top else (), None if top else f"s{words[1]}", f"p{words[2]}")]
        if words[0] == "flip":
            return [((), None, f"s{words[1]}")]
        if words[0] == "fill":
            return [((), "reserve", f"s{words[1]}")]
        return [((), None, "new")]

    return TableModel("speed", seat, seats, tuple(places), legal_moves(table, legal, spots, label), court=t.court)


def _open(table: Table, game: Game[Any, Any], seat: int | None, t: Translator) -> TableModel:
    """Everything, as the state holds it (the game is over: nothing is secret any more)."""
    lay: SpeedTable = game.table  # type: ignore[attr-defined]
    v: SpeedView = game.view(0)
    places = [
        Place(f"p{j}", "pile", None, _codes(p.cards), len(p.cards), colour=q.colour)
        for j, (p, q) in enumerate(zip(lay.piles, v.piles, strict=True), 1)
    ]
    for s, stacks in enumerate(lay.stacks):
        for i, stack in enumerate(stacks, 1):
            places.append(Place(owned(f"s{i}", s, seat), "stack", s, _codes(stack.cards), len(stack.cards), stack.down))
        reserve = lay.reserves[s][::-1]  # (kept top first)
        places.append(Place(owned("reserve", s, seat), "reserve", s, _codes(reserve), len(reserve), len(reserve)))
    seats = tuple(
        SeatModel(s, seat_label(table.seats[s], t), layout.stack_cards, score=v.points[s] if v.target else None)
        for s, layout in enumerate(v.layouts)
    )
    return TableModel("speed", seat, seats, tuple(places), (), court=t.court, open=True)


def _codes(cards: list[Any]) -> tuple[str, ...]:
    return tuple(c.text for c in cards)
