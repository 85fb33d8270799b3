"""Racing Demon: how the computer levels score against each other.

Simulates rounds of 2–8 computer players at mixed-level tables on a virtual clock
(`bench.realtime.run_match`) and reports each level's mean score, mean cards placed and left in
the demon, and share of wins. Run: `python -m bench.demon_levels [--rounds 500] [--seed 1]`.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from bench.realtime import run_match
from core.games.racing_demon.computer import LEVELS
from core.games.racing_demon.game import RacingDemon
from core.games.racing_demon.state import End

NAMES = ("easy", "normal", "hard")
PAIRS = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))


@dataclass
class Tally:
    seats: int = 0
    score: int = 0
    placed: int = 0
    demon: int = 0
    wins: float = 0.0
    outs: int = 0

    def add(self, score: int, placed: int, demon: int, win: float, out: bool) -> None:
        self.seats += 1
        self.score += score
        self.placed += placed
        self.demon += demon
        self.wins += win
        self.outs += out


def table_levels(rng: random.Random) -> list[str]:
    """2–8 seats with at least two different levels."""
    while True:
        levels = [rng.choice(NAMES) for _ in range(rng.randint(2, 8))]
        if len(set(levels)) > 1:
            return levels


def _mean(scores: list[int], levels: list[str], name: str) -> float:
    mine = [s for s, level in zip(scores, levels, strict=True) if level == name]
    return sum(mine) / len(mine)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=500, help="rounds to simulate (default 500)")
    parser.add_argument("--seed", type=int, default=1, help="seed of the tables, deals and clocks")
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    tallies: dict[str, Tally] = defaultdict(Tally)
    ends: dict[str, int] = defaultdict(int)
    duels: dict[tuple[str, str], list[float]] = defaultdict(list)
    seconds = moves = refused = 0.0
    started = time.perf_counter()
    for number in range(args.rounds):
        levels = table_levels(rng)
        players = [f"{name}{i}" for i, name in enumerate(levels)]
        game = RacingDemon.new(players, seed=rng.getrandbits(32))
        result = run_match(game, [LEVELS[name] for name in levels], rng)
        ends["out" if game.ended_by is End.OUT else "stuck" if game.ended_by else "unfinished"] += 1
        seconds += result.seconds
        moves += result.moves
        refused += result.refused
        placed = game.state.foundations.on_foundations(len(players))
        scores = game.seat_scores()
        best = max(scores)
        winners = scores.count(best)
        for seat, name in enumerate(levels):
            win = 1 / winners if scores[seat] == best else 0.0
            tallies[name].add(
                scores[seat], placed[seat], len(game.state.layouts[seat].demon), win, game.out_seat == seat
            )
        for better, worse in PAIRS:
            if better in levels and worse in levels:
                mean = {name: _mean(scores, levels, name) for name in (better, worse)}
                duels[(better, worse)].append(mean[better] - mean[worse])
        if (number + 1) % 100 == 0:
            print(f"  … {number + 1} rounds", file=sys.stderr, flush=True)
    wall = time.perf_counter() - started

    rounds = max(args.rounds, 1)
    print(f"Racing Demon, {args.rounds} rounds of 2–8 computer players at mixed tables (seed {args.seed})")
    print(f"{'level':<8}{'seats':>7}{'mean score':>12}{'placed':>9}{'in demon':>10}{'wins':>8}{'outs':>7}")
    for name in NAMES:
        t = tallies[name]
        n = max(t.seats, 1)
        print(
            f"{name:<8}{t.seats:>7}{t.score / n:>12.2f}{t.placed / n:>9.2f}{t.demon / n:>10.2f}"
            f"{t.wins / n:>8.1%}{t.outs / n:>7.1%}"
        )
    for better, worse in PAIRS:
        diffs = duels[(better, worse)]
        if diffs:
            print(
                f"{better} vs {worse} at the same table: {better} ahead by {sum(diffs) / len(diffs):.2f} points "
                f"on average, ahead in {sum(d > 0 for d in diffs) / len(diffs):.0%} of {len(diffs)} rounds"
            )
    print(
        f"rounds ended: {ends['out']} out, {ends['stuck']} everyone stuck, {ends['unfinished']} unfinished; "
        f"mean {seconds / rounds:.0f} virtual s, {moves / rounds:.0f} moves, {refused / rounds:.1f} refused "
        f"(too slow) per round; {wall:.1f} s wall"
    )


if __name__ == "__main__":
    main()
