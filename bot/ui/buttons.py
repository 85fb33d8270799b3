"""Buttons carry action tokens drawn for the table's current version."""

from __future__ import annotations

from bot.i18n import Translator
from bot.tables import Table
from bot.tokens import Token
from bot.ui.screen import Button

ROW = 3  # move buttons per row (phones are narrow)


def token(table: Table, action: str, arg: str = "") -> str:
    return Token(table.id, table.version, action, arg).encode()


def button(t: Translator, label: str, table: Table, action: str, arg: str = "") -> Button:
    return Button(t.gettext(label), token(table, action, arg))


def rows(buttons: list[Button], width: int = ROW) -> tuple[tuple[Button, ...], ...]:
    return tuple(tuple(buttons[i : i + width]) for i in range(0, len(buttons), width))
