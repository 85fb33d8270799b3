"""What a Racing Demon move makes happen. Every event names the player whose cards moved."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card
from core.events import Event
from core.games.racing_demon.moves import Source


@dataclass(slots=True)
class ToFoundationPlayed(Event):
    player: str
    card: Card
    source: Source
    foundation: int  # numbered from 1
    started: bool  # an Ace that started the foundation
    automatic: bool = False  # moved by the auto_aces option

    def __str__(self) -> str:
        where = f"starts foundation {self.foundation}" if self.started else f"to foundation {self.foundation}"
        auto = " (automatic)" if self.automatic else ""
        return f"{self.player}: {self.card.pretty} from {self.source.name_in_text} {where}{auto}"


@dataclass(slots=True)
class ToWorkPlayed(Event):
    player: str
    cards: tuple[Card, ...]  # one card, or the run that moved, its base first
    source: Source
    pile: int

    def __str__(self) -> str:
        cards = " ".join(c.pretty for c in self.cards)
        return f"{self.player}: {cards} from {self.source.name_in_text} onto w{self.pile}"


@dataclass(slots=True)
class Refilled(Event):
    player: str
    pile: int
    card: Card

    def __str__(self) -> str:
        return f"{self.player}: w{self.pile} is refilled with {self.card.pretty} from the demon"


@dataclass(slots=True)
class Turned(Event):
    player: str
    count: int
    top: Card

    def __str__(self) -> str:
        cards = "card" if self.count == 1 else "cards"
        return f"{self.player} turns {self.count} {cards}: {self.top.pretty} on top of the waste"


@dataclass(slots=True)
class Recycled(Event):
    player: str
    count: int

    def __str__(self) -> str:
        return f"{self.player} turns the waste back over as the stock ({self.count} cards)"


@dataclass(slots=True)
class StocksRotated(Event):
    """Everyone was stuck: every waste went under its stock and every stock's top to its bottom."""

    def __str__(self) -> str:
        return "everyone is stuck: each waste goes under its stock, and each stock's top card to the bottom"


@dataclass(slots=True)
class Out(Event):
    player: str

    def __str__(self) -> str:
        return f"Out! {self.player}'s demon is empty and the round is over"


@dataclass(slots=True)
class AllStuck(Event):
    def __str__(self) -> str:
        return "everyone is still stuck: the round is over"
