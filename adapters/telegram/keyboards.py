"""A screen as a Telegram message: its text and an inline keyboard.

A button with a token is a callback button (the token is the callback data, at most 64 bytes);
one with an inline query opens inline mode in the current chat with that query
(`switch_inline_query_current_chat`), which is how a Svolota player picks cards inside the group.
"""

from __future__ import annotations

from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup
from telegram.constants import InlineKeyboardButtonLimit, MessageLimit

from bot.screens.model import Button, Screen

MAX_TEXT: Final = int(MessageLimit.MAX_TEXT_LENGTH)
MAX_DATA: Final = int(InlineKeyboardButtonLimit.MAX_CALLBACK_DATA)


def text_of(screen: Screen) -> str:
    text = screen.text or "…"
    return text if len(text) <= MAX_TEXT else text[: MAX_TEXT - 1] + "…"


def button_of(button: Button) -> InlineKeyboardButton | None:
    """The Telegram button, or None for one that does nothing here (or whose token does not fit)."""
    if button.token is not None:
        if len(button.token.encode()) > MAX_DATA:
            return None
        return InlineKeyboardButton(button.label, callback_data=button.token)
    if button.inline_query is not None:
        return InlineKeyboardButton(button.label, switch_inline_query_current_chat=button.inline_query)
    return None


def markup_of(screen: Screen) -> InlineKeyboardMarkup | None:
    """The screen's buttons row by row (None: no keyboard, so an edit removes the old one)."""
    rows = [[b for b in map(button_of, row) if b is not None] for row in screen.buttons]
    rows = [row for row in rows if row]
    return InlineKeyboardMarkup(rows) if rows else None
