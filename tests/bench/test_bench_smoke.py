"""The benchmarks run: tiny sizes, no timing asserts."""

from __future__ import annotations

import importlib.util
import random

import pytest

import core.registry
from bench import engine, svolota_levels
from core.games.svolota.computer import LEVELS
from core.games.svolota.game import Svolota

pytestmark = pytest.mark.slow  # the benchmarks run whole, small

HAS_RLCARD = importlib.util.find_spec("rlcard") is not None


def test_random_play_counts_whole_games() -> None:
    rate = engine.random_play_rate("svolota", 4, seconds=0, min_games=2, max_games=2, seed=5)
    assert rate.games == 2
    assert rate.decisions > 0
    assert rate.cut == 0
    assert rate.per_second > 0


def test_real_time_driver_plays_a_game_to_the_end() -> None:
    game = Svolota.new(["a", "b", "c"], seed=3)
    decisions, seconds, cut = engine.random_game(game, random.Random(0), realtime=True)
    assert game.over and not cut
    assert decisions > 0 and seconds >= 0


@pytest.mark.parametrize("realtime", [False, True])
def test_decision_times(monkeypatch: pytest.MonkeyPatch, realtime: bool) -> None:
    if realtime:
        monkeypatch.setattr(engine, "REALTIME", frozenset({"svolota"}))
    timing = engine.decision_times("svolota", LEVELS["hard"], 4, decisions=60, seed=1)
    assert len(timing.micros) == 60
    assert 0 <= timing.percentile(50) <= timing.percentile(99) <= max(timing.micros)


def test_broken_games_are_skipped(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(core.registry.GAMES, "nowhere", "core.games.nowhere.game:Nowhere")
    loaded, skipped = engine.load_games(["svolota", "nowhere"])
    assert list(loaded) == ["svolota"]
    assert "ModuleNotFoundError" in skipped["nowhere"]


@pytest.mark.skipif(not HAS_RLCARD, reason="rlcard (the bench extra) is not installed")
@pytest.mark.parametrize("bare_round", [False, True])
def test_uno_runs(bare_round: bool) -> None:
    rate = engine.uno_rate(bare_round=bare_round, seconds=0, min_games=2, max_games=2, seed=1)
    assert rate is not None
    assert rate.games == 2 and rate.decisions > 0 and rate.cut == 0


def test_engine_main_prints_a_table(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--seconds", "0", "--min-games", "1", "--max-games", "1", "--decisions", "20", "--game", "svolota"]
    engine.main(args)
    out = capsys.readouterr().out
    assert "decisions/s" in out
    assert out.count("svolota") >= 6  # three player counts, three levels
    if HAS_RLCARD:
        assert "Svolota 4p / UNO 4p" in out


def test_levels_match_and_interval() -> None:
    tally = svolota_levels.match("hard", "random", games=6, players=4, seed=2)
    assert tally.games == 6 and 0 <= tally.wins <= 6 and tally.unfinished == 0
    low, high = tally.interval()
    assert 0 <= low <= tally.rate <= high <= 1
    assert svolota_levels.wilson(0, 0) == (0.0, 1.0)


def test_levels_main_prints_every_matchup(capsys: pytest.CaptureFixture[str]) -> None:
    svolota_levels.main(["--games", "2", "--players", "3", "--workers", "2"])
    out = capsys.readouterr().out
    assert len([line for line in out.splitlines() if " x2 " in line]) == len(svolota_levels.MATCHUPS)
