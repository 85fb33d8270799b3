"""Racing Demon as its cards lie (bot/ui/table_model.py): the shared foundations ("f1"… in the
order they were started, "fnew" where an Ace starts one) and each seat's demon, work piles
("w1"…"w4", the viewer's in full, the others' tops), waste and stock. A move is its card (a run's
base: the card that lands) onto a work pile or onto the foundation it lands on; turning the stock
is a tap on it.

Open (a finished game's replay, bot/replay.py): every seat's layout in full (the stock face down,
the demon but its top), every foundation with all its cards, the complete ones too; no move."""

from __future__ import annotations

from typing import Any

from bot.i18n import Translator
from bot.tables import Table
from bot.ui.table_model import Label, Place, SeatModel, TableModel, legal_moves, owned
from bot.ui.words import seat_label
from core import Game
from core.cards import Card
from core.games.racing_demon.ranks import LOW_RANK, run_onto
from core.games.racing_demon.state import DemonState
from core.games.racing_demon.view import DemonView, TableLayout

Spot = tuple[tuple[str, ...], str | None, str]


def _codes(*cards: Card | None) -> tuple[str, ...]:
    return tuple(c.text for c in cards if c is not None)


def _seen(s: int, lay: TableLayout, viewer: int | None) -> list[Place]:
    """What the table shows of a layout: the demon's and the work piles' tops, the waste's top."""
    places = [Place(owned("demon", s, viewer), "demon", s, _codes(lay.demon_top), lay.demon_size)]
    for i, top in enumerate(lay.work_tops, 1):
        places.append(Place(owned(f"w{i}", s, viewer), "work", s, _codes(top), int(top is not None)))
    places.append(Place(owned("waste", s, viewer), "waste", s, _codes(lay.waste_top), lay.waste_size))
    places.append(Place(owned("stock", s, viewer), "stock", s, (), lay.stock_size, lay.stock_size))
    return places


def model(
    table: Table,
    game: Game[Any, Any],
    seat: int | None,
    t: Translator,
    legal: list[str],
    label: Label,
    open: bool = False,
) -> TableModel:
    """`legal`: the viewer's moves, `label` their buttons' words; `open`: every card face up
    (after the game), no move."""
    if open:
        return _open(table, game, seat, t)
    v: DemonView = game.view(0 if seat is None else seat)
    places = [
        Place(f"f{f.number}", "foundation", None, (f.top.text,), LOW_RANK[f.top.rank])
        for f in v.foundations
        if not f.complete
    ]
    places.append(Place("fnew", "foundation", None))  # where an Ace starts one
    others = list(v.others)
    if seat is None:  # a spectator sees seat 0 as everyone else does, not as its own layout
        others = [*game.view(1).others[:1], *others]
    else:
        own = v.own
        places.append(Place("demon", "demon", seat, _codes(own.demon_top), own.demon_size))
        for i, pile in enumerate(own.work, 1):
            places.append(Place(f"w{i}", "work", seat, _codes(*pile), len(pile), spread=True))
        places.append(Place("waste", "waste", seat, _codes(own.waste[-1] if own.waste else None), len(own.waste)))
        places.append(Place("stock", "stock", seat, (), own.stock_size, own.stock_size))
    for lay in others:
        places.extend(_seen(lay.seat, lay, seat))
    demons = {lay.seat: lay.demon_size for lay in others} | ({} if seat is None else {seat: v.own.demon_size})
    seats = tuple(
        SeatModel(s, seat_label(table.seats[s], t), demons[s], score=v.scores[s]) for s in range(len(table.seats))
    )

    def card(source: str, on: Card | None) -> Card | None:
        own = v.own
        if source == "demon":
            return own.demon_top
        if source == "waste":
            return own.waste[-1] if own.waste else None
        pile = own.work[int(source[1:]) - 1]
        count = run_onto(pile, on) if on is not None else None
        return pile[-(count or 1)] if pile else None

    def spots(move: str) -> list[Spot]:
        if move == "turn":
            return [((), None, "stock")]
        source, target = move.split(">")
        if target != "f":
            moved = card(source, v.own.work_top(int(target[1:])))
            return [(_codes(moved), None if moved else source, target)]
        moved = card(source, None)
        if moved is None:
            return []
        # the lowest-numbered foundation that takes it, as the engine picks (Foundations.accepting)
        fits = (
            f"f{f.number}"
            for f in v.foundations
            if not f.complete and f.suit == moved.suit and LOW_RANK[f.top.rank] == LOW_RANK[moved.rank] - 1
        )
        return [(_codes(moved), None, next(fits, "fnew"))]

    return TableModel("racing_demon", seat, seats, tuple(places), legal_moves(table, legal, spots, label), t.court)


def _open(table: Table, game: Game[Any, Any], seat: int | None, t: Translator) -> TableModel:
    """Everything, as the state holds it (the game is over: nothing is secret any more)."""
    state: DemonState = game.state  # type: ignore[attr-defined]
    v: DemonView = game.view(0)
    places = [
        Place(f"f{n}", "foundation", None, _codes(*(c for c, _ in f.cards())), f.rank)
        for n, f in enumerate(state.foundations.piles, 1)
    ]
    places.append(Place("fnew", "foundation", None))
    for s, lay in enumerate(state.layouts):
        places.append(
            Place(owned("demon", s, seat), "demon", s, _codes(*lay.demon), len(lay.demon), max(0, len(lay.demon) - 1))
        )
        for i, pile in enumerate(lay.work, 1):
            places.append(Place(owned(f"w{i}", s, seat), "work", s, _codes(*pile), len(pile), spread=True))
        places.append(Place(owned("waste", s, seat), "waste", s, _codes(*lay.waste), len(lay.waste)))
        places.append(Place(owned("stock", s, seat), "stock", s, _codes(*lay.stock), len(lay.stock), len(lay.stock)))
    seats = tuple(
        SeatModel(s, seat_label(table.seats[s], t), len(lay.demon), score=v.scores[s])
        for s, lay in enumerate(state.layouts)
    )
    return TableModel("racing_demon", seat, seats, tuple(places), (), t.court, open=True)
