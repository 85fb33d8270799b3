"""The same seeded games give the same moves, events, views and positions as they did at main
047d82c, before the hot-loop work of issue 33 (tests/core/digests.py says what a digest covers).

A change to the rules that is meant to change play changes these digests: print them again with
`python -m tests.core.digests` (300 of each) and `python -m tests.core.digests speed:100
racing_demon:20`, and say why in the commit."""

from __future__ import annotations

import pytest

from tests.core.digests import digest

# (game, games) -> digest, computed at 047d82c. The fast tier plays all 300 games of Svolota, the first
# 100 of Speed and 20 of Racing Demon (a game of it takes ~450 decisions); the slow tier's
# test_compiled.py plays the 300 of each, pure and compiled.
GOLDEN: dict[tuple[str, int], str] = {
    ("svolota", 300): "226a1bbe0a0c14677cb31ac1bb4d9b7edb3ce21b2a774de5891f451fe485a276",
    ("speed", 300): "08a65da1591b4f50ac83bec4524f3a2a557e71cf9c315aa83998f2349e38a9a1",
    ("racing_demon", 300): "0b416c59e69bfb0e9cd628de77f8224f00c2e9ac2f43604b4e16dd660ee283c3",
    ("speed", 100): "23a04917159d53f597375593284f6459f409a28f7fb6eb946b2c4d175c19a9a2",
    ("racing_demon", 20): "37da0a8a0cc6f579e49389f439fd29afa062f2b4aa1e6cfaaec9c45e8540d4a4",
}
FAST = [("svolota", 300), ("speed", 100), ("racing_demon", 20)]


@pytest.mark.parametrize(("game_id", "games"), FAST)
def test_seeded_games_are_played_as_before(game_id: str, games: int) -> None:
    assert digest(game_id, games) == GOLDEN[game_id, games]
