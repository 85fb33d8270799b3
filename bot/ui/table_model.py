"""A table as its cards lie, for a page that draws them as elements (adapters/web): the seats, every
place a card lies or may go (each with an id the page uses as it is), and the viewer's legal moves,
each with the place(s) it goes from and to and the token its press sends. Each game builds its own
(`GameInfo.model`, bot/ui/<game>_model.py); the page decides no legality: it lights what is here.

Cards are their canonical codes ("7C", "10H", "JK"). A place of the viewer's own seat has a plain id
("s1", "hand"), another seat's the same id after its seat number ("1.s1"), the centre's its own
("p1", "pile", "f3"). A view for a spectator (seat None) holds no hand and no move.

An open model (`open`, after the game: a replay, bot/replay.py) shows every card: each place's
`cards` are all of them, bottom first, of which the bottom `down` lay face down in play; it has no
move.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any

from bot.tables import Table
from bot.ui.buttons import token
from bot.ui.picture import COURT


@dataclass(frozen=True, slots=True)
class Place:
    """Where cards lie: `count` cards, of which `cards` are shown face up, bottom first (the last is
    the top; a hand's are all of it) and `down` lie face down. `seat` None: the centre, everyone's."""

    id: str
    kind: str  # what the page draws: "stack", "pile", "reserve", "hand", "demon", "work", "waste", "stock"…
    seat: int | None
    cards: tuple[str, ...] = ()
    count: int = 0
    down: int = 0
    spread: bool = False  # all its face-up cards shown (a hand, a work pile), else the top one
    colour: str | None = None  # the colour it takes next, where a rule says (Speed's colours: "red", "black")


@dataclass(frozen=True, slots=True)
class SeatModel:
    seat: int
    name: str  # as in a picture: no isolation marks (the page isolates it)
    cards: int  # cards it still has to get rid of (the count a race is about)
    turn: bool = False  # it is to act (Svolota's turn); real-time games: False
    passed: bool = False
    score: int | None = None
    deadline: float | None = None  # when its turn timer fires (UNIX time), if one runs


@dataclass(frozen=True, slots=True)
class MoveModel:
    """A legal move of the viewer: select `cards` (or the place `source`, for a card it hides), then
    tap `target`; neither: tap `target` alone (turn up a stack, pass). `label`: the move's button."""

    move: str  # as the game writes it ("play 1 2")
    token: str  # what the page sends (bot/tokens.py): judged by the service as any press
    target: str
    cards: tuple[str, ...] = ()
    source: str | None = None
    label: str = ""


@dataclass(frozen=True, slots=True)
class TableModel:
    game: str
    seat: int | None  # the viewer's, None: a spectator
    seats: tuple[SeatModel, ...]
    places: tuple[Place, ...]
    moves: tuple[MoveModel, ...] = ()
    court: str = COURT  # how the chat writes J, Q, K and A (Translator.court)
    up: bool | None = None  # Svolota: the pile goes up (None: no direction)
    open: bool = False  # every card shown (after the game), no move

    def json(self) -> dict[str, Any]:
        """`dataclasses.asdict(self)`, the same dict, made field by field: asdict copies every value
        through its generic walk, which took 80 % of a long replay's answer (bench.pages)."""
        data = _fields(self)
        data["seats"] = tuple(map(_fields, self.seats))
        data["places"] = tuple(map(_fields, self.places))
        data["moves"] = tuple(map(_fields, self.moves))
        return data


def _fields(model: Any) -> dict[str, Any]:
    """A model's fields as a dict (their values are immutable: strings, numbers, tuples of strings)."""
    return {name: getattr(model, name) for name in _NAMES[type(model)]}


_NAMES = {cls: tuple(f.name for f in fields(cls)) for cls in (Place, SeatModel, MoveModel, TableModel)}


# Where a legal move goes on the table: (cards selected, source place, target place) per way to make
# it (a card that fits two foundations has two); [] leaves it to the moves drawer alone.
Spots = Callable[[str], list[tuple[tuple[str, ...], "str | None", str]]]
Label = Callable[[str], str]


def legal_moves(table: Table, moves: Iterable[str], spots: Spots, label: Label) -> tuple[MoveModel, ...]:
    """Each legal move (the game's own list) at each of its spots, with its token and button."""
    out: list[MoveModel] = []
    for move in moves:
        press, words = token(table, "move", move), label(move)
        out.extend(MoveModel(move, press, target, cards, source, words) for cards, source, target in spots(move))
    return tuple(out)


def owned(place_id: str, seat: int, viewer: int | None) -> str:
    """A place's id: plain for the viewer's own, after the seat number for anyone else's."""
    return place_id if seat == viewer else f"{seat}.{place_id}"
