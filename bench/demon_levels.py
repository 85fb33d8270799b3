"""Racing Demon: how the computer levels score against each other.

Two parts, both on a virtual clock (`bench.realtime.run_match`), every figure with its 95 % interval:

1. Mixed tables: rounds of 2–8 computer players, levels drawn at random (at least two different),
   each level with its own reaction time: each level's mean score, cards placed and left in the
   demon, share of wins and of outs, and how far each level finished ahead of a weaker one at the
   same table.
2. Strategy alone: 4-player tables of two levels' policies, two seats each, alternating, where
   every seat reacts like `normal` (the same reaction time for all): each deal is played twice
   with the levels' seats swapped, and the figure is the better level's mean round score minus
   the other's, per round. `normal*` is normal's order of moves without its misses: hard against
   it measures hard's planning and racing alone.

Run: `python -m bench.demon_levels [--rounds 500] [--strategy-rounds 2000] [--seed 1]`.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.realtime import run_match
from bench.stats import Z95, wilson
from core.computer import Level, ReactionTime
from core.games.racing_demon.computer import LEVELS, DemonPolicy
from core.games.racing_demon.game import RacingDemon
from core.games.racing_demon.moves import Move
from core.games.racing_demon.state import End
from core.games.racing_demon.view import DemonView

NAMES = ("easy", "normal", "hard")
PAIRS = (("normal", "easy"), ("hard", "normal"), ("hard", "easy"))
# "normal*" is normal's fixed order of moves seeing every move (no misses, no planning, no racing):
# hard against it is hard's planning and racing alone.
ALL_SEEING: Level[Move, DemonView] = Level("normal*", LEVELS["normal"].reaction, DemonPolicy())
STRATEGY_PAIRS = (("hard", "normal"), ("hard", "normal*"), ("normal", "easy"))
STRATEGY_SEATS = 4


@dataclass
class Tally:
    seats: int = 0
    scores: list[int] = field(default_factory=list)
    placed: int = 0
    demon: int = 0
    wins: float = 0.0
    outs: int = 0

    def add(self, score: int, placed: int, demon: int, win: float, out: bool) -> None:
        self.seats += 1
        self.scores.append(score)
        self.placed += placed
        self.demon += demon
        self.wins += win
        self.outs += out


def mean_interval(values: Sequence[float], z: float = Z95) -> tuple[float, float]:
    """The mean and the half-width of its normal-approximation interval (0 with fewer than 2)."""
    if not values:
        return 0.0, 0.0
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, 0.0
    return mean, z * statistics.stdev(values) / math.sqrt(len(values))


def table_levels(rng: random.Random) -> list[str]:
    """2–8 seats with at least two different levels."""
    while True:
        levels = [rng.choice(NAMES) for _ in range(rng.randint(2, 8))]
        if len(set(levels)) > 1:
            return levels


def _mean(scores: list[int], levels: Sequence[str], name: str) -> float:
    mine = [s for s, level in zip(scores, levels, strict=True) if level == name]
    return sum(mine) / len(mine)


def mixed_tables(rounds: int, seed: int) -> None:
    rng = random.Random(seed)
    tallies: dict[str, Tally] = defaultdict(Tally)
    ends: dict[str, int] = defaultdict(int)
    duels: dict[tuple[str, str], list[float]] = defaultdict(list)
    seconds = moves = refused = 0.0
    started = time.perf_counter()
    for number in range(rounds):
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
                means = {name: _mean(scores, levels, name) for name in (better, worse)}
                duels[(better, worse)].append(means[better] - means[worse])
        if (number + 1) % 100 == 0:
            print(f"  … {number + 1} rounds", file=sys.stderr, flush=True)
    wall = time.perf_counter() - started

    n_rounds = max(rounds, 1)
    print(f"Racing Demon, {rounds} rounds of 2–8 computer players at mixed tables (seed {seed})")
    for name in NAMES:
        r = LEVELS[name].reaction
        print(f"  {name:<6} reaction time: median {r.median:.1f} s, sigma {r.sigma}, floor {r.floor} s")
    print(
        f"{'level':<8}{'seats':>7}{'mean score':>12}{'95% interval':>17}{'placed':>9}{'in demon':>10}"
        f"{'wins':>8}{'95% interval':>17}{'outs':>7}"
    )
    for name in NAMES:
        t = tallies[name]
        n = max(t.seats, 1)
        mean, half = mean_interval(t.scores)
        low, high = wilson(t.wins, t.seats)
        print(
            f"{name:<8}{t.seats:>7}{mean:>12.2f}{f'{mean - half:.2f} – {mean + half:.2f}':>17}"
            f"{t.placed / n:>9.2f}{t.demon / n:>10.2f}{t.wins / n:>8.1%}{f'{low:.1%} – {high:.1%}':>17}"
            f"{t.outs / n:>7.1%}"
        )
    for better, worse in PAIRS:
        diffs = duels[(better, worse)]
        if diffs:
            mean, half = mean_interval(diffs)
            ahead = sum(d > 0 for d in diffs)
            low, high = wilson(ahead, len(diffs))
            print(
                f"{better} vs {worse} at the same table: {better} ahead by {mean:.2f} ± {half:.2f} points "
                f"on average, ahead in {ahead / len(diffs):.0%} ({low:.0%} – {high:.0%}) of {len(diffs)} rounds"
            )
    print(
        f"rounds ended: {ends['out']} out, {ends['stuck']} everyone stuck, {ends['unfinished']} unfinished; "
        f"mean {seconds / n_rounds:.0f} virtual s, {moves / n_rounds:.0f} moves, {refused / n_rounds:.1f} refused "
        f"(too slow) per round; {wall:.1f} s wall"
    )


@dataclass
class Duel:
    """Two levels at the same tables: per deal, the better one's mean round score minus the
    other's (the mean of the deal's two rounds, the seats swapped)."""

    better: str
    worse: str
    diffs: list[float] = field(default_factory=list)
    better_scores: list[float] = field(default_factory=list)
    worse_scores: list[float] = field(default_factory=list)
    rounds: int = 0
    ahead: int = 0
    unfinished: int = 0

    def interval(self) -> tuple[float, float]:
        """The mean difference per round and its 95 % half-width."""
        return mean_interval(self.diffs)


def duel(
    better: str,
    worse: str,
    deals: int,
    seed: int,
    reaction: ReactionTime | None = None,
    seats: int = STRATEGY_SEATS,
) -> Duel:
    """`deals` deals at `seats` seats, each played twice: `better` in the even seats, then in the
    odd ones. With `reaction`, every seat plays its level's policy at that reaction time (the
    strategy alone); without, each level reacts as it does."""
    result = Duel(better, worse)
    levels = {name: ALL_SEEING if name == ALL_SEEING.name else LEVELS[name] for name in (better, worse)}
    if reaction is not None:
        levels = {name: Level(name, reaction, level.policy) for name, level in levels.items()}
    for deal in range(deals):
        deal_seed = random.Random(f"{seed}:deal:{deal}").getrandbits(32)
        total = 0.0
        for swap in (0, 1):
            names = [better if (seat + swap) % 2 == 0 else worse for seat in range(seats)]
            game = RacingDemon.new([f"p{s}" for s in range(seats)], seed=deal_seed)
            run_match(game, [levels[name] for name in names], random.Random(f"{seed}:clock:{deal}:{swap}"))
            result.unfinished += not game.over
            scores = game.seat_scores()
            mine, theirs = _mean(scores, names, better), _mean(scores, names, worse)
            result.better_scores.append(mine)
            result.worse_scores.append(theirs)
            result.rounds += 1
            result.ahead += mine > theirs
            total += mine - theirs
        result.diffs.append(total / 2)
    return result


def strategy_alone(rounds: int, seed: int) -> None:
    reaction = LEVELS["normal"].reaction
    deals = max(rounds // 2, 1)
    print()
    print(
        f"Strategy alone: {STRATEGY_SEATS}-player tables, two seats of each policy alternating, every seat "
        f"reacting like normal (median {reaction.median:.1f} s, sigma {reaction.sigma}, floor {reaction.floor} s);"
    )
    print(f"{deals} deals, each played twice with the seats swapped ({2 * deals} rounds per line, seed {seed});")
    print("normal* is normal's order of moves seeing every move: hard against it is planning and racing alone")
    print(f"{'policies':<18}{'mean score':>12}{'vs':>8}{'ahead by':>10}{'95% interval':>17}{'ahead in':>10}{'wall':>8}")
    for better, worse in STRATEGY_PAIRS:
        started = time.perf_counter()
        d = duel(better, worse, deals, seed, reaction)
        mean, half = d.interval()
        print(
            f"{better + ' vs ' + worse:<18}{statistics.fmean(d.better_scores):>12.2f}"
            f"{statistics.fmean(d.worse_scores):>8.2f}{mean:>10.2f}{f'{mean - half:.2f} – {mean + half:.2f}':>17}"
            f"{d.ahead / max(d.rounds, 1):>10.0%}{time.perf_counter() - started:>7.0f}s"
            + (f"  ({d.unfinished} unfinished)" if d.unfinished else "")
        )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--rounds", type=int, default=500, help="mixed-table rounds (default 500; 0: skip)")
    parser.add_argument(
        "--strategy-rounds", type=int, default=2000, help="rounds per strategy-alone line (default 2000; 0: skip)"
    )
    parser.add_argument("--seed", type=int, default=1, help="seed of the tables, deals and clocks")
    args = parser.parse_args(argv)
    if args.rounds > 0:
        mixed_tables(args.rounds, args.seed)
    if args.strategy_rounds > 0:
        strategy_alone(args.strategy_rounds, args.seed)


if __name__ == "__main__":
    main()
