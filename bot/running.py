"""A table's game while it runs: starting it, applying a move, and arming what comes next
(Svolota's turn timer or a computer's move; real-time windows and computer reactions)."""

from __future__ import annotations

import random
from collections import OrderedDict
from typing import Any

from bot import happened, sight
from bot.deadlines import Deadline, Kind
from bot.games import game_info
from bot.settings import ChatSettings, ServiceConfig
from bot.tables import LoggedMove, Status, Table
from core import Game, load_game, new_game
from core.events import Event


def start(table: Table, now: float, seed: int, chat: ChatSettings, config: ServiceConfig) -> Game[Any, Any]:
    options = {**chat.house_rules.get(table.game, {}), **table.options}
    game = new_game(table.game, players=[str(i) for i in range(len(table.seats))], seed=seed, options=options)
    table.status = Status.PLAYING
    table.seed = seed
    table.started_at = now
    table.state = game.to_json()
    for seat in table.seats:
        seat.last_active = now
    table.disarm(Kind.LOBBY_EXPIRY, Kind.CHALLENGE_EXPIRY)
    table.bump(now)
    arm_next(table, game, now, chat, config)
    return game


class GameCache:
    """The game last seen at each table, kept with the exact saved text it came from: a table
    loaded again with the same state gets the same object back instead of parsing it again. Keyed
    by the text, so a state that changed anywhere else (another process, a failed save) is parsed
    afresh. A game that comes out of here may be changed by `apply` only, which re-keys it.
    The least recently used table goes first when it is full."""

    def __init__(self, size: int = 4096) -> None:
        self.size = size
        self._games: OrderedDict[int, tuple[str, Game[Any, Any]]] = OrderedDict()

    def get(self, table: Table) -> Game[Any, Any]:
        assert table.state is not None, "a table that has started has a game"
        found = self._games.get(table.id)
        if found is not None and found[0] == table.state:
            self._games.move_to_end(table.id)
            return found[1]
        game = load_game(table.state)
        self.put(table, game)
        return game

    def put(self, table: Table, game: Game[Any, Any]) -> None:
        assert table.state is not None
        if len(self._games) >= self.size and table.id not in self._games:
            self._games.popitem(last=False)  # the least recently used
        self._games[table.id] = (table.state, game)
        self._games.move_to_end(table.id)


GAMES = GameCache()


def game_of(table: Table) -> Game[Any, Any]:
    return GAMES.get(table)


def is_live(table: Table) -> bool:
    """A real-time game being played: its board is redrawn by its windows, not by each change."""
    return table.status is Status.PLAYING and game_info(table.game).real_time


def apply(table: Table, game: Game[Any, Any], seat: int, text: str, now: float, by: str) -> list[Event]:
    """Play `text` for `seat` (IllegalMove if it may not), log it, and finish the table if it ended."""
    events = game.play(str(seat), text)
    table.log_move(LoggedMove(seat, game.format_move(game.parse_move(text)), now, by, happened.notes(events)))
    table.state = game.to_json()
    GAMES.put(table, game)
    table.bump(now)
    if game.over:
        finish(table, game)
    return events


def finish(table: Table, game: Game[Any, Any]) -> None:
    table.status = Status.FINISHED
    table.result = game.seat_scores()
    table.deadlines = []


def computer_rng(table: Table, seat: int) -> random.Random:
    """The computer's choices at this table: seeded by the game and how far it has got, so a
    restarted service makes the same choice."""
    return random.Random(f"{table.seed}:{table.moves}:{seat}:{table.version}")


def arm_next(table: Table, game: Game[Any, Any], now: float, chat: ChatSettings, config: ServiceConfig) -> None:
    """After any change: the deadlines the game now needs."""
    if game.over:
        return
    if game_info(table.game).real_time:
        arm_real_time(table, now, config)
    else:
        arm_turn(table, game, now, chat, config)


def arm_turn(table: Table, game: Game[Any, Any], now: float, chat: ChatSettings, config: ServiceConfig) -> None:
    table.disarm(Kind.TURN, Kind.COMPUTER)
    seat = getattr(game, "turn", None)
    if seat is None:
        return
    if table.seats[seat].computer:
        level = game_info(table.game).levels[table.seats[seat].level]
        pause = config.computer_think * level.reaction.sample(computer_rng(table, seat)) / level.reaction.median
        table.arm(Deadline(table.id, Kind.COMPUTER, now + pause, table.version, seat))
    elif chat.turn_seconds is not None:
        table.arm(Deadline(table.id, Kind.TURN, now + chat.turn_seconds, table.version, seat))


def reaction(table: Table, seat: int) -> float:
    """A reaction time of the computer at `seat`, sampled from its level (the same for the same
    table version: a look armed and fired with nothing changed between uses the same time)."""
    level = game_info(table.game).levels[table.seats[seat].level]
    return level.reaction.sample(computer_rng(table, seat))


def arm_real_time(table: Table, now: float, config: ServiceConfig) -> None:
    """The window is always running while the game does; each computer seat has its next look, a
    reaction time after the board was last drawn (bot/sight.py), not after the position arose."""
    if not any(d.kind == Kind.WINDOW for d in table.deadlines):
        table.arm(Deadline(table.id, Kind.WINDOW, now + config.window_seconds))
    drawn = sight.last_drawing(table, config.window_seconds, now)
    for i, seat in enumerate(table.seats):
        armed = any(d.kind == Kind.COMPUTER and d.seat == i for d in table.deadlines)
        if seat.computer and not armed:
            table.arm(Deadline(table.id, Kind.COMPUTER, max(now, drawn + reaction(table, i)), None, i))
        if not seat.computer and armed:
            table.deadlines = [d for d in table.deadlines if not (d.kind == Kind.COMPUTER and d.seat == i)]


def look_again(table: Table, seat: int, now: float, config: ServiceConfig) -> None:
    """After a computer's look: its next one reacts to the next drawing of the board."""
    drawing = sight.next_drawing(table, config.window_seconds, now)
    table.arm(Deadline(table.id, Kind.COMPUTER, drawing + reaction(table, seat), None, seat))
