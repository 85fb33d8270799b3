"""Racing Demon on a screen: the foundations and every player's demon and score; a player's own
layout and controls. A button names the card and where it goes: "9♠ → 10♥" (onto the work pile
that shows 10♥), "A♣ → foundation"."""

from __future__ import annotations

from typing import Any

from bot.games import GameInfo
from bot.i18n import Translator
from bot.tables import Table
from bot.ui import realtime
from bot.ui.demon_model import model as demon_model
from bot.ui.picture import EMPTY as EMPTY_PLACE
from bot.ui.picture import DemonBoard, DemonOwn, SeatLine
from bot.ui.screen import Screen
from bot.ui.table_model import TableModel
from bot.ui.words import N_, seat_label, seat_name
from core import Game
from core.cards import Card
from core.games.racing_demon.ranks import run_onto
from core.games.racing_demon.view import DemonView

MAX_FOUNDATIONS_SHOWN = 16
EMPTY = "—"


def _card(card: Card | None, t: Translator) -> str:
    return t.card(card) if card else EMPTY


def _foundations(v: DemonView, t: Translator) -> str:
    """The open foundations' tops (complete ones only counted)."""
    tops = [t.card(f.top) for f in v.foundations if not f.complete]
    shown = " ".join(tops[:MAX_FOUNDATIONS_SHOWN]) + (" …" if len(tops) > MAX_FOUNDATIONS_SHOWN else "")
    done = sum(1 for f in v.foundations if f.complete)
    line = t.gettext("Foundations: {piles}").format(piles=shown or t.gettext("none yet — an Ace starts one"))
    return line + (" " + t.gettext("({count} complete)").format(count=done) if done else "")


def _demons(table: Table, v: DemonView, t: Translator, skip: int | None = None) -> list[str]:
    """Each player's demon (cards left, its top) and score as it stands."""
    demons = {v.seat: (v.own.demon_size, v.own.demon_top)} | {o.seat: (o.demon_size, o.demon_top) for o in v.others}
    return [
        t.gettext("{name}: demon {count} ({card}) · score {score}").format(
            name=seat_name(s, t), count=demons[seat][0], card=_card(demons[seat][1], t), score=v.scores[seat]
        )
        for seat, s in enumerate(table.seats)
        if seat != skip
    ]


def board_lines(table: Table, game: Game[Any, Any], t: Translator) -> list[str]:
    v: DemonView = game.view(0)
    return [_foundations(v, t), *_demons(table, v, t)]


def panel_lines(table: Table, game: Game[Any, Any], seat: int, t: Translator) -> list[str]:
    """Enough to play from: your layout, the foundations, everyone else's demon and score."""
    v: DemonView = game.view(seat)
    own = v.own
    lines = [
        t.gettext("Your demon: {card} ({count} left) · score {score}").format(
            card=_card(own.demon_top, t), count=own.demon_size, score=v.scores[seat]
        ),
        t.gettext("Work piles: {piles}").format(piles=" · ".join(_card(own.work_top(i), t) for i in range(1, 5))),
        t.gettext("Waste: {card} · stock: {count}").format(
            card=_card(own.waste[-1] if own.waste else None, t), count=own.stock_size
        ),
        _foundations(v, t),
        *_demons(table, v, t, skip=seat),
    ]
    if v.stuck:
        lines.append(t.gettext("Nothing left to place: wait for the others."))
    return lines


def move_label(game: Game[Any, Any], seat: int, move: str, t: Translator) -> str:
    """A button, in the imperative where it is not a card and its place."""
    v: DemonView = game.view(seat)
    if move == "turn":
        return t.gettext("Turn three cards") if v.own.stock_size else t.gettext("Waste back to the stock")
    source, target = move.split(">")
    on = None if target == "f" else v.own.work_top(int(target[1:]))
    if source == "demon":
        card = v.own.demon_top
    elif source == "waste":
        card = v.own.waste[-1] if v.own.waste else None
    else:  # a run between work piles is named by its base, the card that goes on `on`
        pile = v.own.work[int(source[1:]) - 1]
        count = run_onto(pile, on) if on is not None else None
        card = pile[-(count or 1)] if pile else None
    where = t.gettext("foundation") if target == "f" else (t.card(on) if on else t.gettext("empty pile"))
    return t.goes(_card(card, t), where)


def picture(table: Table, game: Game[Any, Any], t: Translator, seat: int | None = None) -> DemonBoard:
    """The foundations and everyone's demon; on a player's panel, their own layout too."""
    v: DemonView = game.view(0 if seat is None else seat)
    demons = {v.seat: (v.own.demon_size, v.own.demon_top)} | {o.seat: (o.demon_size, o.demon_top) for o in v.others}
    seats = tuple(
        SeatLine(seat_label(s, t), demons[i][0], score=v.scores[i], top=_code(demons[i][1]))
        for i, s in enumerate(table.seats)
    )
    own = None
    if seat is not None:
        waste = v.own.waste[-1] if v.own.waste else None
        work = tuple(_code(v.own.work_top(i)) for i in range(1, 5))
        own = DemonOwn(_code(v.own.demon_top), v.own.demon_size, work, _code(waste), v.own.stock_size)
    tops = tuple(f.top.text for f in v.foundations if not f.complete)
    return DemonBoard(tops, sum(1 for f in v.foundations if f.complete), seats, own, t.court)


def _code(card: Card | None) -> str:
    return card.text if card else EMPTY_PLACE


def board(table: Table, game: Game[Any, Any], t: Translator, now: float) -> Screen:
    return realtime.board(table, t, board_lines(table, game, t), picture(table, game, t))


def panel(table: Table, game: Game[Any, Any], seat: int, t: Translator) -> Screen:
    lines = panel_lines(table, game, seat, t)
    moves = game.moves(str(seat))
    return realtime.panel(table, game, seat, t, lines, moves, move_label, picture(table, game, t, seat))


def table_model(table: Table, game: Game[Any, Any], seat: int | None, t: Translator) -> TableModel:
    """The table as its cards lie, with the moves the panel's buttons offer."""
    moves = [] if seat is None else game.moves(str(seat))
    return demon_model(table, game, seat, t, moves, lambda m: move_label(game, seat or 0, m, t))


GAME = GameInfo(
    id="racing_demon",
    name=N_("Racing Demon"),
    command="demon",
    words=("racingdemon", "демон", "гонка", "перегони"),  # «Гонка демонов», «Перегони демонів»
    real_time=True,
    board=board,
    panel=panel,
    what=N_("race to empty your demon pile"),
    rules=(
        N_("Foundations in the centre are shared: an Ace starts one, then the same suit goes up to the King."),
        N_(
            "Your four work piles build down in alternating colours; an emptied work pile takes the"
            " demon's top card."
        ),
        N_("Turn the stock three cards at a time; only the top card of the waste can be played."),
        N_(
            "The round ends when someone's demon is empty: a point per card on the foundations,"
            " minus one per card left in your demon."
        ),
    ),
    legend=(
        N_(
            "A button 9♠ → 10♥ puts 9♠ on your work pile that shows 10♥; → foundation: onto a shared"
            " foundation; —: an empty place."
        ),
        N_("Stock: the cards left to turn; waste: the cards turned, the top one playable."),
    ),
    higher_wins=lambda options: True,  # points for cards on the foundations
    best_higher=True,
    picks={"demon_penalty": (1, 0, 2), "auto_aces": (False, True)},
    model=table_model,
)
