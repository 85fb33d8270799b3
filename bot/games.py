"""What the bot knows of each game beyond its rules (core/): how people name it, how it is played in
a chat (turn by turn, or in real time), how its screens are drawn, what its results mean, and what
the bot tells people about it. Each game declares one `GameInfo` beside its screens
(bot/ui/<game>.py, `GAME`); this module finds them.

The three games that ship are found by their module (`BUILT_IN`, imported on first use, as core's
registry imports their rules). Another game is `register`ed: its rules with core's
`core.registry.register`, its `GameInfo` here (docs/architecture.md, "Adding a game"; the tests'
own fourth game does so, tests/games/war/)."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any, Final, Protocol

from bot.i18n import Translator
from bot.tables import Table
from bot.ui.screen import Screen
from bot.ui.table_model import TableModel
from core import game_class
from core.computer import Level
from core.game import Game

BUILT_IN: Final = {
    "svolota": "bot.ui.svolota",
    "speed": "bot.ui.speed",
    "racing_demon": "bot.ui.demon",
}

# (Each game's functions take its own Game subclass: typed Any here.)
Board = Callable[[Table, Any, Translator, float], Screen]  # the chat's screen of a game being played
Panel = Callable[[Table, Any, int, Translator], Screen]  # a seat's private panel
Alerts = Callable[[Table, Any, Translator, float], list[Screen]]
# a move in a few words, as its button says it to the seat about to make it ("J♥ → Q♦", "Pass")
MoveLabel = Callable[[Any, int, str, Translator], str]


class Model(Protocol):
    """The table as its cards lie, for a seat (None: a spectator), drawn by the live table's page;
    `open`: every card face up and no move (after the game: its replay, bot/replay.py)."""

    def __call__(
        self, table: Table, game: Any, seat: int | None, t: Translator, open: bool = False
    ) -> TableModel | None: ...


def _no_alerts(table: Table, game: Game[Any, Any], t: Translator, now: float) -> list[Screen]:
    return []


def _no_model(
    table: Table, game: Game[Any, Any], seat: int | None, t: Translator, open: bool = False
) -> TableModel | None:
    return None


def _as_written(game: Game[Any, Any], seat: int, move: str, t: Translator) -> str:
    return move


def _nothing_left(table: Table) -> list[Screen]:
    return []


def _fewest_first(options: Mapping[str, Any]) -> bool:
    return False


@dataclass(frozen=True, slots=True)
class GameInfo:
    id: str  # as core knows it (core/registry.py)
    name: str  # its name, marked for translation (N_) and translated where shown
    command: str  # the chat command that opens a lobby: /svolota, /speed, /demon
    board: Board
    panel: Panel
    real_time: bool = False  # everyone plays at once, the board redrawn once per window
    words: tuple[str, ...] = ()  # other names people type for it after a command, in any language
    what: str = ""  # (N_) what it is in a few words: "shed your cards first"
    rules: tuple[str, ...] = ()  # (N_) its rules in a few lines, for /rules and the console
    legend: tuple[str, ...] = ()  # (N_) what its screens write in signs and short forms
    # turn alerts drawn with the board (Svolota's "your turn"), and what closes them at the end
    alerts: Alerts = _no_alerts
    ended: Callable[[Table], list[Screen]] = _nothing_left
    # whether its scores are points (higher first) under these options; else cards left (fewest first)
    higher_wins: Callable[[Mapping[str, Any]], bool] = _fewest_first
    best_higher: bool = False  # a person's best result is their highest score (else their fewest cards)
    # the house rules worth a button in a lobby, each with the values it cycles through (its usual first)
    picks: Mapping[str, tuple[Any, ...]] = field(default_factory=dict)
    # its table as elements for the live table's page (bot/ui/table_model.py); None: its text and pictures only
    model: Model = _no_model
    # a move's button words (a replay's steps say them where the chat's log says nothing)
    label: MoveLabel = _as_written

    @property
    def min_players(self) -> int:
        return game_class(self.id).min_players

    @property
    def max_players(self) -> int:
        return game_class(self.id).max_players

    @property
    def levels(self) -> dict[str, Level[Any, Any]]:
        """Its computers' levels by name: the `LEVELS` of the `computer` module beside its rules."""
        return _levels(self.id)


@cache
def _levels(game_id: str) -> dict[str, Level[Any, Any]]:
    package = game_class(game_id).__module__.rpartition(".")[0]
    levels: dict[str, Level[Any, Any]] = import_module(f"{package}.computer").LEVELS
    return levels


_registered: dict[str, GameInfo] = {}


def register(info: GameInfo) -> None:
    """Make a game known to the bot (its rules must be known to core: `core.registry.register`)."""
    game_class(info.id)  # ValueError for a game core does not know
    _registered[info.id] = info


def unregister(game_id: str) -> None:
    """Forget a game `register`ed (a test's game, once the test is done)."""
    _registered.pop(game_id, None)


def game_info(game_id: str) -> GameInfo:
    """The game's info; ValueError for an unknown game."""
    info = _registered.get(game_id)
    if info is None:
        module = BUILT_IN.get(game_id) if isinstance(game_id, str) else None
        if module is None:
            raise ValueError(f"unknown game {game_id!r} (games: {', '.join(games())})")
        info = import_module(module).GAME
        assert isinstance(info, GameInfo) and info.id == game_id, module
        register(info)
    return info


def games() -> list[str]:
    """Every game the bot knows, the built-in ones first."""
    return [*BUILT_IN, *(game for game in _registered if game not in BUILT_IN)]


def known_game(game_id: str) -> bool:
    return game_id in BUILT_IN or game_id in _registered


def game_named(word: str | None) -> str | None:
    """The game a word names (its id, its command or another of its names, in any case); an unknown
    word is passed on as it is, cut short (the service refuses it)."""
    if word is None:
        return None
    key = word.lower()
    for game in games():
        info = game_info(game)
        if key in (game, info.command, *info.words):
            return game
    return key[:30]
