"""How strong Svolota's computer levels are: win rates over seeded games, and how long each
level takes to decide.

    python -m bench.svolota_levels                 # 2,000 games per line, 4 players, every core
    python -m bench.svolota_levels --games 200     # a rough run

Each line seats one player of a level among players of another (the level's seat rotates from
game to game, so leading first is shared out evenly) and counts how often that seat wins. Every
line plays the same seeded deals. The chance rate is 1/N; the interval is the 95% Wilson score
interval. `script` is what a new user would try first: play the most cards, the lowest rank.
Games are shared out among `--workers` processes; each game is seeded, so the figures do not
depend on how many. Decision times are the counted seat's, per decision, in milliseconds (a
decision with one sensible move takes none).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from bench.stats import wilson
from core.computer import Level, ReactionTime
from core.games.svolota.computer import LEVELS, RANDOM
from core.games.svolota.game import Svolota
from core.games.svolota.moves import PASS, Move, Play
from core.games.svolota.view import SvolotaView

MAX_STEPS = 10_000  # far beyond any real game; a game cut off here counts as not won

SvolotaLevel = Level[Move, SvolotaView]


@dataclass(frozen=True, slots=True)
class ScriptPolicy:
    """The simple script: the play with the most cards, then the lowest rank; a joker only when
    nothing else is legal; pass when it cannot play."""

    def choose(self, view: SvolotaView, legal: list[Move], rng: random.Random) -> Move | None:
        plays = [m for m in legal if isinstance(m, Play)]
        if plays:
            return min(plays, key=lambda p: (-len(p.cards), p.rank))
        return PASS if PASS in legal else (legal[0] if legal else None)


SCRIPT: SvolotaLevel = Level("script", ReactionTime(1.0), ScriptPolicy())
ALL_LEVELS: dict[str, SvolotaLevel] = {"random": RANDOM, "script": SCRIPT, **LEVELS}

# (the level in the counted seat, the level everyone else plays)
MATCHUPS: tuple[tuple[str, str], ...] = (
    ("random", "random"),
    ("easy", "random"),
    ("normal", "random"),
    ("hard", "random"),
    ("normal", "easy"),
    ("hard", "normal"),
    ("script", "easy"),
    ("script", "normal"),
    ("script", "hard"),
)


@dataclass
class Tally:
    hero: str
    others: str
    players: int
    games: int = 0
    wins: int = 0
    unfinished: int = 0
    seconds: float = 0.0
    decisions: list[float] = field(default_factory=list)  # the counted seat's, seconds each

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def chance(self) -> float:
        return 1 / self.players

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def play_game(levels: Sequence[SvolotaLevel], seed: int, timed: int | None = None) -> tuple[int | None, list[float]]:
    """One seeded game with one level per seat: the winning seat (None if cut off) and the
    seconds each decision of seat `timed` took (view, legal moves and choice)."""
    game = Svolota.new([f"p{i}" for i in range(len(levels))], seed=seed)
    rng = random.Random(seed)
    times: list[float] = []
    for _ in range(MAX_STEPS):
        seat = game.turn
        if seat is None:
            break
        started = time.perf_counter()
        move = levels[seat].policy.choose(game.view(seat), game.legal_moves(seat), rng)
        if seat == timed:
            times.append(time.perf_counter() - started)
        assert move is not None, "a Svolota player to act always has a legal move"
        game.apply(seat, move)
    return game.winner_seat, times


def _one_game(job: tuple[str, str, int, int]) -> tuple[int, int | None, list[float]]:
    hero, others, players, seed = job
    seat = seed % players
    levels = [ALL_LEVELS[others]] * players
    levels[seat] = ALL_LEVELS[hero]
    return (seat, *play_game(levels, seed, seat))


def match(hero: str, others: str, *, games: int, players: int = 4, seed: int = 0, workers: int = 1) -> Tally:
    """`hero` in one seat (seat i mod N in game i) against `others` everywhere else, the games
    shared out among `workers` processes."""
    tally = Tally(hero, others, players)
    start = time.perf_counter()
    jobs = [(hero, others, players, seed + i) for i in range(games)]
    with multiprocessing.get_context("fork").Pool(workers) if workers > 1 else contextlib.nullcontext() as pool:
        results = pool.imap(_one_game, jobs, chunksize=4) if pool is not None else map(_one_game, jobs)
        for seat, winner, times in results:
            tally.games += 1
            tally.wins += winner == seat
            tally.unfinished += winner is None
            tally.decisions += times
    tally.seconds = time.perf_counter() - start
    return tally


def format_tallies(tallies: Sequence[Tally]) -> str:
    if not tallies:
        return "no games"
    players = tallies[0].players
    lines = [
        f"Svolota, {players} players: one seat of a level against {players - 1} of another",
        f"{'level':<8}{'against':<10}{'games':>7}{'wins':>7}{'rate':>8}{'95% interval':>17}{'chance':>8}"
        f"{'x chance':>10}{'decide p50/p99 ms':>19}",
    ]
    for t in tallies:
        low, high = t.interval()
        lines.append(
            f"{t.hero:<8}{t.others + ' x' + str(t.players - 1):<10}{t.games:>7}{t.wins:>7}{t.rate:>8.1%}"
            f"{f'{low:.1%} – {high:.1%}':>17}{t.chance:>8.1%}{t.rate / t.chance:>10.2f}"
            f"{'{:.2f} / {:.1f}'.format(*percentiles(t.decisions)):>19}"
            + (f"  ({t.unfinished} cut off)" if t.unfinished else "")
        )
    return "\n".join(lines)


def percentiles(seconds: Sequence[float]) -> tuple[float, float]:
    """p50 and p99 in milliseconds."""
    if not seconds:
        return (0.0, 0.0)
    ordered = sorted(seconds)
    return tuple(ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000 for q in (0.5, 0.99))  # type: ignore[return-value]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.svolota_levels", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per line (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (then seed+1, …)")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7), help="table size, 3–6")
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes (default: every core)")
    parser.add_argument("--only", help="one line, as hero:others (e.g. hard:normal)")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    lines = [tuple(args.only.split(":"))] if args.only else MATCHUPS
    tallies = []
    for hero, others in lines:
        tallies.append(
            match(hero, others, games=args.games, players=args.players, seed=args.seed, workers=args.workers)
        )
        print(format_tallies(tallies[-1:]).splitlines()[-1], file=sys.stderr, flush=True)  # progress
    print(format_tallies(tallies))
    print(f"(seeds {args.seed}–{args.seed + args.games - 1}; {time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
