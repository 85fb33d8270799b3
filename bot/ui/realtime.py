"""What every real-time game's screens share (Speed: bot/ui/speed.py; Racing Demon:
bot/ui/demon.py): the public board, redrawn once per reaction window, with what the window's
moves did, and each player's private controls (their legal moves as buttons)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import Translator
from bot.tables import Table
from bot.ui.buttons import button, rows, token
from bot.ui.happened import window_lines
from bot.ui.picture import Picture
from bot.ui.screen import Button, Screen
from bot.ui.words import game_name, seat_name
from core import Game

MAX_MOVE_BUTTONS = 24
MoveLabel = Callable[[Game[Any, Any], int, str, Translator], str]  # a move's button, for a seat


def board(table: Table, t: Translator, lines: list[str], picture: Picture | None) -> Screen:
    """The chat's board of a real-time game: its own `lines`, what the last window's moves did, and
    the button that opens each player's panel."""
    lines = [t.gettext("⚡ {game}").format(game=game_name(table.game, t)), *lines]
    said = window_lines(table, t)
    if said:
        lines.append("· " + "\n· ".join(said))
    buttons = ((button(t, "🎮 My panel", table, "panel"),),)
    return Screen(table.id, "\n".join(lines), buttons, picture=picture)


def panel(
    table: Table,
    game: Game[Any, Any],
    seat: int,
    t: Translator,
    lines: list[str],
    moves: list[str],
    label: MoveLabel,
    picture: Picture | None,
) -> Screen:
    """A player's private controls: their `lines` and their `moves` (legal now) as buttons."""
    buttons = [Button(label(game, seat, m, t), token(table, "move", m)) for m in moves[:MAX_MOVE_BUTTONS]]
    if table.seats[seat].stand_in:
        lines = [*lines, t.gettext("A computer is playing for you; press any move to take over.")]
    return Screen(
        table.id,
        "\n".join([seat_name(table.seats[seat], t), *lines]),
        (*rows(buttons), (button(t, "🚪 Leave the game", table, "leave"),)),
        audience=table.seats[seat].person,
        slot="panel",
        picture=picture,
    )
