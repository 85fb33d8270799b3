"""How strong Svolota's computer levels are: win rates over seeded games.

    python -m bench.svolota_levels                 # 2,000 games per line, 4 players
    python -m bench.svolota_levels --games 200     # a rough run

Each line seats one player of a level among players of another (the level's seat rotates from
game to game, so leading first is shared out evenly) and counts how often that seat wins. Every
line plays the same seeded deals. The chance rate is 1/N; the interval is the 95% Wilson score
interval. How long a decision takes is reported by `python -m bench.engine`.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from core.computer import Level
from core.games.svolota.computer import LEVELS, RANDOM
from core.games.svolota.game import Svolota
from core.games.svolota.moves import Move
from core.games.svolota.view import SvolotaView

MAX_STEPS = 10_000  # far beyond any real game; a game cut off here counts as not won
Z95 = 1.959964

SvolotaLevel = Level[Move, SvolotaView]
ALL_LEVELS: dict[str, SvolotaLevel] = {"random": RANDOM, **LEVELS}

# (the level in the counted seat, the level everyone else plays)
MATCHUPS: tuple[tuple[str, str], ...] = (
    ("random", "random"),
    ("easy", "random"),
    ("normal", "random"),
    ("hard", "random"),
    ("normal", "easy"),
    ("hard", "easy"),
    ("hard", "normal"),
    ("easy", "normal"),
    ("normal", "hard"),
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

    @property
    def rate(self) -> float:
        return self.wins / self.games if self.games else 0.0

    @property
    def chance(self) -> float:
        return 1 / self.players

    def interval(self) -> tuple[float, float]:
        return wilson(self.wins, self.games)


def wilson(wins: int, games: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval for a binomial rate."""
    if games == 0:
        return (0.0, 1.0)
    p = wins / games
    centre = (p + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_game(levels: Sequence[SvolotaLevel], seed: int) -> int | None:
    """One seeded game with one level per seat; the winning seat (None if cut off)."""
    game = Svolota.new([f"p{i}" for i in range(len(levels))], seed=seed)
    rng = random.Random(seed)
    for _ in range(MAX_STEPS):
        seat = game.turn
        if seat is None:
            break
        move = levels[seat].policy.choose(game.view(seat), game.legal_moves(seat), rng)
        assert move is not None, "a Svolota player to act always has a legal move"
        game.apply(seat, move)
    return game.winner_seat


def match(hero: str, others: str, *, games: int, players: int = 4, seed: int = 0) -> Tally:
    """`hero` in one seat (seat i mod N in game i) against `others` everywhere else."""
    tally = Tally(hero, others, players)
    start = time.perf_counter()
    for i in range(games):
        seat = i % players
        levels = [ALL_LEVELS[others]] * players
        levels[seat] = ALL_LEVELS[hero]
        winner = play_game(levels, seed + i)
        tally.games += 1
        tally.wins += winner == seat
        tally.unfinished += winner is None
    tally.seconds = time.perf_counter() - start
    return tally


def format_tallies(tallies: Sequence[Tally]) -> str:
    if not tallies:
        return "no games"
    players = tallies[0].players
    lines = [
        f"Svolota, {players} players: one seat of a level against {players - 1} of another",
        f"{'level':<8}{'against':<10}{'games':>7}{'wins':>7}{'rate':>8}{'95% interval':>17}{'chance':>8}"
        f"{'x chance':>10}",
    ]
    for t in tallies:
        low, high = t.interval()
        lines.append(
            f"{t.hero:<8}{t.others + ' x' + str(t.players - 1):<10}{t.games:>7}{t.wins:>7}{t.rate:>8.1%}"
            f"{f'{low:.1%} – {high:.1%}':>17}{t.chance:>8.1%}{t.rate / t.chance:>10.2f}"
            + (f"  ({t.unfinished} cut off)" if t.unfinished else "")
        )
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.svolota_levels", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--games", type=int, default=2000, help="games per line (default 2000)")
    parser.add_argument("--seed", type=int, default=0, help="the first game's seed (then seed+1, …)")
    parser.add_argument("--players", type=int, default=4, choices=range(3, 7), help="table size, 3–6")
    args = parser.parse_args(argv)
    started = time.perf_counter()
    tallies = [match(h, o, games=args.games, players=args.players, seed=args.seed) for h, o in MATCHUPS]
    print(format_tallies(tallies))
    print(f"(seeds {args.seed}–{args.seed + args.games - 1}; {time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
