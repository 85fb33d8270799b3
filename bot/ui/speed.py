"""Speed on a screen: the centre piles, both layouts, the stalemate offer; a player's controls.
Stacks are shown left to right as stack 1 to 5 (the buttons that flip or fill one name its number)."""

from __future__ import annotations

from typing import Any

from bot.games import GameInfo
from bot.i18n import Translator
from bot.tables import Table
from bot.ui import realtime
from bot.ui.picture import DOWN as DOWN_CARD
from bot.ui.picture import EMPTY as EMPTY_PLACE
from bot.ui.picture import SpeedBoard, SpeedLayout
from bot.ui.screen import Screen
from bot.ui.speed_model import model as speed_model
from bot.ui.table_model import TableModel
from bot.ui.words import N_, seat_label, seat_name
from core import Game
from core.games.speed.view import LayoutView, SpeedView

DOWN = "🂠"  # a stack whose top is face down
EMPTY = "—"  # an empty stack


def _stacks(layout: LayoutView, t: Translator) -> str:
    """Stack tops left to right, then how many cards the stacks and the reserve hold."""
    tops = " · ".join(t.card(s.up) if s.up else (DOWN if s.down else EMPTY) for s in layout.stacks)
    counts = t.ngettext(
        "{count} card in stacks, reserve {reserve}", "{count} cards in stacks, reserve {reserve}", layout.stack_cards
    ).format(count=layout.stack_cards, reserve=layout.reserve)
    return f"{tops} ({counts})"


def _centre(v: SpeedView, t: Translator) -> str:
    """The centre piles' tops; in the colours variant, the colour each takes next."""
    takes = {"red": t.gettext("takes red"), "black": t.gettext("takes black")}
    piles = [t.card(p.top) + (f" ({takes[p.colour]})" if p.colour in takes else "") for p in v.piles]
    return t.gettext("Centre: {piles}").format(piles=" · ".join(piles))


def board_lines(table: Table, game: Game[Any, Any], t: Translator) -> list[str]:
    v: SpeedView = game.view(0)
    lines = [_centre(v, t)]
    for seat, layout in enumerate(v.layouts):
        lines.append(f"{seat_name(table.seats[seat], t)}: {_stacks(layout, t)}")
    lines += _match_lines(v, t)
    return lines


def _match_lines(v: SpeedView, t: Translator) -> list[str]:
    lines = []
    if v.target:
        lines.append(
            t.gettext("Deal {deal} · points {a}:{b} (to {target})").format(
                deal=v.deal, a=v.points[0], b=v.points[1], target=v.target
            )
        )
    if v.stalemate:
        lines.append(t.gettext("Nobody can play: press “New centre cards”, or it is done for you."))
    return lines


def panel_lines(table: Table, game: Game[Any, Any], seat: int, t: Translator) -> list[str]:
    """Enough to play from: both layouts and the centre."""
    v: SpeedView = game.view(seat)
    other = 1 - seat
    lines = [
        _centre(v, t),
        t.gettext("You: {stacks}").format(stacks=_stacks(v.mine, t)),
        f"{seat_name(table.seats[other], t)}: {_stacks(v.layouts[other], t)}",
        *_match_lines(v, t),
    ]
    if v.mine.reserve and any(s.cards == 0 for s in v.mine.stacks) and not v.over:
        lines.append(_fill_hint(v, t))
    return lines


def _fill_hint(v: SpeedView, t: Translator) -> str:
    """Why one would fill an empty stack, or not: the reserve counts only in a points match."""
    if v.target:
        return t.gettext(
            "Fill an empty stack from your reserve: every card left in your reserve "
            "when the deal ends scores a point for your opponent."
        )
    return t.gettext("No need to fill: the first to empty every stack wins, and the reserve does not count.")


def offered(game: Game[Any, Any], seat: int, move: str) -> bool:
    """Whether `move` (legal) gets a button. `fill N` is legal on an empty or a face-down stack,
    but is offered only where it helps: on an empty stack in a points match, where every card left
    in the reserve scores for the opponent. On a face-down stack a flip comes first; in a single
    deal filling only adds a card to the stacks one must empty. (Typed, it is still played.)"""
    if not move.startswith("fill"):
        return True
    v: SpeedView = game.view(seat)
    stack = v.mine.stacks[int(move.split()[1]) - 1]
    return bool(v.target) and stack.cards == 0 and v.mine.reserve > 0


def move_label(game: Game[Any, Any], seat: int, move: str, t: Translator) -> str:
    """A button: the card and the centre card it goes on, or what to do, in the imperative."""
    v: SpeedView = game.view(seat)
    words = move.split()
    if words[0] == "play":
        card = v.mine.stacks[int(words[1]) - 1].up
        on = v.piles[int(words[2]) - 1].top
        return t.goes(t.card(card) if card else words[1], t.card(on))
    if words[0] == "flip":
        return t.gettext("Turn up stack {stack}").format(stack=words[1])
    if words[0] == "fill":
        return t.gettext("Fill stack {stack}").format(stack=words[1])
    return t.gettext("New centre cards")


def picture(table: Table, game: Game[Any, Any], t: Translator, seat: int | None = None) -> SpeedBoard:
    """Both layouts and the centre; on a player's panel their own layout is the lower one."""
    v: SpeedView = game.view(0 if seat is None else seat)
    lower = 1 if seat is None else seat

    def layout(i: int) -> SpeedLayout:
        lay = v.layouts[i]
        tops = tuple(s.up.text if s.up else (DOWN_CARD if s.down else EMPTY_PLACE) for s in lay.stacks)
        return SpeedLayout(seat_label(table.seats[i], t), tops, lay.stack_cards, lay.reserve)

    return SpeedBoard(tuple(p.top.text for p in v.piles), (layout(1 - lower), layout(lower)), t.court)


def board(table: Table, game: Game[Any, Any], t: Translator, now: float) -> Screen:
    return realtime.board(table, t, board_lines(table, game, t), picture(table, game, t))


def panel(table: Table, game: Game[Any, Any], seat: int, t: Translator) -> Screen:
    moves = [m for m in game.moves(str(seat)) if offered(game, seat, m)]  # fills only where they help
    lines = panel_lines(table, game, seat, t)
    return realtime.panel(table, game, seat, t, lines, moves, move_label, picture(table, game, t, seat))


def table_model(table: Table, game: Game[Any, Any], seat: int | None, t: Translator, open: bool = False) -> TableModel:
    """The table as its cards lie, with the moves the panel's buttons offer."""
    moves = [] if seat is None or open else [m for m in game.moves(str(seat)) if offered(game, seat, m)]
    return speed_model(table, game, seat, t, moves, lambda m: move_label(game, seat or 0, m, t), open=open)


GAME = GameInfo(
    id="speed",
    name=N_("Speed"),
    command="speed",
    words=("скорость", "швидкість"),
    real_time=True,
    board=board,
    panel=panel,
    what=N_("empty your stacks first"),
    rules=(
        N_(
            "Put the top card of a stack on a centre pile when it is one rank above or below the pile's"
            " top (A sits on 2 and on K); suits do not matter."
        ),
        N_("Flip a face-down top to play it, or fill a stack with no face-up card from your reserve."),
        N_("When neither player can play, either may start a new centre pile from their reserve."),
    ),
    legend=(
        N_("Your stacks left to right are stacks 1 to 5: 🂠 a face-down top (turn it up), — an empty stack."),
        N_("A button J♥ → Q♦ puts your J♥ on the centre card Q♦."),
    ),
    higher_wins=lambda options: bool(options.get("target")),  # a match to a target counts points
    picks={"stacks": (5, 4), "colours": (False, True), "target": (0, 25, 50, 100)},
    model=table_model,
    label=move_label,
)
