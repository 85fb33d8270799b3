"""Invariants of random legal play: cards are conserved, JSON round-trips at every step, replays
are identical; and games between computer players always end."""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bench.realtime import run_match
from core import IllegalMove, new_game
from core.cards import STANDARD_DECK
from core.games.speed.computer import LEVELS
from core.games.speed.game import Speed
from tests.examples import examples

PLAYERS = ["ann", "bob"]
STEPS = 250
options_strategy = st.fixed_dictionaries(
    {"stacks": st.sampled_from([4, 5]), "colours": st.booleans(), "target": st.sampled_from([0, 0, 10])}
)


def new_speed(seed: int, options: dict[str, Any]) -> Speed:
    game = new_game("speed", PLAYERS, seed=seed, options=options)
    assert isinstance(game, Speed)
    return game


def random_play(game: Speed, chooser: random.Random, steps: int = STEPS) -> list[tuple[str, str]]:
    """Up to `steps` random legal moves by a random player (either may act), as (player, text)."""
    log = []
    for _ in range(steps):
        able = [p for p in PLAYERS if game.moves(p)]
        if not able:
            break
        player = chooser.choice(able)
        text = chooser.choice(game.moves(player))
        game.play(player, text)
        log.append((player, text))
    return log


@settings(max_examples=examples(40), deadline=None)
@given(seed=st.integers(0, 2**32), options=options_strategy, choice=st.integers(0, 2**32))
def test_random_legal_play_keeps_every_card_once_and_round_trips_at_every_step(
    seed: int, options: dict[str, Any], choice: int
) -> None:
    game = new_speed(seed, options)
    chooser = random.Random(choice)
    for _ in range(STEPS):
        assert Counter(game.table.cards()) == Counter(STANDARD_DECK)
        assert len(game.table.cards()) == 52
        text = game.to_json()
        copy = Speed.from_json(text)
        assert copy.to_json() == text
        assert copy.moves("ann") == game.moves("ann") and copy.moves("bob") == game.moves("bob")
        if game.over:
            assert game.moves("ann") == game.moves("bob") == []
            break
        player = chooser.choice(PLAYERS)
        moves = game.moves(player)
        if not moves:
            continue
        move = chooser.choice(moves)
        events = game.play(player, move)
        copy.play(player, move)
        assert copy.to_json() == game.to_json()  # the copy goes on exactly as the original
        assert all(str(e) for e in events)
        garbage = chooser.choice(["play 9 9", "flip 0", "new", "fill 1", "play 1 1", "xyzzy"])
        before = game.to_json()
        try:
            game.play(player, garbage)
        except IllegalMove:
            assert game.to_json() == before


@settings(max_examples=examples(25), deadline=None)
@given(seed=st.integers(0, 2**32), options=options_strategy, choice=st.integers(0, 2**32))
def test_replays_from_the_same_seed_and_moves_are_identical(seed: int, options: dict[str, Any], choice: int) -> None:
    game = new_speed(seed, options)
    log = random_play(game, random.Random(choice))
    replay = new_speed(seed, options)
    for player, text in log:
        replay.play(player, text)
    assert replay.to_json() == game.to_json()
    assert replay.scores == game.scores and replay.winner == game.winner and replay.over == game.over


CASES = [
    ("hard", "easy", {}),
    ("normal", "normal", {"stacks": 4}),
    ("easy", "hard", {"colours": True}),
    ("hard", "normal", {"target": 25}),
    ("easy", "easy", {"target": 15, "colours": True, "stacks": 4}),
]


@pytest.mark.parametrize(("first", "second", "options"), CASES)
@pytest.mark.parametrize("seed", range(6))
def test_a_game_between_computer_players_always_ends(
    first: str, second: str, options: dict[str, Any], seed: int
) -> None:
    game = new_speed(seed, options)
    result = run_match(game, [LEVELS[first], LEVELS[second]], random.Random(seed), max_seconds=36_000)
    assert game.over and not result.stuck
    assert Counter(game.table.cards()) == Counter(STANDARD_DECK)
