"""What the press benchmarks measure (bench/telegram.py, bench/discord.py) and how they print it.

Every figure is seconds from the press (the update or interaction queued at the fake, which hands
it to the waiting bot at once) to something the fake received, or that the bot's process did."""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field

BOT, NOOP = "bot", "noop"  # who a press goes to: the bot, or the framework's no-op handler
TARGET = 1.5  # issue 33: a press answered within 1.5x of a no-op handler's time, at p50 and p99


@dataclass
class PressFigures:
    noop_handler: list[float] = field(default_factory=list)  # press -> the no-op handler called
    noop_answer: list[float] = field(default_factory=list)  # press -> the no-op handler's answer at the fake
    noop_edit: list[float] = field(default_factory=list)  # press -> the no-op handler's edit at the fake (Discord)
    handler: list[float] = field(default_factory=list)  # press -> the bot's Service.handle called
    handle: list[float] = field(default_factory=list)  # Service.handle itself (load, apply, save, commit, queue)
    answer: list[float] = field(default_factory=list)  # press -> the bot's answer at the fake
    going_on: list[float] = field(default_factory=list)  # `answer`, of the presses after which the game went on
    last_move: list[float] = field(default_factory=list)  # `answer`, of the presses that ended their game
    board: list[float] = field(default_factory=list)  # press -> the board's edit at the fake
    panel: list[float] = field(default_factory=list)  # press -> the presser's panel's edit at the fake
    games: int = 0  # games opened for the presses along the way
    refused: int = 0  # presses the bot answered with a refusal (should stay 0)

    def bot_press(
        self,
        pressed: float,
        called: float,
        returned: float,
        answered: float,
        board: float,
        panel: float | None,
        refused: bool,
        ended: bool,
    ) -> None:
        """One of the bot's presses, its moments on one clock (`panel` None: none was drawn, as
        after a game's last move, whose result is drawn on the board). `ended`: it was the game's
        last move, whose change also rates the game before it is committed and answered."""
        self.handler.append(called - pressed)
        self.handle.append(returned - called)
        self.answer.append(answered - pressed)
        (self.last_move if ended else self.going_on).append(answered - pressed)
        self.board.append(board - pressed)
        if panel is not None:
            self.panel.append(panel - pressed)
        self.refused += refused


@dataclass(frozen=True, slots=True)
class Turn:
    """Whose presses come next, how many, and how many of the first are warm-up (not measured)."""

    who: str
    presses: int
    warmup: int


def turns(moves: int, rounds: int, warmup: int) -> Iterator[Turn]:
    """`moves` measured presses each for the bot and the no-op, in `rounds` rounds, the two taking
    turns and swapping who goes first each round (a drift of the machine falls on both alike);
    `warmup` unmeasured presses start each one's first turn."""
    for r in range(rounds):
        n = moves // rounds + (r < moves % rounds)
        for who in (NOOP, BOT) if r % 2 == 0 else (BOT, NOOP):
            warm = warmup if r == 0 else 0
            yield Turn(who, n + warm, warm)


def percentile(values: list[float], q: float) -> float:
    """Nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def ratio(ours: list[float], floor: list[float], q: float) -> float:
    base = percentile(floor, q)
    return percentile(ours, q) / base if base else math.inf


def report(
    title: str,
    figures: PressFigures,
    rows: list[tuple[str, list[float]]],
    pairs: list[tuple[str, list[float], list[float]]],
) -> None:
    """`rows`: (label, values) printed p50/p99/max in ms; `pairs`: (what, the bot's, the no-op's)
    printed as ratios at p50 and p99 against the 1.5x target."""
    print(title)
    print(
        f"  {'measured from the press (update queued) to':52} {'presses':>7} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}"
    )
    for label, values in rows:
        p50, p99, top = (percentile(values, 50) * 1000, percentile(values, 99) * 1000, max(values, default=0) * 1000)
        print(f"  {label:52} {len(values):7d} {p50:8.2f} {p99:8.2f} {top:8.2f}")
    for what, ours, floor in pairs:
        r50, r99 = ratio(ours, floor, 50), ratio(ours, floor, 99)
        verdict = "meets" if max(r50, r99) <= TARGET else "above"
        print(f"  bot / no-op ({what}): p50 {r50:.2f}x  p99 {r99:.2f}x  ({verdict} the {TARGET}x target)")
    print(f"  games opened along the way: {figures.games}  refused presses: {figures.refused}")
