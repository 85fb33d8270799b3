"""What a Svolota move makes happen. Draws say how many cards, never which.

Each event writes its own `__init__` (`init=False`): a move makes one or two of them, and in the
compiled build (core/compiled.py) a dataclass's generated `__init__` is still Python, run through
the interpreter (mypyc compiles only the methods written in the class): with it, making them was
a fifth of a compiled decision's instructions (`python -m bench.instructions`: 10,730 a decision,
8,627 with their own).
Equality, `repr` and match arguments are the dataclass's. No slots: the dataclass's `slots=True`
makes a new class, a Python one, and mypyc takes a `__slots__` written in the class for a field."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card
from core.events import Event


@dataclass(init=False)
class Played(Event):
    player: str
    cards: tuple[Card, ...]

    def __init__(self, player: str, cards: tuple[Card, ...]) -> None:
        self.player = player
        self.cards = cards

    def __str__(self) -> str:
        return f"{self.player} plays {' '.join(c.pretty for c in self.cards)}"


@dataclass(init=False)
class JokerPlayed(Event):
    player: str

    def __init__(self, player: str) -> None:
        self.player = player

    def __str__(self) -> str:
        return f"{self.player} plays a joker: the pile is discarded"


@dataclass(init=False)
class Passed(Event):
    player: str

    def __init__(self, player: str) -> None:
        self.player = player

    def __str__(self) -> str:
        return f"{self.player} passes"


@dataclass(init=False)
class DirectionChanged(Event):
    up: bool

    def __init__(self, up: bool) -> None:
        self.up = up

    def __str__(self) -> str:
        return "the pile now goes up" if self.up else "the pile now goes down"


@dataclass(init=False)
class Drew(Event):
    player: str
    count: int

    def __init__(self, player: str, count: int) -> None:
        self.player = player
        self.count = count

    def __str__(self) -> str:
        return f"{self.player} draws {self.count}"


@dataclass(init=False)
class PileClosed(Event):
    leader: str

    def __init__(self, leader: str) -> None:
        self.leader = leader

    def __str__(self) -> str:
        return f"everyone passed: the pile is discarded and {self.leader} leads"


@dataclass(init=False)
class Leads(Event):
    player: str

    def __init__(self, player: str) -> None:
        self.player = player

    def __str__(self) -> str:
        return f"{self.player} leads a new pile"


@dataclass(init=False)
class Won(Event):
    player: str

    def __init__(self, player: str) -> None:
        self.player = player

    def __str__(self) -> str:
        return f"{self.player} has no cards left and wins"
