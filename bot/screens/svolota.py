"""Svolota screens: the public board (no hands, only their sizes) and a player's private hand."""

from __future__ import annotations

from bot.deadlines import Kind
from bot.i18n import Translator
from bot.screens.buttons import button, rows, token
from bot.screens.model import Button, Screen
from bot.screens.words import describe_move, game_name, pretty_move, seat_name
from bot.tables import Table
from core.games.svolota.game import Svolota

RECENT = 4  # moves listed under the board


def board(table: Table, game: Svolota, t: Translator, now: float) -> Screen:
    v = game.view(0)
    arrow = "↑" if v.up else "↓"
    lines = [t.gettext("🎴 {game} · the pile goes {arrow}").format(game=game_name("svolota", t), arrow=arrow)]
    if v.last_play:
        by = table.seats[v.last_player].name if v.last_player is not None else ""
        lines.append(
            t.gettext("Pile: {cards} (by {name})").format(cards=" ".join(c.pretty for c in v.last_play), name=by)
        )
    else:
        lines.append(t.gettext("Pile: empty, a new pile starts"))
    face_up = v.face_up.pretty if v.face_up else "—"
    lines.append(t.gettext("Reserve: {count} · face up: {card}").format(count=v.reserve_size, card=face_up))
    for i, seat in enumerate(table.seats):
        mark = "▶" if i == v.turn else "  "
        passed = " " + t.gettext("(passed)") if i in v.passed else ""
        cards = t.ngettext("{count} card", "{count} cards", v.hand_sizes[i]).format(count=v.hand_sizes[i])
        lines.append(f"{mark} {seat_name(seat, t)} — {cards}{passed}")
    recent = [f"{table.seats[m.seat].name} {describe_move('svolota', m.move, t)}" for m in table.recent[-RECENT:]]
    if recent:
        lines.append("· " + "\n· ".join(recent))
    timer = next((d for d in table.deadlines if d.kind == Kind.TURN), None)
    if timer is not None:
        lines.append(
            t.gettext("⏱ {name}, your move: {seconds} s").format(
                name=table.seats[v.turn].name, seconds=max(0, round(timer.due - now))
            )
        )
    buttons = (
        (
            Button(t.gettext("🂠 Choose cards"), inline_query=f"t{table.id}"),
            button(t, "My cards", table, "panel"),
        ),
    )
    return Screen(table.id, "\n".join(lines), buttons)


def hand_panel(table: Table, game: Svolota, seat: int, t: Translator) -> Screen:
    v = game.view(seat)
    lines = [
        t.gettext("Your cards: {cards}").format(cards=" ".join(c.pretty for c in v.hand) or "—"),
    ]
    if v.last_play:
        lines.append(t.gettext("On the pile: {cards}").format(cards=" ".join(c.pretty for c in v.last_play)))
    moves = game.moves(str(seat))
    if moves:
        lines.append(t.gettext("Your move:"))
    else:
        lines.append(t.gettext("Waiting for {name}.").format(name=table.seats[v.turn].name))
    buttons = [Button(_label(m, t), token(table, "move", m)) for m in moves]
    leave = (button(t, "🚪 Leave the game", table, "leave"),)
    return Screen(table.id, "\n".join(lines), (*rows(buttons), leave), audience=table.seats[seat].person, slot="panel")


def _label(move: str, t: Translator) -> str:
    return describe_move("svolota", move, t) if move in ("pass", "joker") else pretty_move(move)
