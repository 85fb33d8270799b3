"""A finished (or running) game told move by move from its log: the deal comes back from the
table's seed and options, every logged move is played again, and the end must match the saved
state, so a replay is also an audit."""

from __future__ import annotations

from collections.abc import Iterator

from bot.tables import LoggedMove, Table
from core import load_game, new_game


def replay_lines(table: Table, log: list[LoggedMove]) -> Iterator[str]:
    if table.state is None or table.seed is None:
        yield f"table {table.id} ({table.game}) never started"
        return
    saved = load_game(table.state)
    game = new_game(table.game, players=list(saved.players), seed=table.seed, options=saved.options)
    names = [s.name for s in table.seats]
    yield f"table {table.id}: {table.game} in {table.chat.platform}:{table.chat.chat_id}, {table.status.value}"
    yield "seats: " + ", ".join(f"{i}. {n}" for i, n in enumerate(names))
    yield f"seed {table.seed}, options {saved.options}"
    for n, move in enumerate(log, 1):
        events = game.play(str(move.seat), move.move)
        said = "; ".join(str(e) for e in events)
        yield f"{n:4}. {names[move.seat]} ({move.by}): {move.move}  → {said}"
    if game.over:
        winner = "nobody (a draw)" if game.winner_seat is None else names[game.winner_seat]
        yield f"over: {winner} wins; scores " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(game.seat_scores()))
    same = game.to_json() == table.state
    yield "the replay matches the saved game" if same else "WARNING: the replay differs from the saved game"
