"""A refusal the service gives a person: an English template the translator looks up, like a
core IllegalMove (it is one, so one `Translator.illegal` reads both)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from bot.bidi import isolated
from core.errors import IllegalMove

if TYPE_CHECKING:
    from bot.tables import Table


class Refused(IllegalMove):
    """The command was refused; nothing changed."""


def named(table: Table, params: dict[str, Any]) -> dict[str, Any]:
    """The core names players by seat ("0", "1", …); people read the seat's name (isolated)."""
    player = params.get("player")
    if isinstance(player, str) and player.isdigit() and int(player) < len(table.seats):
        return {**params, "player": isolated(table.seats[int(player)].name)}
    return params
