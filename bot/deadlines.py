"""Deadlines are data: a due time, a kind, and the table version they were armed for.

A deadline bound to a version does nothing if the table has moved on since (a late timer is
harmless); window and computer deadlines of real-time games are not bound, they are re-armed.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Kind(StrEnum):
    LOBBY_EXPIRY = "lobby_expiry"
    CHALLENGE_EXPIRY = "challenge_expiry"
    TURN = "turn"  # Svolota: the person to act ran out of time
    COMPUTER = "computer"  # a computer seat's (or a stand-in's) move is due
    WINDOW = "window"  # real time: the reaction window closes, the board is redrawn
    VOTE = "vote"  # a vote to remove someone runs out (its seat field: the vote's number)


@dataclass(frozen=True, slots=True)
class Deadline:
    table_id: int
    kind: str
    due: float
    version: int | None = None  # None: fires whatever the table's version
    seat: int | None = None

    def stale(self, version: int) -> bool:
        return self.version is not None and self.version != version
