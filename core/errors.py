"""The one exception a player can cause, with a message they can read.

The message is an English template plus parameters, so that the bot can look the template up
in its translations (gettext msgid) and fill in the same parameters in another language.
"""

from __future__ import annotations

from typing import Any


class IllegalMove(Exception):
    """A move that may not be made now; the game is unchanged."""

    template: str
    params: dict[str, Any]

    def __init__(self, template: str, **params: Any) -> None:
        self.template = template
        self.params = params
        super().__init__(template.format(**params) if params else template)


class BadNotation(IllegalMove):
    """Text that is not a move at all."""


class NotYourTurn(IllegalMove):
    """A well-formed move from a player who may not act now."""


class GameOver(IllegalMove):
    """Any move after the game has ended."""


class TooSlow(IllegalMove):
    """A real-time move that was legal until another player changed the position first."""
