"""Screens before and after a game: the lobby, a challenge, a cancelled or expired table."""

from __future__ import annotations

from bot.games import game_info
from bot.i18n import Translator
from bot.screens.buttons import button
from bot.screens.model import Screen
from bot.screens.words import game_name, seat_name
from bot.tables import Status, Table


def lobby_screen(table: Table, t: Translator) -> Screen:
    info = game_info(table.game)
    lines = [
        t.gettext("🎴 {game}: a table is open").format(game=game_name(table.game, t)),
        t.gettext("Players ({count}, {low}–{high}):").format(
            count=len(table.seats), low=info.min_players, high=info.max_players
        ),
        *(f"{i + 1}. {seat_name(s, t)}" for i, s in enumerate(table.seats)),
    ]
    if table.options:
        lines.append(t.gettext("House rules: {rules}").format(rules=_rules(table)))
    buttons = (
        (button(t, "Join", table, "join"), button(t, "Leave", table, "leave")),
        (button(t, "+ Computer", table, "add_computer"), button(t, "− Computer", table, "remove_computer")),
        (button(t, "▶ Start", table, "start"), button(t, "Cancel", table, "cancel")),
    )
    return Screen(table.id, "\n".join(lines), buttons)


def challenge_screen(table: Table, t: Translator) -> Screen:
    lines = [
        t.gettext("⚔️ {name} challenges you to {game}!").format(name=table.seats[0].name, game=game_name(table.game, t))
    ]
    for invite in table.invites:
        mark = "⏳" if invite.accepted is None else ("✅" if invite.accepted else "❌")
        lines.append(f"{mark} {invite.name}")
    if table.fill_with_computers:
        lines.append(t.gettext("Empty seats will be taken by computer players."))
    buttons = ((button(t, "✅ Accept", table, "accept"), button(t, "❌ Decline", table, "decline")),)
    return Screen(table.id, "\n".join(lines), buttons)


def closed_screen(table: Table, t: Translator) -> Screen:
    name = game_name(table.game, t)
    if table.status is Status.EXPIRED:
        text = t.gettext("⌛ The {game} table expired: nobody played.").format(game=name)
    elif table.invites and not any(i.accepted for i in table.invites):
        text = t.gettext("❌ The {game} challenge was declined.").format(game=name)
    else:
        text = t.gettext("The {game} table was cancelled.").format(game=name)
    return Screen(table.id, text, final=True)


def _rules(table: Table) -> str:
    return ", ".join(f"{k}={v}" for k, v in sorted(table.options.items()))
