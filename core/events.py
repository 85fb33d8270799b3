"""Events: what a move made happen, as typed records with a readable `str()`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Event:
    """Base of every game's events; subclasses add fields and a `__str__`."""

    def __str__(self) -> str:
        return type(self).__name__
