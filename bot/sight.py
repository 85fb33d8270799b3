"""What a computer seat of a real-time game has seen: it plays only on what the people could see.

The people see a Speed or Racing Demon position when the window draws the board, not when it
arises. So a computer reacts to drawings, not to positions:

- its look is due a reaction time (sampled from its level) after a drawing: the window's redraw
  of the board (bot/running.py `arm_real_time`); after a look it waits for the next drawing, so it
  makes at most one move per drawing and never chains moves the board has not shown;
- at the look it decides on the table as drawn: among its legal moves it considers only those
  whose every place (a Speed centre pile and its own stack; a Racing Demon foundation's top and
  its own layout) was drawn, as it is now, at least a reaction time ago. A place changed since
  (by another player's move, or by its own last one) is not yet seen: a move resting on it waits
  for the next drawing. Speed's `new` rests on the whole table (the stalemate must have been
  shown). Moves that rest on nothing changed since are the moves the drawn position allowed
  with the same cards, so the choice is one made on the drawn table.

When each place was drawn is worked out from the table alone (nothing is kept in memory, so a
restarted service decides the same): the moves logged since the last drawing are not drawn yet;
those of the window before it were drawn at the last drawing (`table.summary_from`..`shown`);
older ones at the first window boundary after them. Only the last few moves are at hand
(`table.recent`): a place none of them touched was drawn no later than the oldest of them.
"""

from __future__ import annotations

import math
from typing import Any

from bot.deadlines import Kind
from bot.tables import Table
from core import Game
from core.games.racing_demon.game import RacingDemon

Place = tuple[object, ...]
EVERYTHING: Place = ("everything",)  # a move that changes (or rests on) the whole table
NEVER = -math.inf  # drawn before anything else: at the start


def last_drawing(table: Table, window: float, now: float) -> float:
    """When the board was last drawn: the running window began then (the game's start drew the
    first one)."""
    for d in table.deadlines:
        if d.kind == Kind.WINDOW:
            return min(now, d.due - window)
    return now


def next_drawing(table: Table, window: float, now: float) -> float:
    """When the board is drawn next: the running window's end."""
    for d in table.deadlines:
        if d.kind == Kind.WINDOW:
            return max(now, d.due)
    return now + window


def changed(game_id: str, seat: int, move: str) -> set[Place]:
    """The places a logged move of `seat` changed (read from its text alone)."""
    if game_id == "speed":
        return _speed_places(seat, move)
    return {("layout", seat), ("foundation cards of", seat)} if move.endswith(">f") else {("layout", seat)}


def rests_on(game: Game[Any, Any], game_id: str, seat: int, move: str) -> set[Place]:
    """The places a move the computer at `seat` considers now (on the game as it is) rests on."""
    if game_id == "speed":
        return _speed_places(seat, move)
    return _demon_places(game, seat, move)


def _speed_places(seat: int, move: str) -> set[Place]:
    words = move.split()
    if words[0] == "play":
        return {("stack", seat, int(words[1])), ("pile", int(words[2]))}
    if words[0] in ("flip", "fill"):
        return {("stack", seat, int(words[1]))}
    return {EVERYTHING}  # `new`: a new pile, the stalemate over (or not)


def _demon_places(game: Game[Any, Any], seat: int, move: str) -> set[Place]:
    found: set[Place] = {("layout", seat)}
    if not move.endswith(">f"):
        return found
    # the foundation it goes on: its top card was put there by its owner, whose foundation moves
    # tell when (an Ace starts a new foundation: it rests on no other)
    if isinstance(game, RacingDemon):
        view = game.view(seat)
        source = move.split(">")[0]
        if source == "demon":
            card = view.own.demon_top
        elif source == "waste":
            card = view.own.waste[-1] if view.own.waste else None
        else:
            card = view.own.work_top(int(source[1:]))
        foundations = game.state.foundations
        index = None if card is None else foundations.accepting(card)
        if index is not None and index < len(foundations.piles):
            found.add(("foundation cards of", foundations.piles[index].owners[-1]))
    return found


def drawn_at(table: Table, window: float, now: float) -> tuple[dict[Place, float], float]:
    """When each place touched by the last few moves was last drawn as it is now (inf: not yet
    drawn), and when every other place was drawn at the latest."""
    last = last_drawing(table, window, now)
    first = table.moves - len(table.recent)  # the log index of table.recent[0]
    when: dict[Place, float] = {}
    oldest = NEVER
    for i, logged in enumerate(table.recent):
        index = first + i
        if index >= table.shown:
            drawn = math.inf  # since the last drawing: not drawn yet
        elif index >= table.summary_from:
            drawn = last  # in the window the last drawing closed
        else:  # the first window boundary after it, no later than the drawing before the last
            boundaries = math.floor((last - logged.at) / window - 1e-9)
            drawn = min(last - window, last - max(0, boundaries) * window)
        if i == 0 and table.moves > len(table.recent):
            oldest = drawn  # older moves (out of sight) were drawn by then
        for place in changed(table.game, logged.seat, logged.move):
            when[place] = max(when.get(place, NEVER), drawn)
    return when, oldest


def seen(
    table: Table, game: Game[Any, Any], seat: int, moves: list[Any], now: float, window: float, reaction: float
) -> list[Any]:
    """The moves among `moves` (the computer's legal moves, native) that rest only on places
    drawn as they are now at least `reaction` seconds ago."""
    when, oldest = drawn_at(table, window, now)
    everything = max([oldest, *when.values()])
    limit = now - reaction + 1e-6  # (a look due at a drawing + this reaction sees that drawing)

    def drawn(place: Place) -> float:
        if place == EVERYTHING:
            return everything
        return max(when.get(place, NEVER), when.get(EVERYTHING, NEVER), oldest)

    out = []
    for move in moves:
        if all(drawn(p) <= limit for p in rests_on(game, table.game, seat, game.format_move(move))):
            out.append(move)
    return out
