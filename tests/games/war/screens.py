"""War in a chat: the board shows both players' cards left, the round's flips and the points; a
player's panel has the one button, Flip, on their turn. Its words are English (the tests' game is
in no catalog: the translator falls back to them)."""

from __future__ import annotations

from bot.games import GameInfo
from bot.i18n import Translator
from bot.tables import Table
from bot.ui.buttons import button, rows, token
from bot.ui.screen import Button, Screen
from bot.ui.words import N_, game_name, seat_name
from tests.games.war.game import FLIP, War


def _round(table: Table, game: War, t: Translator) -> list[str]:
    v = game.view(0)
    lines = []
    for seat, s in enumerate(table.seats):
        flipped = v.flipped[seat]
        shown = flipped.pretty if flipped is not None else "·"
        turn = "▶ " if seat == v.turn else ""
        lines.append(f"{turn}{seat_name(s, t)}: {shown} · {v.left[seat]} left · {v.points[seat]} points")
    return lines


def board(table: Table, game: War, t: Translator, now: float) -> Screen:
    lines = [f"🪖 {game_name(table.game, t)}", *_round(table, game, t)]
    return Screen(table.id, "\n".join(lines), ((button(t, "🎮 My panel", table, "panel"),),))


def panel(table: Table, game: War, seat: int, t: Translator) -> Screen:
    moves = game.moves(str(seat))
    buttons = [Button(t.gettext("Flip"), token(table, "move", FLIP)) for _ in moves]
    lines = [seat_name(table.seats[seat], t), *_round(table, game, t)]
    if not moves:
        lines.append(t.gettext("Wait for your turn."))
    return Screen(
        table.id,
        "\n".join(lines),
        (*rows(buttons), (button(t, "🚪 Leave the game", table, "leave"),)),
        audience=table.seats[seat].person,
        slot="panel",
    )


GAME = GameInfo(
    id="war",
    name=N_("War"),
    command="war",
    board=board,
    panel=panel,
    what=N_("flip the higher card"),
    rules=(N_("Each round both players flip their top card: the higher rank scores a point."),),
    higher_wins=lambda options: True,
    best_higher=True,
)
