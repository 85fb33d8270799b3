"""What a Speed move makes happen, and what the engine then does by itself."""

from __future__ import annotations

from dataclasses import dataclass

from core.cards import Card
from core.events import Event


@dataclass(slots=True)
class Played(Event):
    player: str
    card: Card
    stack: int
    pile: int
    on: Card

    def __str__(self) -> str:
        return f"{self.player} plays {self.card.pretty} from stack {self.stack} onto pile {self.pile}"


@dataclass(slots=True)
class Flipped(Event):
    player: str
    stack: int
    card: Card

    def __str__(self) -> str:
        return f"{self.player} turns up {self.card.pretty} on stack {self.stack}"


@dataclass(slots=True)
class Filled(Event):
    player: str
    stack: int
    card: Card

    def __str__(self) -> str:
        return f"{self.player} fills stack {self.stack} with {self.card.pretty} from the reserve"


@dataclass(slots=True)
class NewPile(Event):
    player: str
    pile: int
    card: Card

    def __str__(self) -> str:
        return f"{self.player} starts pile {self.pile} with {self.card.pretty}"


@dataclass(slots=True)
class Stalled(Event):
    """Nobody can play and no stack top is face down; `callers` may call `new`."""

    callers: tuple[str, ...]

    def __str__(self) -> str:
        if not self.callers:
            return "stalemate"
        return f"stalemate: {' or '.join(self.callers)} may start a new pile"


@dataclass(slots=True)
class Recycled(Event):
    """Both reserves were empty: the centre cards under the tops became the reserves."""

    cards: int
    reserves: tuple[int, int]

    def __str__(self) -> str:
        a, b = self.reserves
        return (
            f"stalemate with both reserves empty: {self.cards} centre cards are shuffled"
            f" into the reserves ({a} and {b})"
        )


@dataclass(slots=True)
class DealEnded(Event):
    """`winner` is None for a drawn deal; `stuck` when nothing was left to recycle."""

    deal: int
    winner: str | None
    stack_cards: tuple[int, int]
    stuck: bool

    def __str__(self) -> str:
        left = f"{self.stack_cards[0]} to {self.stack_cards[1]} cards left in stacks"
        if self.winner is None:
            return f"deal {self.deal}: nothing left to recycle, a draw ({left})"
        if self.stuck:
            return f"deal {self.deal}: nothing left to recycle, {self.winner} wins with fewer cards ({left})"
        return f"deal {self.deal}: {self.winner} has emptied every stack and wins"


@dataclass(slots=True)
class DealScored(Event):
    """Points variant: each player scored the cards left in the opponent's reserve."""

    deal: int
    gained: tuple[int, int]
    points: tuple[int, int]
    players: tuple[str, str]

    def __str__(self) -> str:
        (a, b), (ga, gb), (pa, pb) = self.players, self.gained, self.points
        return f"deal {self.deal}: {a} scores {ga}, {b} scores {gb} (match {pa}–{pb})"


@dataclass(slots=True)
class DealStarted(Event):
    deal: int

    def __str__(self) -> str:
        return f"deal {self.deal} is dealt"


@dataclass(slots=True)
class MatchEnded(Event):
    winner: str | None
    points: tuple[int, int]

    def __str__(self) -> str:
        a, b = self.points
        if self.winner is None:
            return f"the match is a draw, {a}–{b}"
        return f"{self.winner} wins the match, {a}–{b}"
