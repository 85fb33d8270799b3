"""War, for two, in turns: a small fourth game that exists to prove a new game is cheap.

Each player is dealt 8 cards face down (16 cards: the four suits of 10 to King, shuffled). Seat 0
flips first, then the other: the higher rank wins the round and scores a point (equal ranks: no
one). The cards of a round are put aside, and the winner of a round flips first in the next (after
a tie, seat 0 again). After 8 rounds the player with more points wins; equal points are a draw.
Scores are points (higher wins). A move is `flip`; a player's turn timer flips for them."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from core.cards import Card, parse_card
from core.decks import parse_deck
from core.errors import BadNotation, IllegalMove, NotYourTurn
from core.events import Event
from core.game import Game

DECK = tuple(parse_card(f"{rank}{suit}") for suit in "SCHD" for rank in ("10", "J", "Q", "K"))
HAND = 8
FLIP = "flip"


@dataclass(slots=True)
class Flipped(Event):
    player: str
    card: Card

    def __str__(self) -> str:
        return f"{self.player} flips {self.card}"


@dataclass(slots=True)
class RoundWon(Event):
    player: str | None  # None: equal ranks, nobody

    def __str__(self) -> str:
        return f"{self.player} wins the round" if self.player else "nobody wins the round"


@dataclass(frozen=True, slots=True)
class WarView:
    """What a seat sees: cards left in each hand, the cards flipped this round, the points, whose
    turn it is."""

    seat: int
    left: tuple[int, int]
    flipped: tuple[Card | None, Card | None]
    points: tuple[int, int]
    turn: int | None


class War(Game[str, WarView]):
    id = "war"
    min_players = 2
    max_players = 2

    def deal(self, deck: Any) -> None:
        cards = list(self.rng.shuffled(DECK)) if deck is None else parse_deck(deck, DECK)
        self.hands: list[list[Card]] = [cards[0::2], cards[1::2]]  # top first, dealt one at a time
        self.flipped: list[Card | None] = [None, None]
        self.points = [0, 0]
        self.leader = 0

    @property
    def turn(self) -> int | None:
        """Whose flip it is (None once the game is over)."""
        if self.over:
            return None
        if self.flipped[self.leader] is None:
            return self.leader
        return 1 - self.leader

    def legal_moves(self, seat: int) -> list[str]:
        return [FLIP] if seat == self.turn else []

    def verify(self, seat: int, move: str) -> None:
        if move != FLIP:
            raise IllegalMove("{move} is not a move of War", move=move)
        if seat != self.turn:
            raise NotYourTurn("it is not your turn")

    def default_move(self, player: str) -> str | None:
        """What the turn timer plays for a person who ran out of time."""
        return FLIP if self.seat(player) == self.turn else None

    def _apply(self, seat: int, move: str) -> list[Event]:
        card = self.hands[seat].pop(0)
        self.flipped[seat] = card
        events: list[Event] = [Flipped(self.players[seat], card)]
        first, second = self.flipped
        if first is None or second is None:
            return events
        winner = None if first.rank == second.rank else (0 if first.rank > second.rank else 1)
        if winner is not None:
            self.points[winner] += 1
            self.leader = winner
        else:
            self.leader = 0
        self.flipped = [None, None]
        events.append(RoundWon(None if winner is None else self.players[winner]))
        return events

    def view(self, seat: int) -> WarView:
        left = (len(self.hands[0]), len(self.hands[1]))
        return WarView(seat, left, (self.flipped[0], self.flipped[1]), (self.points[0], self.points[1]), self.turn)

    @property
    def over(self) -> bool:
        return not self.hands[0] and not self.hands[1]

    @property
    def winner_seat(self) -> int | None:
        if not self.over or self.points[0] == self.points[1]:
            return None
        return 0 if self.points[0] > self.points[1] else 1

    def seat_scores(self) -> list[int]:
        return list(self.points)

    def parse_move(self, text: str) -> str:
        word = text.strip().lower()
        if word != FLIP:
            raise BadNotation("{text} is not a move: the only move is flip", text=text[:30])
        return FLIP

    def format_move(self, move: str) -> str:
        return move

    def state_dict(self) -> dict[str, Any]:
        return {
            "hands": [[c.text for c in hand] for hand in self.hands],
            "flipped": [None if c is None else c.text for c in self.flipped],
            "points": list(self.points),
            "leader": self.leader,
        }

    def load_state(self, data: dict[str, Any]) -> None:
        self.hands = [[parse_card(c) for c in hand] for hand in data["hands"]]
        self.flipped = [None if c is None else parse_card(c) for c in data["flipped"]]
        self.points = [int(p) for p in data["points"]]
        self.leader = int(data["leader"])
