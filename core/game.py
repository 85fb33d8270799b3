"""The base of every game: the text contract of SPEC §2 on top of a typed native API.

A game writes only what is legal and what happens (`legal_moves`, `verify`, `_apply`), how its
moves are written (`parse_move`, `format_move`), how it deals, and how its state serialises. The
checks every game would otherwise repeat (who is playing, game over, text that is too long, the
player ids and options) live here, once.
"""

from __future__ import annotations

import json
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, Generic, Self, TypeVar

from core.errors import BadNotation, GameOver, IllegalMove
from core.events import Event
from core.options import Option, resolve_options
from core.rng import Rng

M = TypeVar("M")
V = TypeVar("V")

JSON_FORMAT = 1
MAX_MOVE_TEXT = 200


class Game(ABC, Generic[M, V]):
    """One play-through of a game. Seats are indices into `players` (clockwise order)."""

    id: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    declared_options: ClassVar[tuple[Option, ...]] = ()

    players: tuple[str, ...]
    options: dict[str, bool | int]
    rng: Rng

    def __init__(self, players: tuple[str, ...], options: dict[str, bool | int], rng: Rng) -> None:
        self.players = players
        self.options = options
        self.rng = rng
        self._seats = {p: i for i, p in enumerate(players)}

    # ----- creating -------------------------------------------------------------------------

    @classmethod
    def new(
        cls,
        players: Sequence[str],
        *,
        seed: int | None = None,
        deck: Any = None,
        options: Mapping[str, Any] | None = None,
    ) -> Self:
        names = cls.check_players(players)
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int)):
            raise ValueError(f"seed must be a whole number, not {seed!r}")
        game = cls(names, resolve_options(cls.declared_options, options), Rng.fresh(seed))
        game.deal(deck)
        return game

    @classmethod
    def check_players(cls, players: Sequence[str]) -> tuple[str, ...]:
        if isinstance(players, str) or not isinstance(players, Sequence):
            raise ValueError(f"players must be a list of player ids, not {players!r}")
        names = tuple(players)
        if any(not isinstance(p, str) or not p.strip() for p in names):
            raise ValueError("every player id must be a non-empty string")
        if len(set(names)) != len(names):
            raise ValueError(f"player ids must be different: {list(names)}")
        if not cls.min_players <= len(names) <= cls.max_players:
            raise ValueError(
                f"{cls.id} is for {cls.min_players}–{cls.max_players} players, not {len(names)}"
            )
        return names

    @abstractmethod
    def deal(self, deck: Any) -> None:
        """Lay out the start position: from `deck` (fixed, checked: ValueError) or shuffled by rng."""

    # ----- the native API -------------------------------------------------------------------

    @abstractmethod
    def legal_moves(self, seat: int) -> list[M]:
        """Every move `seat` may make now, each once, in a stable order; [] if they may not act."""

    @abstractmethod
    def verify(self, seat: int, move: M) -> None:
        """Raise IllegalMove saying why `seat` may not make `move` now; return if they may."""

    @abstractmethod
    def _apply(self, seat: int, move: M) -> list[Event]:
        """Make a verified move."""

    def apply(self, seat: int, move: M) -> list[Event]:
        """Make `move` for `seat`, or raise IllegalMove and change nothing."""
        if self.over:
            raise GameOver("the game is over")
        self.verify(seat, move)
        return self._apply(seat, move)

    def can(self, seat: int, move: M) -> bool:
        try:
            self.verify(seat, move)
        except IllegalMove:
            return False
        return not self.over

    @abstractmethod
    def view(self, seat: int) -> V:
        """What `seat` may see, and nothing else."""

    @property
    @abstractmethod
    def over(self) -> bool: ...

    @property
    @abstractmethod
    def winner_seat(self) -> int | None: ...

    @abstractmethod
    def seat_scores(self) -> list[int]: ...

    # ----- notation -------------------------------------------------------------------------

    @abstractmethod
    def parse_move(self, text: str) -> M:
        """A move from forgiving text; BadNotation (saying what was expected) if it is not one."""

    @abstractmethod
    def format_move(self, move: M) -> str:
        """The canonical notation of a move."""

    # ----- the text contract (SPEC §2) ------------------------------------------------------

    def seat(self, player: str) -> int:
        try:
            return self._seats[player]
        except (KeyError, TypeError):
            raise ValueError(f"{player!r} is not playing in this game") from None

    def moves(self, player: str) -> list[str]:
        seat = self.seat(player)
        if self.over:
            return []
        return [self.format_move(m) for m in self.legal_moves(seat)]

    def play(self, player: str, text: str) -> list[Event]:
        try:
            seat = self.seat(player)
        except ValueError as e:
            raise IllegalMove("{player} is not playing in this game", player=str(player)[:40]) from e
        if not isinstance(text, str):
            raise BadNotation("a move is text, not {kind}", kind=type(text).__name__)
        if len(text) > MAX_MOVE_TEXT:
            raise BadNotation("that is too long to be a move")
        if self.over:
            raise GameOver("the game is over")
        return self.apply(seat, self.parse_move(text))

    @property
    def winner(self) -> str | None:
        seat = self.winner_seat
        return None if seat is None else self.players[seat]

    @property
    def scores(self) -> dict[str, int]:
        return dict(zip(self.players, self.seat_scores(), strict=True))

    # ----- serialisation --------------------------------------------------------------------

    @abstractmethod
    def state_dict(self) -> dict[str, Any]:
        """The position as plain JSON data (cards as canonical text)."""

    @abstractmethod
    def load_state(self, data: dict[str, Any]) -> None:
        """Restore what `state_dict` wrote."""

    def to_json(self) -> str:
        return json.dumps(
            {
                "game": self.id,
                "format": JSON_FORMAT,
                "players": list(self.players),
                "options": self.options,
                "rng": self.rng.to_dict(),
                "state": self.state_dict(),
            },
            ensure_ascii=False,
            separators=(",", ":"),
        )

    @classmethod
    def from_json(cls, text: str) -> Self:
        data = json.loads(text)
        if not isinstance(data, dict) or data.get("game") != cls.id:
            raise ValueError(f"this is a {data.get('game')!r} game, not {cls.id!r}")
        if data.get("format") != JSON_FORMAT:
            raise ValueError(f"unknown saved-game format {data.get('format')!r}")
        try:
            names = cls.check_players(data["players"])
            options = resolve_options(cls.declared_options, data["options"])
            game = cls(names, options, Rng.from_dict(data["rng"]))
            game.load_state(data["state"])
        except (KeyError, TypeError, IndexError, IllegalMove) as e:
            raise ValueError(f"broken saved game: {e!r}") from e
        return game

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {list(self.players)} over={self.over}>"
