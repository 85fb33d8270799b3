"""Events: what a move made happen, as typed records with a readable `str()`."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(slots=True)
class Event:
    """Base of every game's events; subclasses add fields and a `__str__`. Not frozen: records made
    on every move, and a frozen dataclass is several times slower to build."""

    def __str__(self) -> str:
        return type(self).__name__
