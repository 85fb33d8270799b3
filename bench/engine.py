"""Engine speed: decisions per second of random play, and how long a computer player takes to decide.

    python -m bench.engine            # the full run (about a minute)
    python -m bench.engine --quick    # a rough run in a few seconds

Random play goes through the native API only: `legal_moves(seat)`, a uniformly random choice,
`apply(seat, move)`, over whole games from seeded deals. Only the decision loop is timed (dealing is
not). In a turn-based game the seat to act is `game.turn`; in a real-time game each step picks a
random seat among those with a legal move (looking at every seat is part of the timed work). Each
row is measured in several rounds, the rows taking turns, and its best round is shown, so that
other work on the machine disturbs the comparison as little as possible.

With `rlcard` installed (the `bench` extra), RLCard's UNO game is driven the same way in the same
run — `get_legal_actions()`, a random choice, `step(action)`, whole games from seeded deals — and
the ratio of 4-player Svolota to 4-player UNO decisions per second is printed (the target is 1.5×).
`UnoGame.step` also builds the next player's state dict; a second UNO line calls the round's rules
(`round.proceed_round`) without it, for the stricter comparison.

Computer decision time covers what a computer player does for one decision: build its view, list
its legal moves, and `level.policy.choose(view, legal, rng)`; every seat plays at that level.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from importlib import import_module
from typing import Any

from core.computer import Level
from core.game import Game
from core.registry import GAMES, game_class

PLAYER_COUNTS: dict[str, tuple[int, ...]] = {"svolota": (3, 4, 6), "speed": (2,), "racing_demon": (2, 4, 8)}
REALTIME = frozenset({"speed", "racing_demon"})
LEVEL_PLAYERS: dict[str, int] = {"svolota": 4, "speed": 2, "racing_demon": 4}  # table size for timing levels
MAX_STEPS = 20_000  # a game still going after this many decisions is cut off (and counted)
UNO_PLAYERS = 4
TARGET_RATIO = 1.5


@dataclass
class Rate:
    label: str
    players: int
    games: int = 0
    decisions: int = 0
    seconds: float = 0.0
    cut: int = 0  # games stopped before the end: MAX_STEPS reached, or nobody could move

    @property
    def per_second(self) -> float:
        return self.decisions / self.seconds if self.seconds > 0 else 0.0


@dataclass
class Timing:
    game: str
    players: int
    level: str
    micros: list[float]

    def percentile(self, p: float) -> float:
        """Nearest-rank percentile of the samples, in microseconds."""
        ordered = sorted(self.micros)
        if not ordered:
            return 0.0
        rank = max(1, min(len(ordered), round(p / 100 * len(ordered) + 0.5)))
        return ordered[rank - 1]


# ----- loading what is there ------------------------------------------------------------------


def load_games(ids: Sequence[str] | None = None) -> tuple[dict[str, type[Game[Any, Any]]], dict[str, str]]:
    """The registered games that import, and why each of the others did not."""
    loaded: dict[str, type[Game[Any, Any]]] = {}
    skipped: dict[str, str] = {}
    for gid in ids or list(GAMES):
        try:
            loaded[gid] = game_class(gid)
        except Exception as e:  # a game under construction must not stop the others
            skipped[gid] = f"{type(e).__name__}: {e}"
    return loaded, skipped


def load_levels(game_id: str) -> dict[str, Level[Any, Any]]:
    """The game's computer levels (`core.games.<id>.computer.LEVELS`); ImportError etc. if absent."""
    levels: dict[str, Level[Any, Any]] = import_module(f"core.games.{game_id}.computer").LEVELS
    return levels


def player_counts(game_id: str, cls: type[Game[Any, Any]]) -> tuple[int, ...]:
    return PLAYER_COUNTS.get(game_id, tuple(sorted({cls.min_players, cls.max_players})))


def seat_names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


# ----- random play ----------------------------------------------------------------------------


def _random_game(game: Game[Any, Any], rng: random.Random, realtime: bool) -> tuple[int, float, bool]:
    """Play `game` to the end at random; (decisions, seconds of the decision loop, cut off)."""
    seats = range(len(game.players))
    legal_moves, apply, choice = game.legal_moves, game.apply, rng.choice
    decisions = 0
    start = time.perf_counter()
    if realtime:
        while not game.over and decisions < MAX_STEPS:
            options = [(s, legal) for s in seats if (legal := legal_moves(s))]
            if not options:
                break
            seat, legal = choice(options)
            apply(seat, choice(legal))
            decisions += 1
    else:
        while not game.over and decisions < MAX_STEPS:
            seat = game.turn  # type: ignore[attr-defined]  # every turn-based game says whose turn it is
            apply(seat, choice(legal_moves(seat)))
            decisions += 1
    return decisions, time.perf_counter() - start, not game.over


def _measure(
    rate: Rate,
    play_one: Callable[[int], tuple[int, float, bool]],
    seconds: float,
    min_games: int,
    max_games: int | None,
) -> Rate:
    """Play whole games (seeds 0, 1, 2…) until `seconds` of decisions and `min_games` are done."""
    while (rate.seconds < seconds or rate.games < min_games) and (max_games is None or rate.games < max_games):
        decisions, elapsed, cut = play_one(rate.games)
        rate.games += 1
        rate.decisions += decisions
        rate.seconds += elapsed
        rate.cut += cut
    return rate


def random_play_rate(
    game_id: str,
    players: int,
    *,
    seconds: float = 1.0,
    min_games: int = 10,
    max_games: int | None = None,
    seed: int = 0,
) -> Rate:
    cls = game_class(game_id)
    realtime = game_id in REALTIME or not hasattr(cls, "turn")
    rng = random.Random(seed)
    names = seat_names(players)

    def play_one(i: int) -> tuple[int, float, bool]:
        return _random_game(cls.new(names, seed=seed + i), rng, realtime)

    play_one(-1)  # warm up, untimed
    return _measure(Rate(game_id, players), play_one, seconds, min_games, max_games)


def uno_rate(
    *,
    players: int = UNO_PLAYERS,
    bare_round: bool = False,
    seconds: float = 1.0,
    min_games: int = 10,
    max_games: int | None = None,
    seed: int = 0,
) -> Rate | None:
    """RLCard's UNO at random: `get_legal_actions()` + random choice + `step()`; None without rlcard.

    `bare_round` applies the action with `round.proceed_round` (what `step` does before it builds
    the next player's state dict) instead of `step`."""
    try:
        import numpy as np
        from rlcard.games.uno.game import UnoGame
    except ImportError:
        return None
    rng = random.Random(seed)
    choice = rng.choice

    def play_one(i: int) -> tuple[int, float, bool]:
        game = UnoGame(num_players=players)
        game.np_random = np.random.RandomState((seed + i + 1) % 2**32)  # dealer, players and round share it
        game.init_game()
        legal_actions, step = game.get_legal_actions, game.step
        round_, hands = game.round, game.players
        decisions = 0
        start = time.perf_counter()
        if bare_round:
            proceed = round_.proceed_round
            while not round_.is_over and decisions < MAX_STEPS:
                proceed(hands, choice(legal_actions()))
                decisions += 1
        else:
            while not game.is_over() and decisions < MAX_STEPS:
                step(choice(legal_actions()))
                decisions += 1
        return decisions, time.perf_counter() - start, not round_.is_over

    play_one(-1)
    label = "rlcard uno (round)" if bare_round else "rlcard uno"
    return _measure(Rate(label, players), play_one, seconds, min_games, max_games)


# ----- computer players -----------------------------------------------------------------------


def decision_times(
    game_id: str, level: Level[Any, Any], players: int, *, decisions: int = 20_000, seed: int = 0
) -> Timing:
    """Microseconds per computer decision (view + legal moves + choose), every seat at `level`."""
    cls = game_class(game_id)
    realtime = game_id in REALTIME or not hasattr(cls, "turn")
    rng = random.Random(seed)
    names = seat_names(players)
    choose = level.policy.choose
    micros: list[float] = []
    clock = time.perf_counter
    i = 0
    while len(micros) < decisions:
        game = cls.new(names, seed=seed + i)
        i += 1
        steps = 0
        while not game.over and steps < MAX_STEPS and len(micros) < decisions:
            steps += 1
            if realtime:
                seats = [s for s in range(players) if game.legal_moves(s)]
                rng.shuffle(seats)
            else:
                seats = [game.turn]  # type: ignore[attr-defined]
            move = None
            for seat in seats:  # the first seat that wants to move gets to
                t0 = clock()
                move = choose(game.view(seat), game.legal_moves(seat), rng)
                micros.append((clock() - t0) * 1e6)
                if move is not None:
                    game.apply(seat, move)
                    break
            if move is None:
                break  # nobody can or will move: a stuck real-time game
    return Timing(game_id, players, level.name, micros)


# ----- the run --------------------------------------------------------------------------------


@dataclass
class Report:
    rates: list[Rate]
    timings: list[Timing]
    notes: list[str]
    uno: Rate | None = None
    uno_bare: Rate | None = None
    rounds: int = 1

    def svolota_4p(self) -> Rate | None:
        return next((r for r in self.rates if r.label == "svolota" and r.players == 4), None)

    def ratio(self, uno: Rate | None) -> float | None:
        mine = self.svolota_4p()
        if mine is None or uno is None or not uno.per_second:
            return None
        return mine.per_second / uno.per_second


def rlcard_installed() -> bool:
    return importlib.util.find_spec("rlcard") is not None


def run(
    *,
    seconds: float = 1.0,
    rounds: int = 3,
    min_games: int = 10,
    max_games: int | None = None,
    decisions: int = 20_000,
    seed: int = 0,
    games: Sequence[str] | None = None,
    uno: bool = True,
) -> Report:
    """Every random-play row `rounds` times, one row after another in each round, keeping each
    row's best round (other load on the machine only ever slows a round down); then the levels."""
    loaded, skipped = load_games(games)
    report = Report([], [], [f"skipped {gid}: {why}" for gid, why in skipped.items()], rounds=max(1, rounds))
    sizes: dict[str, Any] = {"seconds": seconds, "min_games": min_games, "max_games": max_games, "seed": seed}
    rows: list[tuple[str, Callable[[], Rate | None]]] = [
        (f"{gid} {n}p", partial(random_play_rate, gid, n, **sizes))
        for gid, cls in loaded.items()
        for n in player_counts(gid, cls)
    ]
    if uno and rlcard_installed():
        rows.append(("uno", partial(uno_rate, **sizes)))
        rows.append(("uno round", partial(uno_rate, bare_round=True, **sizes)))
    elif uno:
        report.notes.append("rlcard is not installed: no UNO comparison (pip install -e '.[bench]')")
    best: dict[str, Rate] = {}
    failed: set[str] = set()
    for _ in range(report.rounds):
        for name, measure in rows:
            if name in failed:
                continue
            try:
                rate = measure()
            except Exception as e:
                failed.add(name)
                report.notes.append(f"{name} random play failed: {type(e).__name__}: {e}")
                continue
            if rate is not None and (name not in best or rate.per_second > best[name].per_second):
                best[name] = rate
    report.rates = [best[name] for name, _ in rows if name in best and not name.startswith("uno")]
    report.uno, report.uno_bare = best.get("uno"), best.get("uno round")
    for gid, cls in loaded.items():
        try:
            levels = load_levels(gid)
        except Exception as e:
            report.notes.append(f"{gid}: no computer levels ({type(e).__name__}: {e})")
            continue
        n = LEVEL_PLAYERS.get(gid, cls.min_players)
        for level in levels.values():
            try:
                report.timings.append(decision_times(gid, level, n, decisions=decisions, seed=seed))
            except Exception as e:
                report.notes.append(f"{gid} {level.name} timing failed: {type(e).__name__}: {e}")
    return report


def format_report(report: Report) -> str:
    lines = [
        "Random play through the native API (legal moves + random choice + apply), whole seeded games"
        f" (best of {report.rounds} rounds)",
        f"{'game':<20}{'players':>8}{'games':>8}{'decisions':>11}{'per game':>10}{'cut':>5}"
        f"{'decisions/s':>13}",
    ]
    rates = list(report.rates) + [r for r in (report.uno, report.uno_bare) if r is not None]
    for r in rates:
        per_game = r.decisions / r.games if r.games else 0.0
        lines.append(
            f"{r.label:<20}{r.players:>8}{r.games:>8}{r.decisions:>11}{per_game:>10.1f}{r.cut:>5}"
            f"{r.per_second:>13,.0f}"
        )
    for uno, what in ((report.uno, "UnoGame.step"), (report.uno_bare, "round.proceed_round")):
        ratio = report.ratio(uno)
        if ratio is not None:
            verdict = "meets" if ratio >= TARGET_RATIO else "below"
            lines.append(
                f"Svolota 4p / UNO 4p ({what}): {ratio:.2f}x  ({verdict} the {TARGET_RATIO}x target)"
            )
    if report.timings:
        lines += [
            "",
            "Computer decision time (view + legal moves + policy.choose), microseconds",
            f"{'game':<20}{'players':>8}{'level':>9}{'decisions':>11}{'p50':>9}{'p99':>9}{'max':>9}",
        ]
        for t in report.timings:
            lines.append(
                f"{t.game:<20}{t.players:>8}{t.level:>9}{len(t.micros):>11}{t.percentile(50):>9.1f}"
                f"{t.percentile(99):>9.1f}{max(t.micros, default=0.0):>9.1f}"
            )
    if report.notes:
        lines += ["", *(f"note: {n}" for n in report.notes)]
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.engine", description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="decision-loop time per row and round")
    parser.add_argument("--rounds", type=int, default=3, help="measure each row this often, keep the best")
    parser.add_argument("--min-games", type=int, default=10, help="at least this many games per row and round")
    parser.add_argument("--max-games", type=int, default=None, help="at most this many games per row")
    parser.add_argument("--decisions", type=int, default=20_000, help="computer decisions timed per level")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed (then seed+1, …)")
    parser.add_argument("--game", action="append", dest="games", choices=list(GAMES), help="only this game")
    parser.add_argument("--no-uno", action="store_true", help="skip the RLCard UNO comparison")
    parser.add_argument("--quick", action="store_true", help="a rough run in a few seconds")
    args = parser.parse_args(argv)
    if args.quick:
        args.seconds, args.rounds, args.min_games, args.decisions = 0.2, 2, 3, 2_000
    started = time.perf_counter()
    report = run(
        seconds=args.seconds,
        rounds=args.rounds,
        min_games=args.min_games,
        max_games=args.max_games,
        decisions=args.decisions,
        seed=args.seed,
        games=args.games,
        uno=not args.no_uno,
    )
    print(format_report(report))
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
