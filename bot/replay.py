"""A finished game told again step by step, for its replay page (issue #36): the deal comes back
from the table's seed and options, every logged move is played again through core, and after each
the table is drawn open (every card face up: after the game nothing is secret, bot/ui/table_model.py)
with the move in the chat's words. The end must match the saved state, else the replay is refused
(`NotReplayable`): a replay never shows a game that did not happen.

Words (docs/architecture.md): a *step* is the table after one logged move (step 0: the deal), with
the move's time from the deal, its seat and its words.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from bot.bidi import isolated
from bot.games import game_info
from bot.i18n import Translator
from bot.tables import LoggedMove, Status, Table
from bot.ui.happened import move_line
from bot.ui.result import score_words
from bot.ui.table_model import TableModel
from bot.ui.words import game_name, seat_label
from core import load_game, new_game
from core.errors import BadNotation, GameOver, IllegalMove


class NotReplayable(Exception):
    """The table cannot be replayed: not finished, never dealt, no model to draw, or its log does
    not lead to its saved state."""


@dataclass(frozen=True, slots=True)
class ReplayStep:
    at: float  # seconds from the deal (0 for the deal itself)
    seat: int | None  # who moved (None: the deal)
    words: str  # the move as the chat says it ("Ann: 7♣ on 8♦"), or the deal's line
    model: TableModel  # the table after it, open


@dataclass(frozen=True, slots=True)
class Placing:
    seat: int
    place: int  # 1 is first; ties share a place
    score: int
    words: str  # the score as the result board writes it ("3 cards left", "12 points")


@dataclass(frozen=True, slots=True)
class Replay:
    game: str
    title: str  # the game's name in the reader's language
    real_time: bool  # its moves replay at their own times (else at a steady pace)
    seats: tuple[str, ...]  # names as the table shows them ("a former player" for a forgotten person)
    winner: int | None  # None: a draw
    result: str  # "🏆 Ann wins!" or "It's a draw."
    standings: tuple[Placing, ...]  # best first
    steps: tuple[ReplayStep, ...]  # the deal, then one per logged move


def replay(
    table: Table, log: list[LoggedMove], t: Translator, each: Callable[[ReplayStep], None] | None = None
) -> Replay:
    """The table's game step by step; NotReplayable if it cannot be shown as it happened. `each`:
    given, every step is handed to it as it is made and the Replay keeps none (a long game's steps
    are tens of thousands of objects: kept all at once, they made the collector's full passes
    most of its time, bench.pages)."""
    info = game_info(table.game)
    if table.status is not Status.FINISHED or table.state is None or table.seed is None or table.result is None:
        raise NotReplayable(f"table {table.id} is not a finished game")
    saved = load_game(table.state)
    game = new_game(table.game, players=list(saved.players), seed=table.seed, options=saved.options)
    shown = shown_table(table, t)
    first = info.model(shown, game, None, t, open=True)
    if first is None:
        raise NotReplayable(f"{table.game} draws no table")
    start = table.started_at or (log[0].at if log else 0.0)
    # TRANSLATORS: the first step of a game's replay, before anyone moved
    steps = [ReplayStep(0.0, None, t.gettext("The deal"), first)]
    if each is not None:
        each(steps.pop())
    made = 1
    for move in log:
        label = info.label(game, move.seat, move.move, t)  # (before the move: its view names the cards)
        try:
            game.play(str(move.seat), move.move)
        except (IllegalMove, BadNotation, GameOver, ValueError) as e:  # (a log that is not this deal's)
            raise NotReplayable(f"table {table.id}: move {made} ({move.move}) is not legal here: {e}") from e
        words = move_line(shown, move, t) or f"{isolated(shown.seats[move.seat].name)}: {label}"
        model = info.model(shown, game, None, t, open=True)
        assert model is not None  # (it drew the deal)
        step = ReplayStep(round(max(0.0, move.at - start), 3), move.seat, words, model)
        if each is None:
            steps.append(step)
        else:
            each(step)
        made += 1
    if game.to_json() != table.state:
        raise NotReplayable(f"table {table.id}: its move log does not lead to its saved state")
    return Replay(
        table.game,
        game_name(table.game, t),
        info.real_time,
        tuple(seat_label(s, t) for s in shown.seats),
        game.winner_seat,
        _result(shown, game.winner_seat, t),
        _standings(table.result, info.higher_wins(saved.options), t),
        tuple(steps),
    )


def shown_table(table: Table, t: Translator) -> Table:
    """The table with its seats as a replay names them: a forgotten person's (a seat with no name
    left) "a former player", and nobody "standing in" (that was a moment of the game, not its end)."""
    # TRANSLATORS: shown instead of the name of a person who asked the bot to forget them
    former = t.gettext("a former player")
    seats = [replace(s, name=s.name or former, stand_in=False) for s in table.seats]
    return replace(table, seats=seats)


def _result(table: Table, winner: int | None, t: Translator) -> str:
    if winner is None:
        return t.gettext("It's a draw.")
    return t.gettext("🏆 {name} wins!").format(name=isolated(table.seats[winner].name))


def _standings(scores: list[int], high: bool, t: Translator) -> tuple[Placing, ...]:
    order = sorted(range(len(scores)), key=lambda i: -scores[i] if high else scores[i])
    out: list[Placing] = []
    for n, i in enumerate(order):
        tied = bool(out) and scores[order[n - 1]] == scores[i]
        out.append(Placing(i, out[-1].place if tied else n + 1, scores[i], score_words(scores[i], high, t)))
    return tuple(out)
