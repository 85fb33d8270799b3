"""The levels, measured: over fixed seeded single-deal matches on a virtual clock
(`bench.realtime`), each level beats the one below it by a clear margin, and on strategy alone
(both players reacting like normal) hard and normal each beat easy's play. A correctness bound,
not a timing: every match is seeded, so these figures are the same on every run;
`python -m bench.speed_levels` gives them with thousands of matches and their intervals."""

from __future__ import annotations

import pytest

from bench import speed_levels
from bench.speed_levels import play_pairing
from core.games.speed.computer import LEVELS

pytestmark = pytest.mark.slow  # many games between levels

SEED = 20


def test_each_level_beats_the_one_below_it() -> None:
    for better, worse in (("normal", "easy"), ("hard", "normal")):
        tally = play_pairing(better, worse, 120, SEED, {})
        low, _ = tally.interval()
        assert tally.unfinished == 0
        assert tally.rate() >= 0.65, f"{better} won only {tally.rate():.0%} against {worse}"
        assert low > 0.55


def test_strategy_alone_still_beats_the_beginner() -> None:
    """The same reaction time for both: easy's haste (a flip before a play) and its unweighed
    plays lose to normal's and hard's play. (Hard over normal at the same speed is not asserted:
    at 2,000 matches it is even, 48.8 % (46.6–50.9 %); in Speed the choice between sensible plays
    barely moves the result, and hard is stronger by its speed.)"""
    same = LEVELS["normal"].reaction
    for better in ("normal", "hard"):
        tally = play_pairing(better, "easy", 300, SEED, {}, reaction=same)
        low, _ = tally.interval()
        assert tally.unfinished == 0
        assert low > 0.5, f"{better} won {tally.rate():.1%} ({low:.1%} – …) against easy at the same speed"


def test_the_bench_prints_every_line_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    speed_levels.main(["--matches", "2", "--seed", "3"])
    lines = capsys.readouterr().out.splitlines()
    for first, second in (*speed_levels.PAIRINGS, *speed_levels.STRATEGY_PAIRINGS):
        assert any(line.startswith(f"{first} vs {second} ") and " – " in line for line in lines)
    assert any(line.startswith("strategy alone") for line in lines)
