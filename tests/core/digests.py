"""Game digests: one hash over many seeded random games of a game, everything the rules decided.

A digest covers, for every decision of every game: the seat, every legal move it had (in order,
as notation), the move chosen and the events it made (their fields); every tenth decision, the view
of the seat that moved (a Racing Demon view costs as much as the rest of its decision); and every
game's saved JSON at its end. Two engines (the pure-Python core and its compiled build,
or the core before and after a change) that print the same digests decided every game alike.

    python -m tests.core.digests                      # {"compiled": false, "digests": {game: digest}}
    CARDBOT_COMPILED=1 python -m tests.core.digests   # the same through the compiled build
    python -m tests.core.digests racing_demon:20      # only these games, this many of each

Random choices come from a generator seeded per game, apart from the game's own (core.rng).
"""

from __future__ import annotations

import hashlib
import json
import random
import sys
from typing import Any, Final

import core
from core.game import Game
from core.registry import game_class

GAMES_DIGESTED: Final = ("svolota", "speed", "racing_demon")
PLAYER_COUNTS: Final = {"svolota": (3, 4, 6), "speed": (2,), "racing_demon": (2, 4)}
GAMES_EACH: Final = 300
MAX_STEPS: Final = 3_000
VIEW_EVERY: Final = 10


def play_into(game: Game[Any, Any], rng: random.Random, out: Any) -> None:
    """Random play of `game` to its end (or until nobody may move), written into the hash `out`."""
    seats = list(range(len(game.players)))
    for step in range(MAX_STEPS):
        if game.over:
            break
        rng.shuffle(seats)  # the first seat in a random order that may move does
        for seat in seats:
            legal = game.legal_moves(seat)
            if legal:
                break
        else:
            break  # nobody may move
        move = rng.choice(legal)
        out.update(f"{seat}|{'/'.join(game.format_move(m) for m in legal)}|{game.format_move(move)}|".encode())
        out.update(repr(game.apply(seat, move)).encode())
        if step % VIEW_EVERY == 0:
            out.update(repr(game.view(seat)).encode())
    out.update(game.to_json().encode())


def digest(game_id: str, games: int = GAMES_EACH) -> str:
    """The digest of `games` seeded games of `game_id` (seeds 0, 1, …; table sizes in turn)."""
    cls = game_class(game_id)
    counts = PLAYER_COUNTS[game_id]
    out = hashlib.sha256()
    for seed in range(games):
        players = [f"p{i}" for i in range(counts[seed % len(counts)])]
        play_into(cls.new(players, seed=seed), random.Random(seed), out)
    return out.hexdigest()


def main(argv: list[str]) -> None:
    asked = [arg.partition(":") for arg in argv] or [(gid, "", "") for gid in GAMES_DIGESTED]
    done = {gid: digest(gid, int(count) if count else GAMES_EACH) for gid, _, count in asked}
    print(json.dumps({"compiled": getattr(core, "COMPILED", False), "digests": done}))  # (no COMPILED before #33)


if __name__ == "__main__":
    main(sys.argv[1:])
