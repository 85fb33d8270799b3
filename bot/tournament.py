"""A tournament in a chat, as plain data the store can keep (issue #38): its entrants, its rounds
and each round's matches, each match one table. What to pair next and who stands where are pure
functions over it (bot/pairings.py, bot/standings.py); running it through the service is
bot/tournaments.py.

Formats:
- **Swiss** (two seats a match: Speed, Racing Demon for two): a fixed number of rounds; each round
  pairs entrants of equal or near score who have not met; an odd one out gets a **bye** (a win).
- **Elimination** (two seats a match): a bracket seeded by rating; a loser is out; byes in the first
  round when the entrants are not a power of two; the last one in wins.
- **Points** (multiplayer: Svolota 3–6, Racing Demon any number): a fixed number of rounds; each
  round seats the entrants into tables of the game's size by standing; a table's places give points.

An entrant is a person or a computer (when the admin allows computers to fill seats); a person
replaced by a computer keeps their entrant (name, points) and plays on as a computer.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from bot.people import ChatRef, PersonRef
from bot.tables import plain


class Format(StrEnum):
    SWISS = "swiss"
    ELIMINATION = "elimination"
    POINTS = "points"

    @property
    def pairs(self) -> bool:
        """Matches of two seats (Swiss and elimination); points seats tables of the game's size."""
        return self is not Format.POINTS


class Stage(StrEnum):
    SIGNUP = "signup"  # taking entrants until `starts_at`
    RUNNING = "running"  # rounds being played (or paused: `Tournament.paused`)
    FINISHED = "finished"
    CANCELLED = "cancelled"

    @property
    def open(self) -> bool:
        return self in (Stage.SIGNUP, Stage.RUNNING)


class Out(StrEnum):
    """Why an entrant takes no further part; an entrant without one is still in."""

    ELIMINATED = "eliminated"  # lost a match of an elimination bracket
    DISQUALIFIED = "disqualified"  # by an admin: their unfinished match is lost, no later pairing
    LEFT = "left"  # withdrew during sign-up (removed) or while running (no later pairing)


@dataclass(slots=True)
class Entrant:
    name: str
    person: PersonRef | None = None  # None: a computer (from the start, or replacing a person)
    level: str = "normal"  # a computer's level
    rating: float = 0.0  # the person's ordinal in the game at the start (seeding; 0 for a computer)
    out: Out | None = None
    replaced: PersonRef | None = None  # the person a computer replaced: they keep the name, not the seat
    lang: str | None = None
    # a person who asked to be forgotten (bot/forgotten_entrants.py): their place and points stay,
    # with no person, no name; the readers write "a former player"
    forgotten: bool = False

    @property
    def computer(self) -> bool:
        return self.person is None and not self.forgotten


@dataclass(slots=True)
class Match:
    """One table of a round: the entrants seated there, in seat order (indices into
    `Tournament.entrants`). A match of one entrant is a bye: it has no table and counts as a win."""

    entrants: list[int]
    table_id: int | None = None
    # each entrant's points from this match, in `entrants` order, once it is over (None: not yet):
    # Swiss and elimination 1 a win, ½ a draw, 0 a loss; points by place (bot/standings.py)
    points: list[float] | None = None
    places: list[int] | None = None  # 1 is first, ties share; None until over
    decided: str | None = None  # how it ended if not by play: "bye", "time" (round limit), "disqualified"

    @property
    def bye(self) -> bool:
        return len(self.entrants) == 1

    @property
    def over(self) -> bool:
        return self.points is not None


@dataclass(slots=True)
class Round:
    number: int  # 1, 2, ...
    matches: list[Match] = field(default_factory=list)
    started_at: float = 0.0
    due: float = 0.0  # the round's time limit: unfinished matches are decided then (0: none)

    @property
    def over(self) -> bool:
        return all(m.over for m in self.matches)


@dataclass(slots=True)
class Tournament:
    id: int
    chat: ChatRef
    game: str
    format: Format
    creator: PersonRef
    name: str = ""  # "Friday Svolota cup"; "" for the game's name
    options: dict[str, Any] = field(default_factory=dict)  # the game's house rules for every table
    rounds_planned: int = 0  # Swiss and points: the rounds to play; elimination: 0 (the bracket decides)
    table_size: int = 0  # points: players per table wanted (0: the game's most); pairs: 2
    max_entrants: int = 0  # 0: no limit
    computers: bool = False  # computers may fill seats (a bye becomes a game; tables of the right size)
    level: str = "normal"  # the computers' level
    signup_until: float = 0.0  # sign-up closes and the first round opens then
    round_seconds: int = 0  # a round's time limit (0: none)
    stage: Stage = Stage.SIGNUP
    paused: bool = False  # running, but no new round opens and no deadline decides anything
    paused_left: float = 0.0  # while paused: what was left of the round's time
    entrants: list[Entrant] = field(default_factory=list)
    rounds: list[Round] = field(default_factory=list)
    version: int = 0
    created_at: float = 0.0
    updated_at: float = 0.0
    finished_at: float = 0.0

    def entrant_of(self, person: PersonRef) -> int | None:
        for i, e in enumerate(self.entrants):
            if e.person == person or (e.person is None and e.replaced == person):
                return i
        return None

    @property
    def current(self) -> Round | None:
        return self.rounds[-1] if self.rounds else None

    def match_of_table(self, table_id: int) -> tuple[Round, Match] | None:
        for r in self.rounds:
            for m in r.matches:
                if m.table_id == table_id:
                    return r, m
        return None

    @property
    def due(self) -> float | None:
        """When something is next decided by time (bot/tournaments.py): sign-up closes, or the
        round's limit; None while paused, over, or with nothing to wait for."""
        if self.paused or not self.stage.open:
            return None
        if self.stage is Stage.SIGNUP:
            return self.signup_until or None  # (0: sign-up stays open until an admin starts it)
        current = self.current
        return current.due if current is not None and current.due and not current.over else None

    def bump(self, now: float) -> None:
        """Every change: a new version (a copy loaded before it can no longer be saved)."""
        self.version += 1
        self.updated_at = now

    def to_dict(self) -> dict[str, Any]:
        """The tournament as plain data, for the store (JSON)."""
        data: dict[str, Any] = plain(self)
        return data

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Tournament:
        def person(p: dict[str, Any] | None) -> PersonRef | None:
            return None if p is None else PersonRef(**p)

        return cls(
            **{
                **d,
                "chat": ChatRef(**d["chat"]),
                "format": Format(d["format"]),
                "creator": PersonRef(**d["creator"]),
                "stage": Stage(d["stage"]),
                "options": dict(d["options"]),
                "entrants": [
                    Entrant(
                        **{
                            **e,
                            "person": person(e["person"]),
                            "replaced": person(e.get("replaced")),
                            "out": None if e.get("out") is None else Out(e["out"]),
                        }
                    )
                    for e in d["entrants"]
                ],
                "rounds": [Round(**{**r, "matches": [Match(**m) for m in r["matches"]]}) for r in d["rounds"]],
            }
        )


@dataclass(frozen=True, slots=True)
class StandingsRow:
    """One entrant's line in a tournament's standings, best first (bot/standings.py)."""

    entrant: int
    place: int  # 1 is first; entrants equal on points and every tie-break share a place
    name: str
    points: float
    tiebreaks: tuple[float, ...]  # in the order the format breaks ties (TIEBREAKS in bot/standings.py)
    played: int  # matches played (byes included)
    wins: int
    out: Out | None = None
