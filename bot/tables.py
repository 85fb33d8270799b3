"""A table: one game in one chat, from lobby to result, as plain data the store can keep."""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from enum import StrEnum
from typing import Any

from bot.deadlines import Deadline
from bot.people import ChatRef, PersonRef

RECENT_KEPT = 8


_ATOMS = frozenset({str, int, float, bool, type(None)})
_FIELDS: dict[type, tuple[str, ...] | None] = {}


def _field_names(cls: type) -> tuple[str, ...] | None:
    """A dataclass's field names; None for any other type (looked up once per type)."""
    if cls not in _FIELDS:
        _FIELDS[cls] = tuple(f.name for f in fields(cls)) if is_dataclass(cls) else None
    return _FIELDS[cls]


def plain(value: Any) -> Any:
    """Dataclasses (nested, in lists) as dicts, for JSON and the store. `dataclasses.asdict` does the
    same but deep-copies every value on the way, and this runs on every save: so types are looked
    up, not tested one by one."""
    kind = type(value)
    if kind in _ATOMS:
        return value
    if kind is list:
        return [plain(v) for v in value]
    if kind is dict:
        return {k: plain(v) for k, v in value.items()}
    names = _field_names(kind)
    if names is None:
        return value
    return {name: plain(getattr(value, name)) for name in names}


class Status(StrEnum):
    LOBBY = "lobby"
    CHALLENGE = "challenge"
    PLAYING = "playing"
    FINISHED = "finished"
    CANCELLED = "cancelled"
    EXPIRED = "expired"

    @property
    def open(self) -> bool:
        """Still taking part in the chat: not finished, cancelled or expired."""
        return self in (Status.LOBBY, Status.CHALLENGE, Status.PLAYING)


@dataclass(slots=True)
class Seat:
    name: str
    person: PersonRef | None = None  # None: a computer player
    level: str = "normal"  # the computer's level, also when standing in for the person
    stand_in: bool = False  # a computer plays for the person until they act again
    missed: int = 0  # turns missed in a row (Svolota turn timer)
    last_active: float = 0.0  # when the person last acted (real-time idle check)
    lang: str | None = None
    forgotten: bool = False  # a person who asked to be forgotten (bot/forgotten.py): no person, no name
    # who left this seat (or was removed from it) during the game, a computer playing it on: the
    # seat keeps their name, and /forget finds it by them
    left: PersonRef | None = None

    @property
    def computer(self) -> bool:
        return self.person is None or self.stand_in


@dataclass(slots=True)
class Invite:
    person: PersonRef
    name: str
    accepted: bool | None = None  # None: not answered yet


@dataclass(slots=True)
class LoggedMove:
    seat: int
    move: str
    at: float
    by: str = "person"  # person | timer | computer | window
    notes: tuple[str, ...] = ()  # what the move made happen, for the screens (bot/happened.py)


@dataclass(slots=True)
class Vote:
    """A vote to remove a seated person (bot/kicks.py): who started it, who said yes and no (their
    seats), until when it runs."""

    target: int  # the seat
    by: int
    due: float
    yes: list[int] = field(default_factory=list)
    no: list[int] = field(default_factory=list)
    number: int = 1  # the table's votes so far: a button of an earlier vote is stale


@dataclass(slots=True)
class Notice:
    """What the board says about the latest vote or removal, for a while (bot/kicks.py)."""

    kind: str  # "removed" (by the creator or an admin), "voted_out", "kept" (a vote that failed)
    name: str
    at: float


@dataclass(slots=True)
class Award:
    """An achievement earned at this table (bot/achievements.py), for its recap."""

    seat: int
    achievement: str


@dataclass(slots=True)
class Table:
    id: int
    chat: ChatRef
    game: str
    creator: PersonRef
    status: Status = Status.LOBBY
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[Seat] = field(default_factory=list)
    version: int = 0
    state: str | None = None  # the game's to_json() from the start on
    moves: int = 0  # moves logged so far (the store keeps the whole log)
    recent: list[LoggedMove] = field(default_factory=list)  # the last few, for the screens
    invites: list[Invite] = field(default_factory=list)
    fill_with_computers: bool = False
    created_at: float = 0.0
    updated_at: float = 0.0
    deadlines: list[Deadline] = field(default_factory=list)
    shown: int = 0  # real time: moves of the log shown on the public board so far
    summary_from: int = 0  # real time: the last window's moves are log[summary_from:shown]
    stalemate_windows: int = 0  # real time: windows a stalemate has lasted
    rematch_of: int | None = None
    rematch: int | None = None  # the table that replayed this one
    seed: int | None = None
    result: list[int] | None = None  # final scores by seat
    changes: list[int | None] | None = None  # rating changes by seat in the chat, as shown (None: not rated)
    stopped: str | None = None  # set aside after repeated errors (why, for the operator): nothing fires or plays
    started_at: float = 0.0  # when the game was dealt (0: before this was kept)
    level: str = "normal"  # the level of the computers the lobby adds (and of those seated there)
    rules_open: bool = False  # the lobby's board shows its house rules, with a button each
    kicked: list[PersonRef] = field(default_factory=list)  # removed from this table: may not join again
    vote: Vote | None = None  # a vote to remove someone, while it runs
    votes: int = 0  # votes started at this table
    notice: Notice | None = None  # the latest removal or vote, for the board (bot/kicks.py)
    moments: list[LoggedMove] = field(default_factory=list)  # a finished game's key moves, for its recap
    earned: list[Award] = field(default_factory=list)  # achievements earned by this game, for its recap
    tournament: int | None = None  # the tournament this table is a match of (bot/tournaments.py)
    unsaved: list[LoggedMove] = field(default_factory=list)  # logged since loading: the store appends them

    def seat_of(self, person: PersonRef) -> int | None:
        for i, seat in enumerate(self.seats):
            if seat.person == person:
                return i
        return None

    def log_move(self, move: LoggedMove) -> None:
        self.moves += 1
        self.recent = [*self.recent[1 - RECENT_KEPT :], move]
        self.unsaved.append(move)

    def bump(self, now: float) -> None:
        """Every change: a new version (old buttons become stale) and fresh activity."""
        self.version += 1
        self.updated_at = now

    def arm(self, deadline: Deadline) -> None:
        """Set a deadline, replacing any of the same kind (and seat)."""
        self.deadlines = [d for d in self.deadlines if (d.kind, d.seat) != (deadline.kind, deadline.seat)]
        self.deadlines.append(deadline)

    def disarm(self, *kinds: str) -> None:
        self.deadlines = [d for d in self.deadlines if d.kind not in kinds]

    def to_dict(self) -> dict[str, Any]:
        """The table as plain data (every field but `unsaved`). Written out by hand:
        it runs on every save, and a generic walk over the dataclasses cost several times as much."""
        chat, creator = self.chat, self.creator
        return {
            "id": self.id,
            "chat": {"platform": chat.platform, "chat_id": chat.chat_id, "thread_id": chat.thread_id},
            "game": self.game,
            "creator": {"platform": creator.platform, "user_id": creator.user_id},
            "status": self.status.value,
            "options": dict(self.options),
            "seats": [
                {
                    "name": s.name,
                    "person": None
                    if s.person is None
                    else {"platform": s.person.platform, "user_id": s.person.user_id},
                    "level": s.level,
                    "stand_in": s.stand_in,
                    "missed": s.missed,
                    "last_active": s.last_active,
                    "lang": s.lang,
                    "forgotten": s.forgotten,
                    "left": None if s.left is None else {"platform": s.left.platform, "user_id": s.left.user_id},
                }
                for s in self.seats
            ],
            "version": self.version,
            "state": self.state,
            "moves": self.moves,
            "recent": [
                {"seat": m.seat, "move": m.move, "at": m.at, "by": m.by, "notes": list(m.notes)} for m in self.recent
            ],
            "invites": [
                {
                    "person": {"platform": i.person.platform, "user_id": i.person.user_id},
                    "name": i.name,
                    "accepted": i.accepted,
                }
                for i in self.invites
            ],
            "fill_with_computers": self.fill_with_computers,
            "created_at": self.created_at,
            "updated_at": self.updated_at,
            "deadlines": [
                {"table_id": d.table_id, "kind": d.kind, "due": d.due, "version": d.version, "seat": d.seat}
                for d in self.deadlines
            ],
            "shown": self.shown,
            "summary_from": self.summary_from,
            "stalemate_windows": self.stalemate_windows,
            "rematch_of": self.rematch_of,
            "rematch": self.rematch,
            "seed": self.seed,
            "result": None if self.result is None else list(self.result),
            "changes": None if self.changes is None else list(self.changes),
            "stopped": self.stopped,
            "started_at": self.started_at,
            "level": self.level,
            "rules_open": self.rules_open,
            "kicked": [{"platform": p.platform, "user_id": p.user_id} for p in self.kicked],
            "vote": None
            if self.vote is None
            else {
                "target": self.vote.target,
                "by": self.vote.by,
                "due": self.vote.due,
                "yes": list(self.vote.yes),
                "no": list(self.vote.no),
                "number": self.vote.number,
            },
            "votes": self.votes,
            "notice": None
            if self.notice is None
            else {"kind": self.notice.kind, "name": self.notice.name, "at": self.notice.at},
            "moments": [
                {"seat": m.seat, "move": m.move, "at": m.at, "by": m.by, "notes": list(m.notes)} for m in self.moments
            ],
            "earned": [{"seat": a.seat, "achievement": a.achievement} for a in self.earned],
            "tournament": self.tournament,
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> Table:
        def person(p: dict[str, Any] | None) -> PersonRef | None:
            return None if p is None else PersonRef(**p)

        return cls(
            **{
                **d,
                "chat": ChatRef(**d["chat"]),
                "creator": PersonRef(**d["creator"]),
                "status": Status(d["status"]),
                "seats": [
                    Seat(**{**s, "person": person(s["person"]), "left": person(s.get("left"))}) for s in d["seats"]
                ],
                "recent": [LoggedMove(**{**m, "notes": tuple(m.get("notes", ()))}) for m in d["recent"]],
                "invites": [Invite(**{**i, "person": PersonRef(**i["person"])}) for i in d["invites"]],
                "deadlines": [Deadline(**x) for x in d["deadlines"]],
                "options": dict(d["options"]),
                "kicked": [PersonRef(**p) for p in d.get("kicked", ())],
                "vote": None if d.get("vote") is None else Vote(**d["vote"]),
                "notice": None if d.get("notice") is None else Notice(**d["notice"]),
                "moments": [LoggedMove(**{**m, "notes": tuple(m.get("notes", ()))}) for m in d.get("moments", ())],
                "earned": [Award(**a) for a in d.get("earned", ())],
            }
        )
