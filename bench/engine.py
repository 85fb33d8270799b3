"""Engine speed: decisions per second of random play, and how long a computer player takes to decide.

    python -m bench.engine            # the full run (about two minutes)
    python -m bench.engine --quick    # a rough run in a few seconds

Random play drives whole games from seeded deals (dealing is not timed, only the decision loop),
at two levels, each side doing exactly this per decision:

- bare rules. Ours: `legal_moves(seat)`, a uniformly random choice, `apply(seat, move)` (which
  verifies the move and returns its events). RLCard UNO: `round.get_legal_actions(players,
  current_player)` (what `UnoGame.get_legal_actions` calls), a random choice,
  `round.proceed_round(players, action)` (what `UnoGame.step` calls before building the next
  player's state).
- rules + observation. Ours: the bare rules, then `view(seat)` for the seat to act next (the
  observation a player gets). UNO: `UnoGame.get_legal_actions()`, a random choice,
  `UnoGame.step(action)` (the round's rules, then the next player's state dict, its legal actions
  included).

In a turn-based game the seat to act is `game.turn`. In a real-time game (Speed, Racing Demon) a
decision lists `legal_moves` for every seat, picks a random seat among those that have one, and
applies a random move of it; these rows are bare rules only.

Every row is measured in several rounds (default 5), the rows taking turns (each round runs them
all, in reverse order every other round), so that other work on the machine falls on all rows
alike; a row shows the median, the slowest and the fastest of its rounds. The Svolota/UNO ratios
are median over median of the same run: compare them, not single rows, between runs.

With `rlcard` installed (the `bench` extra) UNO runs at 3 and 4 players, at both levels, in the
same run as ours; without it the comparison is skipped.

With the compiled build present and current (`make compiled`, core/compiled.py), Svolota's rows
are measured with both engines in the same run: the pure-Python core in this process, the compiled
one in a worker process (`CARDBOT_COMPILED=1 python -m bench.engine --serve`) that plays each round
when this process asks, so that its rounds take turns with the others; the ratios are printed for
each engine. `--no-compiled` leaves the compiled rows out.

Computer decision time covers what a computer player does for one decision: build its view, list
its legal moves, and `level.policy.choose(view, legal, rng)`; every seat plays at that level.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from importlib import import_module
from typing import Any, Final

import core
from core.compiled import DEFAULT_BUILD, ENV, load_build
from core.computer import Level, Searching
from core.game import Game
from core.registry import GAMES, game_class

BARE: Final = "bare"  # legal moves + random choice + apply
OBSERVE: Final = "observe"  # the same, then the next seat's observation
LEVEL_TEXT: Final = {BARE: "bare rules", OBSERVE: "rules + view"}

# Player counts per level: Svolota's 3 and 4 are the ones compared with UNO.
PLAYER_COUNTS: dict[str, dict[str, tuple[int, ...]]] = {
    "svolota": {BARE: (3, 4, 6), OBSERVE: (3, 4)},
    "speed": {BARE: (2,)},
    "racing_demon": {BARE: (2, 4, 8)},
}
UNO_PLAYERS: tuple[int, ...] = (3, 4)
COMPARED = "svolota"  # the game whose rows are set against UNO's
REALTIME = frozenset({"speed", "racing_demon"})
PURE, COMPILED = "pure", "compiled"  # the engines: the Python core, its mypyc build (core/compiled.py)
ENGINE: Final = COMPILED if core.COMPILED else PURE  # this process's
# Svolota / UNO, median over median (issue 33): by engine and level; none for the pure rules + view.
TARGETS: dict[tuple[str, str], float] = {(PURE, BARE): 1.0, (COMPILED, BARE): 1.5, (COMPILED, OBSERVE): 1.5}
LEVEL_PLAYERS: dict[str, int] = {"svolota": 4, "speed": 2, "racing_demon": 4}  # table size for timing levels
SEARCHED = 1_000  # decisions timed for a level that searches (tens of ms each, not microseconds)
MAX_STEPS = 20_000  # a game still going after this many decisions is cut off (and counted)
ROUNDS = 5
QUICK_ROUNDS = 3


@dataclass
class Rate:
    """One round of one row: whole games until enough time and games are done."""

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
class Row:
    """One game at one table size and level, on one engine, measured in several rounds."""

    label: str
    players: int
    level: str
    rounds: list[Rate] = field(default_factory=list)
    engine: str = ENGINE  # "" for UNO

    @property
    def name(self) -> str:
        return f"{self.label} {self.players}p {self.level}{f' {self.engine}' if self.engine else ''}"

    def _rates(self) -> list[float]:
        return [r.per_second for r in self.rounds]

    @property
    def median(self) -> float:
        return statistics.median(self._rates()) if self.rounds else 0.0

    @property
    def low(self) -> float:
        return min(self._rates(), default=0.0)

    @property
    def high(self) -> float:
        return max(self._rates(), default=0.0)

    @property
    def games(self) -> int:
        return sum(r.games for r in self.rounds)

    @property
    def decisions(self) -> int:
        return sum(r.decisions for r in self.rounds)

    @property
    def cut(self) -> int:
        return sum(r.cut for r in self.rounds)


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


def player_counts(game_id: str, cls: type[Game[Any, Any]], level: str = BARE) -> tuple[int, ...]:
    counts = PLAYER_COUNTS.get(game_id)
    if counts is None:
        return tuple(sorted({cls.min_players, cls.max_players})) if level == BARE else ()
    return counts.get(level, ())


def seat_names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def is_realtime(game_id: str, cls: type[Game[Any, Any]]) -> bool:
    return game_id in REALTIME or not hasattr(cls, "turn")


# ----- random play ----------------------------------------------------------------------------


def random_game(
    game: Game[Any, Any], rng: random.Random, realtime: bool, observe: bool = False
) -> tuple[int, float, bool]:
    """Play `game` to the end at random; (decisions, seconds of the decision loop, cut off).
    `observe` (turn-based only) also builds the view of the seat to act next after every move."""
    seats = range(len(game.players))
    legal_moves, apply, view, choice = game.legal_moves, game.apply, game.view, rng.choice
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
    elif observe:
        while not game.over and decisions < MAX_STEPS:
            seat = game.turn  # type: ignore[attr-defined]  # every turn-based game says whose turn it is
            apply(seat, choice(legal_moves(seat)))
            following = game.turn  # type: ignore[attr-defined]  # None once the game is over
            view(seat if following is None else following)
            decisions += 1
    else:
        while not game.over and decisions < MAX_STEPS:
            seat = game.turn  # type: ignore[attr-defined]
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
    observe: bool = False,
    seconds: float = 1.0,
    min_games: int = 10,
    max_games: int | None = None,
    seed: int = 0,
) -> Rate:
    """One round of random play of `game_id` at `players` (see the module's docstring)."""
    cls = game_class(game_id)
    realtime = is_realtime(game_id, cls)
    if realtime and observe:
        raise ValueError(f"{game_id} is real-time: its rows are bare rules only")
    rng = random.Random(seed)
    names = seat_names(players)

    def play_one(i: int) -> tuple[int, float, bool]:
        return random_game(cls.new(names, seed=seed + i), rng, realtime, observe)

    play_one(-1)  # warm up, untimed
    return _measure(Rate(game_id, players), play_one, seconds, min_games, max_games)


def uno_rate(
    *,
    players: int = 4,
    bare_round: bool = False,
    seconds: float = 1.0,
    min_games: int = 10,
    max_games: int | None = None,
    seed: int = 0,
) -> Rate | None:
    """One round of RLCard's UNO at random; None without rlcard.

    `bare_round`: the bare rules, `round.get_legal_actions` + random choice + `round.proceed_round`
    (as `UnoGame` drives them, minus building the next player's state). Otherwise rules +
    observation: `UnoGame.get_legal_actions()` + random choice + `UnoGame.step(action)`."""
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
        round_, hands = game.round, game.players
        decisions = 0
        start = time.perf_counter()
        if bare_round:
            legal, proceed = round_.get_legal_actions, round_.proceed_round
            while not round_.is_over and decisions < MAX_STEPS:
                proceed(hands, choice(legal(hands, round_.current_player)))
                decisions += 1
        else:
            legal_actions, step = game.get_legal_actions, game.step
            while not game.is_over() and decisions < MAX_STEPS:
                step(choice(legal_actions()))
                decisions += 1
        return decisions, time.perf_counter() - start, not round_.is_over

    play_one(-1)
    return _measure(Rate("rlcard uno", players), play_one, seconds, min_games, max_games)


# ----- the compiled engine, in a process of its own -------------------------------------------


def compiled_build_state() -> str | None:
    """None if the compiled build is there and made from these sources; else why not."""
    try:
        load_build(DEFAULT_BUILD)
    except ImportError as e:
        return str(e)
    return None


class CompiledWorker:
    """A `python -m bench.engine --serve` process on the compiled build: it measures one round of
    random play when asked (a JSON line in, a Rate as a JSON line out)."""

    def __init__(self) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "bench.engine", "--serve"],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env={**os.environ, ENV: str(DEFAULT_BUILD)},
        )

    def rate(self, game_id: str, players: int, **kwargs: Any) -> Rate:
        stdin, stdout = self.process.stdin, self.process.stdout
        assert stdin is not None and stdout is not None
        stdin.write(json.dumps({"game_id": game_id, "players": players, **kwargs}) + "\n")
        stdin.flush()
        line = stdout.readline()
        if not line:
            raise RuntimeError(f"the compiled worker stopped (exit code {self.process.wait()})")
        reply = json.loads(line)
        if "error" in reply:
            raise RuntimeError(reply["error"])
        return Rate(**reply)

    def close(self) -> None:
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait()


def serve() -> None:
    """The worker's side: one round of `random_play_rate` for each request line, until stdin ends."""
    if not core.COMPILED:
        print(json.dumps({"error": f"the worker is not on the compiled build ({ENV} unset)"}), flush=True)
        return
    for line in sys.stdin:
        try:
            rate = random_play_rate(**json.loads(line))
            fields = ("label", "players", "games", "decisions", "seconds", "cut")
            reply: dict[str, Any] = {k: getattr(rate, k) for k in fields}
        except Exception as e:
            reply = {"error": f"{type(e).__name__}: {e}"}
        print(json.dumps(reply), flush=True)


# ----- computer players -----------------------------------------------------------------------


def decision_times(
    game_id: str, level: Level[Any, Any], players: int, *, decisions: int = 20_000, seed: int = 0
) -> Timing:
    """Microseconds per computer decision (view + legal moves + choose), every seat at `level`."""
    cls = game_class(game_id)
    realtime = is_realtime(game_id, cls)
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
    rows: list[Row]
    timings: list[Timing]
    notes: list[str]
    rounds: int = ROUNDS

    def row(self, label: str, players: int, level: str, engine: str = "") -> Row | None:
        return next(
            (
                r
                for r in self.rows
                if r.label == label and r.players == players and r.level == level and r.engine == engine and r.rounds
            ),
            None,
        )

    def ratio(self, players: int, level: str, engine: str = ENGINE) -> float | None:
        """Svolota on `engine` over UNO at `players` and `level`: median decisions/s over median."""
        mine, uno = self.row(COMPARED, players, level, engine), self.row("rlcard uno", players, level)
        if mine is None or uno is None or not uno.median:
            return None
        return mine.median / uno.median


def rlcard_installed() -> bool:
    return importlib.util.find_spec("rlcard") is not None


def _rows(
    loaded: dict[str, type[Game[Any, Any]]], sizes: dict[str, Any], uno: bool, worker: CompiledWorker | None = None
) -> list[tuple[Row, Callable[[], Rate | None]]]:
    """Every row to measure, with the function that measures one round of it; ours by level (the
    compared game's on the compiled engine too, with a `worker`), then UNO's next to the rows it is
    compared with."""
    rows: list[tuple[Row, Callable[[], Rate | None]]] = []
    for level in (BARE, OBSERVE):
        for gid, cls in loaded.items():
            for n in player_counts(gid, cls, level):
                measure = partial(random_play_rate, gid, n, observe=level == OBSERVE, **sizes)
                rows.append((Row(gid, n, level), measure))
                if worker is not None and gid == COMPARED and n in UNO_PLAYERS:
                    measure = partial(worker.rate, gid, n, observe=level == OBSERVE, **sizes)
                    rows.append((Row(gid, n, level, engine=COMPILED), measure))
        if uno:
            for n in UNO_PLAYERS:
                measure_uno = partial(uno_rate, players=n, bare_round=level == BARE, **sizes)
                rows.append((Row("rlcard uno", n, level, engine=""), measure_uno))
    return rows


def run(
    *,
    seconds: float = 1.0,
    rounds: int = ROUNDS,
    min_games: int = 10,
    max_games: int | None = None,
    decisions: int = 20_000,
    seed: int = 0,
    games: Sequence[str] | None = None,
    uno: bool = True,
    compiled: bool = True,
) -> Report:
    """Every random-play row once per round, the rows taking turns (in reverse order every other
    round, so that neither end of the list is favoured); then the computer levels."""
    loaded, skipped = load_games(games)
    report = Report([], [], [f"skipped {gid}: {why}" for gid, why in skipped.items()], rounds=max(1, rounds))
    with_uno = uno and rlcard_installed()
    if uno and not with_uno:
        report.notes.append("rlcard is not installed: no UNO comparison (pip install -e '.[bench]')")
    sizes: dict[str, Any] = {"seconds": seconds, "min_games": min_games, "max_games": max_games, "seed": seed}
    worker = None
    if compiled and ENGINE == PURE and COMPARED in loaded:
        why_not = compiled_build_state()
        if why_not is None:
            worker = CompiledWorker()
        else:
            report.notes.append(f"no compiled rows: {why_not}")
    try:
        rows = _rows(loaded, sizes, with_uno, worker)
        _measure_rows(report, rows)
    finally:
        if worker is not None:
            worker.close()
    report.rows = [row for row, _ in rows if row.rounds]
    _times(report, loaded, decisions, seed)
    return report


def _measure_rows(report: Report, rows: list[tuple[Row, Callable[[], Rate | None]]]) -> None:
    """Each row once per round, in reverse order every other round; a row that fails is dropped."""
    failed: set[str] = set()
    for i in range(report.rounds):
        for row, measure in rows if i % 2 == 0 else rows[::-1]:
            if row.name in failed:
                continue
            try:
                rate = measure()
            except Exception as e:
                failed.add(row.name)
                report.notes.append(f"{row.name} random play failed: {type(e).__name__}: {e}")
                continue
            if rate is not None:
                row.rounds.append(rate)


def _times(report: Report, loaded: dict[str, type[Game[Any, Any]]], decisions: int, seed: int) -> None:
    """The computer levels' decision times."""
    for gid, cls in loaded.items():
        try:
            levels = load_levels(gid)
        except Exception as e:
            report.notes.append(f"{gid}: no computer levels ({type(e).__name__}: {e})")
            continue
        n = LEVEL_PLAYERS.get(gid, cls.min_players)
        for level in levels.values():
            try:
                count = min(decisions, SEARCHED) if isinstance(level.policy, Searching) else decisions
                report.timings.append(decision_times(gid, level, n, decisions=count, seed=seed))
            except Exception as e:
                report.notes.append(f"{gid} {level.name} timing failed: {type(e).__name__}: {e}")


LEGEND: Final = (
    "Per decision:",
    "  bare rules    ours: legal_moves(seat) + random choice + apply(seat, move)",
    "                UNO:  round.get_legal_actions(players, current_player) + random choice"
    " + round.proceed_round(players, action)",
    "  rules + view  ours: bare rules + view(seat to act next)",
    "                UNO:  UnoGame.get_legal_actions() + random choice + UnoGame.step(action)"
    " (builds the next player's state)",
    "  real-time games (speed, racing_demon): legal_moves for every seat, a random seat that has one,"
    " apply a random move",
)


def format_report(report: Report) -> str:
    lines = [
        f"Random play, whole seeded games; each row measured in {report.rounds} rounds, the rows taking turns;"
        " decisions/s per round",
        *LEGEND,
        "",
        f"{'level':<14}{'game':<14}{'engine':<10}{'players':>8}{'games':>8}{'decisions':>11}{'per game':>10}"
        f"{'cut':>5}{'median/s':>11}{'min/s':>11}{'max/s':>11}",
    ]
    for r in report.rows:
        per_game = r.decisions / r.games if r.games else 0.0
        lines.append(
            f"{LEVEL_TEXT[r.level]:<14}{r.label:<14}{r.engine:<10}{r.players:>8}{r.games:>8}{r.decisions:>11}"
            f"{per_game:>10.1f}{r.cut:>5}{r.median:>11,.0f}{r.low:>11,.0f}{r.high:>11,.0f}"
        )
    ratios = [
        (n, level, engine, ratio)
        for level in (BARE, OBSERVE)
        for n in UNO_PLAYERS
        for engine in (PURE, COMPILED)
        if (ratio := report.ratio(n, level, engine)) is not None
    ]
    if ratios:
        lines += ["", f"Svolota / UNO: median over median decisions/s, of this one run ({report.rounds} rounds)"]
    for n, level, engine, ratio in ratios:
        target = TARGETS.get((engine, level))
        verdict = "" if target is None else f"  ({'meets' if ratio >= target else 'below'} the {target}x target)"
        lines.append(f"Svolota {n}p / UNO {n}p, {LEVEL_TEXT[level]}, {engine}: {ratio:.2f}x{verdict}")
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
    parser.add_argument(
        "--rounds", type=int, default=None, help=f"rounds per row (default {ROUNDS}; --quick {QUICK_ROUNDS})"
    )
    parser.add_argument("--min-games", type=int, default=10, help="at least this many games per row and round")
    parser.add_argument("--max-games", type=int, default=None, help="at most this many games per row and round")
    parser.add_argument("--decisions", type=int, default=20_000, help="computer decisions timed per level")
    parser.add_argument("--seed", type=int, default=0, help="the first deal's seed (then seed+1, …)")
    parser.add_argument("--game", action="append", dest="games", choices=list(GAMES), help="only this game")
    parser.add_argument("--no-uno", action="store_true", help="skip the RLCard UNO comparison")
    parser.add_argument("--no-compiled", action="store_true", help="skip the compiled engine's rows")
    parser.add_argument("--quick", action="store_true", help="a rough run in a few seconds")
    parser.add_argument("--serve", action="store_true", help=argparse.SUPPRESS)  # the compiled worker's side
    args = parser.parse_args(argv)
    if args.serve:
        serve()
        return
    rounds = ROUNDS if args.rounds is None else args.rounds
    if args.quick:
        args.seconds, args.min_games, args.decisions = 0.15, 3, 2_000
        rounds = QUICK_ROUNDS if args.rounds is None else args.rounds
    started = time.perf_counter()
    report = run(
        seconds=args.seconds,
        rounds=rounds,
        min_games=args.min_games,
        max_games=args.max_games,
        decisions=args.decisions,
        seed=args.seed,
        games=args.games,
        uno=not args.no_uno,
        compiled=not args.no_compiled,
    )
    print(format_report(report))
    print(f"({time.perf_counter() - started:.1f} s)")


if __name__ == "__main__":
    main()
