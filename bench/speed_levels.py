"""Speed: win rates between the computer levels in real-time matches on a virtual clock.

Each pairing plays `--matches` single-deal matches (seats alternate; every match has its own
seeded deal), with `bench.realtime.run_match`: each player acts after a reaction time sampled
from their level, and a move made stale by a faster opponent is refused ("too slow").

    python -m bench.speed_levels [--matches 1000] [--seed 1] [--stacks 5] [--colours] [--target 0]
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from bench.realtime import run_match
from core.games.speed.computer import LEVELS
from core.games.speed.game import Speed

PAIRINGS = (("hard", "easy"), ("normal", "easy"), ("hard", "normal"))


@dataclass
class Tally:
    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0
    seconds: float = 0.0
    moves: int = 0
    refused: int = 0

    def rate(self, matches: int) -> float:
        return self.wins / matches if matches else 0.0


def play_pairing(first: str, second: str, matches: int, seed: int, options: dict[str, bool | int]) -> Tally:
    """`first` against `second`, counted from `first`'s side; seats alternate match by match."""
    tally = Tally()
    for n in range(matches):
        rng = random.Random(f"{seed}:{first}:{second}:{n}")
        game = Speed.new(["a", "b"], seed=rng.getrandbits(62), options=options)
        seat = n % 2  # where `first` sits
        levels = [LEVELS[first], LEVELS[second]] if seat == 0 else [LEVELS[second], LEVELS[first]]
        result = run_match(game, list(levels), rng)
        tally.seconds += result.seconds
        tally.moves += result.moves
        tally.refused += result.refused
        if result.stuck:
            tally.unfinished += 1
        elif result.winner is None:
            tally.draws += 1
        elif result.winner == seat:
            tally.wins += 1
        else:
            tally.losses += 1
    return tally


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=1000, help="matches per pairing (default 1000)")
    parser.add_argument("--seed", type=int, default=1, help="base seed (default 1)")
    parser.add_argument("--stacks", type=int, default=5, choices=(4, 5))
    parser.add_argument("--colours", action="store_true", help="the colours variant")
    parser.add_argument("--target", type=int, default=0, help="points match to this target (default 0: one deal)")
    args = parser.parse_args(argv)
    options: dict[str, bool | int] = {"stacks": args.stacks, "colours": args.colours, "target": args.target}
    kind = f"first to {args.target} points" if args.target else "single deal"
    print(
        f"Speed, computer levels on a virtual clock: {args.matches} matches per pairing, seed {args.seed},"
        f" {args.stacks} stacks, colours {'on' if args.colours else 'off'}, {kind}"
    )
    for name, level in LEVELS.items():
        r = level.reaction
        print(f"  {name:<6} reaction time: median {r.median:.1f} s, sigma {r.sigma}, floor {r.floor} s")
    print(f"{'pairing':<16} {'win':>6} {'loss':>6} {'draw':>6} {'unfin.':>6} {'avg s':>7} {'moves':>6} {'refused':>7}")
    started = time.perf_counter()
    for first, second in PAIRINGS:
        t = play_pairing(first, second, args.matches, args.seed, options)
        m = max(args.matches, 1)
        print(
            f"{first + ' vs ' + second:<16} {t.wins / m:>6.1%} {t.losses / m:>6.1%} {t.draws / m:>6.1%}"
            f" {t.unfinished / m:>6.1%} {t.seconds / m:>7.1f} {t.moves / m:>6.1f} {t.refused / m:>7.2f}"
        )
    print(f"({time.perf_counter() - started:.1f} s of computing)")


if __name__ == "__main__":
    main()
