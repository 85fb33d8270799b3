"""What a deadline does when it comes due. Each is judged against the table as it is now: a
deadline armed for an older version, or for a turn that has passed, does nothing."""

from __future__ import annotations

from typing import Any

from bot.deadlines import Deadline, Kind
from bot.games import game_info
from bot.running import apply, arm_next, arm_real_time, computer_rng, game_of
from bot.settings import ChatSettings, ServiceConfig
from bot.tables import Status, Table
from core import Game


def fire(table: Table, deadline: Deadline, now: float, chat: ChatSettings, config: ServiceConfig) -> bool:
    """Act on a due deadline (already removed from the table); True if the screens need redrawing."""
    if deadline.stale(table.version):
        return False
    match deadline.kind:
        case Kind.LOBBY_EXPIRY | Kind.CHALLENGE_EXPIRY:
            return expire(table, now)
        case Kind.TURN:
            return turn_timeout(table, deadline, now, chat, config)
        case Kind.COMPUTER:
            return computer_move(table, deadline, now, chat, config)
        case Kind.WINDOW:
            return close_window(table, now, config)
    return False


def expire(table: Table, now: float) -> bool:
    if table.status not in (Status.LOBBY, Status.CHALLENGE):
        return False
    table.status = Status.EXPIRED
    table.deadlines = []
    table.bump(now)
    return True


def turn_timeout(table: Table, deadline: Deadline, now: float, chat: ChatSettings, config: ServiceConfig) -> bool:
    """The person to act ran out of time: the SPEC's default move for them; after too many in a
    row a computer stands in until they act again."""
    game = game_of(table)
    seat = deadline.seat
    if table.status is not Status.PLAYING or seat is None or getattr(game, "turn", None) != seat:
        return False
    move = game.default_move(str(seat))  # type: ignore[attr-defined]
    if move is None:
        return False
    apply(table, game, seat, move, now, "timer")
    table.seats[seat].missed += 1
    if table.seats[seat].missed >= config.missed_turns:
        table.seats[seat].stand_in = True
    arm_next(table, game, now, chat, config)
    return True


def computer_move(table: Table, deadline: Deadline, now: float, chat: ChatSettings, config: ServiceConfig) -> bool:
    seat = deadline.seat
    if table.status is not Status.PLAYING or seat is None or not table.seats[seat].computer:
        return False
    game = game_of(table)
    real_time = game_info(table.game).real_time
    if not real_time and getattr(game, "turn", None) != seat:
        return False
    move = choose(table, game, seat)
    if move is not None:  # chosen from the position as it is now, under the table's lock: legal
        apply(table, game, seat, game.format_move(move), now, "computer")
    if real_time:
        if table.status is Status.PLAYING:  # (not if that move ended the game)
            arm_real_time(table, now, config)
        return False  # the window redraws
    arm_next(table, game, now, chat, config)
    return move is not None


def choose(table: Table, game: Game[Any, Any], seat: int) -> Any:
    level = game_info(table.game).levels[table.seats[seat].level]
    return level.policy.choose(game.view(seat), game.legal_moves(seat), computer_rng(table, seat))


def close_window(table: Table, now: float, config: ServiceConfig) -> bool:
    """Real time: the window closes. Redraw if anything happened; call `new` for a stalemate that
    outlasted its offer; give idle people a stand-in; open the next window."""
    if table.status is not Status.PLAYING:
        return False
    game = game_of(table)
    changed = table.moves > table.shown
    if getattr(game, "stalemate", False):
        table.stalemate_windows += 1
        changed = changed or table.stalemate_windows == 1  # show the offer
        callers: tuple[int, ...] = getattr(game, "new_callers", ())
        if table.stalemate_windows > config.stalemate_windows and callers:
            apply(table, game, callers[0], "new", now, "window")
            table.stalemate_windows = 0
            changed = True
    else:
        table.stalemate_windows = 0
    for seat in table.seats:
        if seat.person is not None and not seat.stand_in and now - seat.last_active > config.idle_seconds:
            seat.stand_in = True
            changed = True
    if changed:
        table.bump(now)
    table.summary_from, table.shown = table.shown, table.moves
    if table.status is Status.PLAYING:
        arm_real_time(table, now, config)
    return changed
