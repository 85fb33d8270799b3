"""Speed: win rates between the computer levels in real-time matches on a virtual clock.

Each pairing plays `--matches` single-deal matches (seats alternate; every match has its own
seeded deal), with `bench.realtime.run_match`: each player acts after a reaction time sampled
from their level, and a move made stale by a faster opponent is refused ("too slow").

Then the strategy alone: the same pairings' policies with every player reacting like `normal`
(the same reaction time for both), `--matches` matches each, every deal played twice with the
seats swapped. Win rates count a draw as half a win; the interval is the 95 % Wilson interval.

    python -m bench.speed_levels [--matches 2000] [--seed 1] [--stacks 5] [--colours] [--target 0]
"""

from __future__ import annotations

import argparse
import random
import time
from dataclasses import dataclass

from bench.realtime import run_match
from bench.stats import wilson
from core.computer import Level, ReactionTime
from core.games.speed.computer import LEVELS
from core.games.speed.game import Speed
from core.games.speed.moves import Move
from core.games.speed.view import SpeedView

PAIRINGS = (("hard", "easy"), ("normal", "easy"), ("hard", "normal"))
STRATEGY_PAIRINGS = (("hard", "normal"), ("normal", "easy"))


@dataclass
class Tally:
    matches: int = 0
    wins: int = 0
    losses: int = 0
    draws: int = 0
    unfinished: int = 0
    seconds: float = 0.0
    moves: int = 0
    refused: int = 0

    def rate(self, matches: int | None = None) -> float:
        """Wins (a draw counting half) per match."""
        n = self.matches if matches is None else matches
        return (self.wins + self.draws / 2) / n if n else 0.0

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins + self.draws / 2, self.matches)


def play_pairing(
    first: str,
    second: str,
    matches: int,
    seed: int,
    options: dict[str, bool | int],
    reaction: ReactionTime | None = None,
) -> Tally:
    """`first` against `second`, counted from `first`'s side; seats alternate match by match.

    With `reaction`, both play their level's policy at that same reaction time, and matches
    2k and 2k+1 share a deal (the seats swapped): the strategy alone."""
    tally = Tally()
    one, two = LEVELS[first], LEVELS[second]
    if reaction is not None:
        one, two = Level(first, reaction, one.policy), Level(second, reaction, two.policy)
    for n in range(matches):
        rng = random.Random(f"{seed}:{first}:{second}:{n}")
        deal = rng.getrandbits(62) if reaction is None else random.Random(f"{seed}:deal:{n // 2}").getrandbits(62)
        game = Speed.new(["a", "b"], seed=deal, options=options)
        seat = n % 2  # where `first` sits
        levels: list[Level[Move, SpeedView]] = [one, two] if seat == 0 else [two, one]
        result = run_match(game, list(levels), rng)
        tally.matches += 1
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


HEADER = (
    f"{'pairing':<16} {'win':>6} {'95% interval':>15} {'loss':>6} {'draw':>6} {'unfin.':>6} {'avg s':>7}"
    f" {'moves':>6} {'refused':>7}"
)


def line(first: str, second: str, t: Tally) -> str:
    m = max(t.matches, 1)
    low, high = t.interval()
    return (
        f"{first + ' vs ' + second:<16} {t.rate():>6.1%} {f'{low:.1%} – {high:.1%}':>15} {t.losses / m:>6.1%}"
        f" {t.draws / m:>6.1%} {t.unfinished / m:>6.1%} {t.seconds / m:>7.1f} {t.moves / m:>6.1f}"
        f" {t.refused / m:>7.2f}"
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--matches", type=int, default=2000, help="matches per pairing (default 2000)")
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
    print("each level at its own reaction time (win: the first named; a draw counts half)")
    print(HEADER)
    started = time.perf_counter()
    for first, second in PAIRINGS:
        print(line(first, second, play_pairing(first, second, args.matches, args.seed, options)), flush=True)
    same = LEVELS["normal"].reaction
    print(
        f"strategy alone: both players react like normal (median {same.median:.1f} s); each deal played twice,"
        " the seats swapped"
    )
    print(HEADER)
    for first, second in STRATEGY_PAIRINGS:
        t = play_pairing(first, second, args.matches, args.seed, options, reaction=same)
        print(line(first, second, t), flush=True)
    print(f"({time.perf_counter() - started:.1f} s of computing)")


if __name__ == "__main__":
    main()
