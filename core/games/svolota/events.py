"""What a Svolota move makes happen. Draws say how many cards, never which."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card
from core.events import Event


@dataclass(slots=True)
class Played(Event):
    player: str
    cards: tuple[Card, ...]

    def __str__(self) -> str:
        return f"{self.player} plays {' '.join(c.pretty for c in self.cards)}"


@dataclass(slots=True)
class JokerPlayed(Event):
    player: str

    def __str__(self) -> str:
        return f"{self.player} plays a joker: the pile is discarded"


@dataclass(slots=True)
class Passed(Event):
    player: str

    def __str__(self) -> str:
        return f"{self.player} passes"


@dataclass(slots=True)
class DirectionChanged(Event):
    up: bool

    def __str__(self) -> str:
        return "the pile now goes up" if self.up else "the pile now goes down"


@dataclass(slots=True)
class Drew(Event):
    player: str
    count: int

    def __str__(self) -> str:
        return f"{self.player} draws {self.count}"


@dataclass(slots=True)
class PileClosed(Event):
    leader: str

    def __str__(self) -> str:
        return f"everyone passed: the pile is discarded and {self.leader} leads"


@dataclass(slots=True)
class Leads(Event):
    player: str

    def __str__(self) -> str:
        return f"{self.player} leads a new pile"


@dataclass(slots=True)
class Won(Event):
    player: str

    def __str__(self) -> str:
        return f"{self.player} has no cards left and wins"
