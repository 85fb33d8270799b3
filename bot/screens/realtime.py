"""Speed and Racing Demon screens: the public board, redrawn once per reaction window, and each
player's private controls (their legal moves as buttons)."""

from __future__ import annotations

from typing import Any

from bot.i18n import Translator
from bot.screens import demon, speed
from bot.screens.buttons import button, rows, token
from bot.screens.happened import window_lines
from bot.screens.model import Button, Screen
from bot.screens.words import game_name, seat_name
from bot.tables import Table
from core import Game

MAX_MOVE_BUTTONS = 24


def board(table: Table, game: Game[Any, Any], t: Translator) -> Screen:
    body = speed.board_lines(table, game, t) if table.game == "speed" else demon.board_lines(table, game, t)
    lines = [t.gettext("⚡ {game}").format(game=game_name(table.game, t)), *body]
    said = window_lines(table, t)
    if said:
        lines.append("· " + "\n· ".join(said))
    buttons = ((button(t, "🎮 My panel", table, "panel"),),)
    drawn = (speed if table.game == "speed" else demon).picture(table, game, t)
    return Screen(table.id, "\n".join(lines), buttons, picture=drawn)


def panel(table: Table, game: Game[Any, Any], seat: int, t: Translator) -> Screen:
    lines = (speed if table.game == "speed" else demon).panel_lines(table, game, seat, t)
    moves = game.moves(str(seat))
    if table.game == "speed":  # fills only where they help (bot/screens/speed.py `offered`)
        moves = [m for m in moves if speed.offered(game, seat, m)]
    moves = moves[:MAX_MOVE_BUTTONS]
    labels = speed.move_label if table.game == "speed" else demon.move_label
    buttons = [Button(labels(game, seat, m, t), token(table, "move", m)) for m in moves]
    if table.seats[seat].stand_in:
        lines.append(t.gettext("A computer is playing for you; press any move to take over."))
    return Screen(
        table.id,
        "\n".join([seat_name(table.seats[seat], t), *lines]),
        (*rows(buttons), (button(t, "🚪 Leave the game", table, "leave"),)),
        audience=table.seats[seat].person,
        slot="panel",
        picture=(speed if table.game == "speed" else demon).picture(table, game, t, seat),
    )
