"""The Svolota position: hands, reserve, the open pile, whose turn and who passed."""

from __future__ import annotations

from bisect import insort
from dataclasses import dataclass, field
from typing import Any

from core.cards import Card, parse_card


def card_key(card: Card) -> tuple[int, int]:
    return card.key


@dataclass(slots=True)
class SvolotaState:
    hands: list[list[Card]]  # each kept sorted by card key (low to high, jokers last)
    reserve: list[Card]  # top first; the face-up card is drawn after all of these
    face_up: Card | None
    turn: int
    plays: list[tuple[Card, ...]] = field(default_factory=list)  # the open pile, oldest play first
    up: bool = True
    last_player: int | None = None  # who made the last play on the open pile
    passed: set[int] = field(default_factory=set)  # who passed since that play
    discarded: list[Card] = field(default_factory=list)  # closed piles, face down
    winner: int | None = None

    @property
    def top(self) -> Card | None:
        return self.plays[-1][-1] if self.plays else None

    @property
    def last_play(self) -> tuple[Card, ...] | None:
        return self.plays[-1] if self.plays else None

    def draw(self, seat: int, n: int) -> int:
        """Draw up to n cards for seat: the reserve top first, the face-up card last."""
        hand, drawn = self.hands[seat], 0
        while drawn < n:
            if self.reserve:
                insort(hand, self.reserve.pop(0), key=card_key)
            elif self.face_up is not None:
                insort(hand, self.face_up, key=card_key)
                self.face_up = None
            else:
                break
            drawn += 1
        return drawn

    def close_pile(self) -> None:
        for play in self.plays:
            self.discarded.extend(play)
        self.plays.clear()
        self.up = True
        self.last_player = None
        self.passed.clear()

    def to_dict(self) -> dict[str, Any]:
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
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> SvolotaState:
        def cards(texts: list[str]) -> list[Card]:
            return [parse_card(t) for t in texts]

        return cls(
            hands=[sorted(cards(h), key=card_key) for h in d["hands"]],
            reserve=cards(d["reserve"]),
            face_up=None if d["face_up"] is None else parse_card(d["face_up"]),
            turn=int(d["turn"]),
            plays=[tuple(cards(p)) for p in d["plays"]],
            up=bool(d["up"]),
            last_player=d["last_player"],
            passed=set(d["passed"]),
            discarded=cards(d["discarded"]),
            winner=d["winner"],
        )
