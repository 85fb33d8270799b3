"""The levels, measured: over fixed seeded rounds on a virtual clock (`bench.realtime`), each level
finishes clearly ahead of the one below it, and hard finishes ahead of normal on strategy alone
(every seat reacting like normal). A correctness bound, not a timing: every round is seeded, so
these figures are the same on every run; `python -m bench.demon_levels` gives them with
thousands of rounds and their intervals."""

from __future__ import annotations

import pytest

from bench import demon_levels
from bench.demon_levels import duel
from core.games.racing_demon.computer import LEVELS

pytestmark = pytest.mark.slow  # many games between levels

SEED = 20


def test_each_level_finishes_clearly_ahead_of_the_one_below_it() -> None:
    """4-player tables, two seats of each level, every deal played twice with the seats swapped."""
    for better, worse in (("normal", "easy"), ("hard", "normal")):
        result = duel(better, worse, deals=12, seed=SEED)
        mean, _ = result.interval()
        assert result.unfinished == 0
        assert mean >= 5.0, f"{better} ahead of {worse} by only {mean:.2f} points a round"
        assert result.ahead >= 0.8 * result.rounds, f"{better} ahead in only {result.ahead} of {result.rounds}"


def test_each_level_plays_better_than_the_one_below_it_at_the_same_speed() -> None:
    """The same reaction time for every seat: what is left is what each level sees and plans."""
    same = LEVELS["normal"].reaction
    result = duel("hard", "normal", deals=40, seed=SEED, reaction=same)
    mean, half = result.interval()
    assert result.unfinished == 0
    assert mean - half > 0, f"hard ahead of normal by {mean:.2f} ± {half:.2f}: not clearly"
    assert mean >= 1.0, f"hard ahead of normal by only {mean:.2f} points a round"
    result = duel("normal", "easy", deals=10, seed=SEED, reaction=same)
    mean, half = result.interval()
    assert mean - half > 0 and mean >= 2.0, f"normal ahead of easy by {mean:.2f} ± {half:.2f}"


def test_the_bench_prints_every_line_with_its_interval(capsys: pytest.CaptureFixture[str]) -> None:
    demon_levels.main(["--rounds", "3", "--strategy-rounds", "2", "--seed", "3"])
    out = capsys.readouterr().out
    for better, worse in demon_levels.STRATEGY_PAIRS:
        assert any(line.startswith(f"{better} vs {worse} ") and " – " in line for line in out.splitlines())
    assert "95% interval" in out
