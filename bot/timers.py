"""What a deadline does when it comes due. Each is judged against the table as it is now: a
deadline armed for an older version, or for a turn that has passed, does nothing."""

from __future__ import annotations

import math
import random
from typing import Any

from bot import sight
from bot.deadlines import Deadline, Kind
from bot.games import game_info
from bot.kicks import expire_vote
from bot.running import apply, arm_next, arm_real_time, computer_rng, game_of, look_again, reaction
from bot.settings import ChatSettings, ServiceConfig
from bot.tables import Status, Table
from core import Game
from core.computer import Policy


def fire(
    table: Table, deadline: Deadline, now: float, chat: ChatSettings, config: ServiceConfig, chosen: Any = None
) -> bool:
    """Act on a due deadline (already removed from the table); True if the screens need redrawing.
    `chosen`: the computer's move for this deadline's `decision`, worked out beforehand."""
    if deadline.stale(table.version):
        return False
    match deadline.kind:
        case Kind.LOBBY_EXPIRY | Kind.CHALLENGE_EXPIRY:
            return expire(table, now)
        case Kind.TURN:
            return turn_timeout(table, deadline, now, chat, config)
        case Kind.COMPUTER:
            return computer_move(table, deadline, now, chat, config, chosen)
        case Kind.WINDOW:
            return close_window(table, now, config)
        case Kind.VOTE:
            return expire_vote(table, deadline, now)
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


def decision(table: Table, deadline: Deadline) -> tuple[Policy[Any, Any], Any, list[Any], random.Random] | None:
    """What a turn-based computer's due deadline is to decide (its policy, view, legal moves and
    random generator), to be worked out before it fires (bot/thinking.py); None if nothing."""
    seat = deadline.seat
    if deadline.kind != Kind.COMPUTER or deadline.stale(table.version) or table.status is not Status.PLAYING:
        return None
    if seat is None or not table.seats[seat].computer or game_info(table.game).real_time:
        return None
    game = game_of(table)
    if getattr(game, "turn", None) != seat:
        return None
    level = game_info(table.game).levels[table.seats[seat].level]
    return level.policy, game.view(seat), game.legal_moves(seat), computer_rng(table, seat)


def computer_move(
    table: Table, deadline: Deadline, now: float, chat: ChatSettings, config: ServiceConfig, chosen: Any = None
) -> bool:
    seat = deadline.seat
    if table.status is not Status.PLAYING or seat is None or not table.seats[seat].computer:
        return False
    game = game_of(table)
    if game_info(table.game).real_time:
        return look(table, game, seat, now, config)
    if getattr(game, "turn", None) != seat:
        return False
    if chosen is not None:  # the `decision` of the position as it is now, under the table's lock: legal
        apply(table, game, seat, game.format_move(chosen), now, "computer")
    arm_next(table, game, now, chat, config)
    return chosen is not None


def look(table: Table, game: Game[Any, Any], seat: int, now: float, config: ServiceConfig) -> bool:
    """Real time: the computer at `seat` looks at the board as it was drawn and makes at most one
    move, resting only on what was drawn at least a reaction time ago (bot/sight.py); its next
    look follows the next drawing. Never redraws: the window does."""
    legal = game.legal_moves(seat)
    shown = sight.seen(table, game, seat, legal, now, config.window_seconds, reaction(table, seat))
    if len(shown) < len(legal):  # something it cannot see yet: no turning the stock over it meanwhile
        shown = [m for m in shown if game.format_move(m) != "turn"]
    level = game_info(table.game).levels[table.seats[seat].level]
    move = level.policy.choose(game.view(seat), shown, computer_rng(table, seat)) if shown else None
    if move is not None:  # chosen from the position as it is now, under the table's lock: legal
        apply(table, game, seat, game.format_move(move), now, "computer")
    if table.status is Status.PLAYING:  # (not if that move ended the game)
        look_again(table, seat, now, config)
    return False


STALEMATE_OFFER_WINDOWS = 2  # Speed: a stalemate's "New pile" stays offered at least this many windows ...
STALEMATE_OFFER_SECONDS = 3.0  # ... and at least this long, so that people can press it


def stalemate_offer(config: ServiceConfig) -> int:
    """The windows a stalemate is offered, after the one that shows it, before `new` is called for
    whoever may: `config.stalemate_windows`, but never under two windows nor three seconds (a
    press made in the meantime ends the offer: the first `new` is applied)."""
    floor = math.ceil(STALEMATE_OFFER_SECONDS / config.window_seconds - 1e-9)
    return max(config.stalemate_windows, STALEMATE_OFFER_WINDOWS, floor)


def close_window(table: Table, now: float, config: ServiceConfig) -> bool:
    """Real time: the window closes. Redraw if anything happened; call `new` for a stalemate that
    outlasted its offer; give idle people a stand-in; open the next window."""
    if table.status is not Status.PLAYING:
        return False
    game = game_of(table)
    changed = table.moves > table.shown
    if getattr(game, "stalemate", False):
        if any(m.move == "new" for m in table.recent[max(0, len(table.recent) - (table.moves - table.shown)) :]):
            table.stalemate_windows = 0  # someone started a pile in this window: a new offer
        table.stalemate_windows += 1
        changed = changed or table.stalemate_windows == 1  # show the offer
        callers: tuple[int, ...] = getattr(game, "new_callers", ())
        if table.stalemate_windows > stalemate_offer(config) and callers:
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
