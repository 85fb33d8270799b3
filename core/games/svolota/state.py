"""The Svolota position: hands, reserve, the open pile, whose turn and who passed.

The state also remembers the legal moves last listed (`listed`: the seat, its hand object and the
moves) until the position changes: a move that is one of those very objects is legal without
working it out again (`rules.was_listed`). Every move forgets them (`rules.apply`), and so does
every method here that changes the position; a hand replaced from outside does not match.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.cards import Card, parse_card
from core.games.svolota.hand import Hand
from core.games.svolota.moves import Move


@dataclass(slots=True)
class SvolotaState:
    hands: list[Hand]
    reserve: list[Card]  # top first; the face-up card is drawn after all of these
    face_up: Card | None
    turn: int
    plays: list[tuple[Card, ...]] = field(default_factory=list)  # the open pile, oldest play first
    up: bool = True
    last_player: int | None = None  # who made the last play on the open pile
    passed: set[int] = field(default_factory=set)  # who passed since that play
    discarded: list[Card] = field(default_factory=list)  # closed piles, face down
    winner: int | None = None
    drawn_face_up: tuple[int, Card] | None = None  # who drew the face-up card: everyone saw it go
    listed: tuple[int, Hand, tuple[Move, ...]] | None = field(default=None, repr=False, compare=False)

    @property
    def top(self) -> Card | None:
        return self.plays[-1][-1] if self.plays else None

    @property
    def last_play(self) -> tuple[Card, ...] | None:
        return self.plays[-1] if self.plays else None

    def draw(self, seat: int, n: int) -> int:
        """Draw up to n cards for seat: the reserve top first, the face-up card last."""
        self.listed = None
        hand, reserve, drawn = self.hands[seat], self.reserve, 0
        if len(reserve) >= n:  # the common case: all from the reserve
            for card in reserve[:n]:
                hand.add(card)
            del reserve[:n]
            return n
        while drawn < n:
            if reserve:
                hand.add(reserve.pop(0))
            elif self.face_up is not None:
                hand.add(self.face_up)
                self.drawn_face_up, self.face_up = (seat, self.face_up), None
            else:
                break
            drawn += 1
        return drawn

    def set_hand(self, seat: int, cards: list[Card]) -> None:
        """Replace seat's hand (for setting up positions)."""
        self.listed = None
        self.hands[seat] = Hand.of(cards)

    def close_pile(self) -> None:
        self.listed = None
        for play in self.plays:
            self.discarded.extend(play)
        self.plays.clear()
        self.up = True
        self.last_player = None
        self.passed.clear()

    def to_dict(self) -> dict[str, Any]:
        drawn = self.drawn_face_up
        return {
            "hands": [[str(c) for c in h] for h in self.hands],
            "reserve": [str(c) for c in self.reserve],
            "face_up": None if self.face_up is None else str(self.face_up),
            "turn": self.turn,
            "plays": [[str(c) for c in p] for p in self.plays],
            "up": self.up,
            "last_player": self.last_player,
            "passed": sorted(self.passed),
            "discarded": [str(c) for c in self.discarded],
            "winner": self.winner,
            "drawn_face_up": None if drawn is None else [drawn[0], str(drawn[1])],
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SvolotaState:
        def cards(texts: list[str]) -> list[Card]:
            return [parse_card(t) for t in texts]

        drawn = d.get("drawn_face_up")  # (saved before it was kept: None)
        return cls(
            hands=[Hand.of(cards(h)) for h in d["hands"]],
            reserve=cards(d["reserve"]),
            face_up=None if d["face_up"] is None else parse_card(d["face_up"]),
            turn=int(d["turn"]),
            plays=[tuple(cards(p)) for p in d["plays"]],
            up=bool(d["up"]),
            last_player=d["last_player"],
            passed=set(d["passed"]),
            discarded=cards(d["discarded"]),
            winner=d["winner"],
            drawn_face_up=None if drawn is None else (int(drawn[0]), parse_card(drawn[1])),
        )
