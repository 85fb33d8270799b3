"""A refusal the service gives a person: an English template the translator looks up, like a
core IllegalMove (it is one, so one `Translator.illegal` reads both)."""

from __future__ import annotations

from core.errors import IllegalMove


class Refused(IllegalMove):
    """The command was refused; nothing changed."""
