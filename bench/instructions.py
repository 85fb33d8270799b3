"""Instructions a decision of random play, counted by valgrind's callgrind: what `bench.engine`
times, without the machine's noise (a shared machine's speed moves by more than most engine
changes). Pure and compiled engines, bare rules or rules + view.

Each engine runs twice under callgrind, in a process of its own: once making the games and not
playing them, once making and playing them, both with the same seeds; the difference over the
decisions played is the figure. It counts the interpreter's and the compiled code's instructions,
not time (a cache miss counts one), so it compares two versions of the engine, not the engine with
RLCard's UNO (which `bench.engine` does).

    python -m bench.instructions [--game svolota] [--players 3] [--games 100] [--view]

Needs valgrind (Debian: `apt-get install valgrind`); the compiled rows need a current build
(`make compiled`). About half a minute.
"""

from __future__ import annotations

import argparse
import os
import random
import re
import shutil
import subprocess
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from bench.engine import is_realtime, random_game, seat_names
from core.compiled import DEFAULT_BUILD, ENV, load_build
from core.registry import game_class

COLLECTED = re.compile(r"Collected\s*:\s*([\d,]+)")
Run = Callable[[list[str], dict[str, str]], tuple[str, str]]  # (argv, environment) -> (stdout, stderr)


@dataclass(frozen=True)
class Count:
    decisions: int
    made: int  # instructions making the games
    played: int  # instructions making and playing them

    @property
    def per_decision(self) -> float:
        return (self.played - self.made) / self.decisions


def child(game_id: str, players: int, games: int, view: bool, play: bool) -> int:
    """Make `games` seeded games (and play them at random, as bench.engine does): the decisions."""
    cls = game_class(game_id)
    realtime = is_realtime(game_id, cls)
    made = [cls.new(seat_names(players), seed=seed) for seed in range(games)]
    rng = random.Random(0)
    if not play:
        return 0
    return sum(random_game(game, rng, realtime, view)[0] for game in made)


def callgrind(run: Run, args: list[str], env: dict[str, str]) -> tuple[int, int]:
    """(instructions, decisions) of one child under callgrind."""
    valgrind = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"]
    out, err = run([*valgrind, sys.executable, "-m", "bench.instructions", *args], env)
    found = COLLECTED.search(err)
    if found is None:
        raise RuntimeError(f"callgrind printed no count: {err.strip()[-500:]}")
    return int(found.group(1).replace(",", "")), int(out.split()[-1])


def count(run: Run, engine: str, game_id: str, players: int, games: int, view: bool) -> Count:
    env = {k: v for k, v in os.environ.items() if k != ENV}
    if engine == "compiled":
        env[ENV] = "1"
    args = ["--child", "--game", game_id, "--players", str(players), "--games", str(games)] + (["--view"] * view)
    made, _ = callgrind(run, [*args, "--no-play"], env)
    played, decisions = callgrind(run, args, env)
    return Count(decisions, made, played)


def subprocess_run(argv: list[str], env: dict[str, str]) -> tuple[str, str]:
    done = subprocess.run(argv, env=env, capture_output=True, text=True, check=True)
    return done.stdout, done.stderr


def engines() -> list[str]:
    try:
        load_build(DEFAULT_BUILD)
    except ImportError as e:
        print(f"compiled: left out ({e})")
        return ["pure"]
    return ["pure", "compiled"]


def main(argv: Sequence[str] | None = None, run: Run = subprocess_run) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--game", default="svolota")
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--games", type=int, default=100, help="seeded games (seeds 0, 1, …; default 100)")
    parser.add_argument("--view", action="store_true", help="rules + the next seat's view (turn-based games)")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    parser.add_argument("--no-play", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.child:
        print(child(args.game, args.players, args.games, args.view, not args.no_play))
        return
    if run is subprocess_run and shutil.which("valgrind") is None:
        print("valgrind is not installed (Debian: apt-get install valgrind)")
        return
    level = "rules + view" if args.view else "bare rules"
    print(f"{args.game}, {args.players} players, {args.games} seeded games, {level}: instructions a decision")
    for engine in engines():
        c = count(run, engine, args.game, args.players, args.games, args.view)
        print(f"  {engine:<9} {c.per_decision:>9,.0f}   ({c.decisions:,} decisions)")


if __name__ == "__main__":
    main()
