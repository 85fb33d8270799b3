"""Screens before and after a game: the lobby, a challenge, a cancelled or expired table."""

from __future__ import annotations

import math

from bot.bidi import isolated
from bot.deadlines import Kind
from bot.games import game_info
from bot.guide import level_name
from bot.house_rules import LEVEL, NAMES, value_word
from bot.i18n import Translator
from bot.tables import Status, Table
from bot.ui.buttons import button, rows, token
from bot.ui.screen import Button, Countdown, Screen
from bot.ui.words import compose, game_name, seat_name


def lobby_screen(table: Table, t: Translator, now: float = 0.0) -> Screen:
    """The players so far, the house rules and the computers' level, the join time left (which
    "+1 min" extends); "⚙ House rules" turns the board into a button per rule (bot/house_rules.py)."""
    info = game_info(table.game)
    lines = [
        t.gettext("🎴 {game}: a table is open").format(game=game_name(table.game, t)),
        t.gettext("Players ({count}, {low}–{high}):").format(
            count=len(table.seats), low=info.min_players, high=info.max_players
        ),
        *(f"{i + 1}. {seat_name(s, t)}" for i, s in enumerate(table.seats)),
    ]
    rules = _rules(table, t)
    if rules:
        lines.append(t.gettext("House rules: {rules}").format(rules=rules))
    lines.append(t.gettext("Computers: {level}").format(level=level_name(table.level, t)))
    marks: tuple[Countdown, ...] = ()
    closes = next((d.due for d in table.deadlines if d.kind == Kind.LOBBY_EXPIRY), None)
    if closes is not None:
        left = t.minutes(max(1, math.ceil((closes - now) / 60)))
        line, spans = compose(t.gettext("⏳ Joining closes in {left}"), left=left)
        start = len("\n".join(lines)) + 1
        marks = (Countdown(start + spans["left"][0], start + spans["left"][1], closes),)
        lines.append(line)
    if table.rules_open:
        buttons = _rule_buttons(table, t)
    else:
        buttons = (
            (button(t, "Join", table, "join"), button(t, "Leave", table, "leave")),
            (button(t, "+ Computer", table, "add_computer"), button(t, "− Computer", table, "remove_computer")),
            (button(t, "⚙ House rules", table, "rules"), button(t, "⏳ +1 min", table, "extend")),
            (button(t, "▶ Start", table, "start"), button(t, "Cancel", table, "cancel")),
        )
    return Screen(table.id, "\n".join(lines), buttons, marks=marks)


def _rule_buttons(table: Table, t: Translator) -> tuple[tuple[Button, ...], ...]:
    """A button per house rule showing its value (pressing it moves to the next), the computers'
    level, then "save for this chat" and "done"."""
    picks = game_info(table.game).picks
    labelled = [
        Button(
            f"{t.gettext(NAMES.get(name, name))}: {value_word(table.options.get(name, values[0]), t)}",
            token(table, "rules", name),
        )
        for name, values in picks.items()
    ]
    labelled.append(
        Button(t.gettext("Computers: {level}").format(level=level_name(table.level, t)), token(table, "rules", LEVEL))
    )
    done = (button(t, "💾 Save for this chat", table, "rules", "save"), button(t, "✓ Done", table, "rules"))
    return (*rows(labelled, 2), done)


def challenge_screen(table: Table, t: Translator) -> Screen:
    lines = [
        t.gettext("⚔️ {name} challenges you to {game}!").format(
            name=isolated(table.seats[0].name), game=game_name(table.game, t)
        )
    ]
    for invite in table.invites:
        mark = "⏳" if invite.accepted is None else ("✅" if invite.accepted else "❌")
        lines.append(f"{mark} {isolated(invite.name)}")
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


def _rules(table: Table, t: Translator) -> str:
    """The table's house rules by their names where they have one (`first`, the seat that leads
    the first pile, is a rematch's; it is left out)."""
    return ", ".join(
        f"{t.gettext(NAMES[k])}: {value_word(v, t)}" if k in NAMES else f"{k}={v}"
        for k, v in sorted(table.options.items())
        if k != "first"
    )
