"""Random legal play through the text contract, for property tests of every game."""

from __future__ import annotations

import random
from collections.abc import Iterator

from core import Game


def random_steps(g: Game, rng: random.Random, max_steps: int = 5000) -> Iterator[tuple[str, str]]:
    """Play random legal moves (a random player among those who may act) and yield each one
    after it is applied; stops when the game is over, nobody may act, or after max_steps."""
    for _ in range(max_steps):
        if g.over:
            return
        options = [(p, m) for p in g.players for m in g.moves(p)]
        if not options:
            return
        player, move = rng.choice(options)
        g.play(player, move)
        yield player, move
