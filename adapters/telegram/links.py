"""Naming a table outside a button: `t<id>`, the inline query of the board's "Choose cards" button
and the payload of a deep link that opens the bot's private chat for a table
(`https://t.me/<bot>?start=t<id>`), or for one's own page (`?start=me`)."""

from __future__ import annotations

import re
from typing import Final

_TABLE: Final = re.compile(r"\s*t([0-9]{1,12})(?:\s.*)?", re.DOTALL)
MY_PAGE: Final = "me"  # `/start me`: the bot hands whoever sent it a link to their own page


def table_query(table_id: int) -> str:
    return f"t{table_id}"


def table_named(text: str | None) -> int | None:
    """The table a query or payload names (`t12`, `t12 anything`), or None."""
    match = _TABLE.fullmatch(text or "")
    return int(match[1]) if match else None


def deep_link(bot_username: str, payload: str) -> str:
    """Opens the bot's private chat and sends it `/start <payload>` (letters, digits, _ and -)."""
    return f"https://t.me/{bot_username}?start={payload}"
