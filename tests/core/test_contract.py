"""SPEC §2, the scripting contract, checked the same way for every game."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import GAMES, IllegalMove, load_game, new_game
from tests.core.play import random_steps
from tests.examples import examples

PLAYERS = {"svolota": ["ann", "bob", "cy", "dan"], "speed": ["ann", "bob"], "racing_demon": ["ann", "bob", "cy"]}
GAME_IDS = sorted(GAMES)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_json_round_trips_at_every_step_and_replays_are_identical(game_id):
    for seed in range(3):
        g = new_game(game_id, players=PLAYERS[game_id], seed=seed)
        replay = new_game(game_id, players=PLAYERS[game_id], seed=seed)
        for player, move in random_steps(g, random.Random(seed), max_steps=400):
            text = g.to_json()
            back = type(g).from_json(text)
            assert back.to_json() == text
            assert load_game(text).to_json() == text
            assert all(back.moves(p) == g.moves(p) for p in g.players)
            replay.play(player, move)
            assert replay.to_json() == text


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_are_listed_once_each_in_a_stable_order(game_id):
    g = new_game(game_id, players=PLAYERS[game_id], seed=11)
    for _ in random_steps(g, random.Random(1), max_steps=150):
        for p in g.players:
            moves = g.moves(p)
            assert len(moves) == len(set(moves))
            assert moves == g.moves(p)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_listed_move_is_accepted_in_its_canonical_form(game_id):
    g = new_game(game_id, players=PLAYERS[game_id], seed=5)
    for p in g.players:
        for move in g.moves(p):
            copy = load_game(g.to_json())
            copy.play(p, move)
            copy = load_game(g.to_json())
            copy.play(p, "  " + move.upper().replace(" ", "  ") + " ")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_bad_arguments_are_value_errors(game_id):
    players = PLAYERS[game_id]
    bad_calls = [
        lambda: new_game("chess", players=players),
        lambda: new_game(game_id, players=[players[0], players[0], *players[2:]] if len(players) > 1 else []),
        lambda: new_game(game_id, players=players * 5),
        lambda: new_game(game_id, players=players, options={"no_such_option": True}),
        lambda: new_game(game_id, players=players, deck="AS KS"),
        lambda: new_game(game_id, players=players, seed="x"),  # type: ignore[arg-type]
        lambda: new_game(game_id, players="ann"),  # type: ignore[arg-type]
    ]
    for call in bad_calls:
        with pytest.raises(ValueError):
            call()


def test_option_values_are_checked_strictly():
    with pytest.raises(ValueError):
        new_game("svolota", players=PLAYERS["svolota"], options={"free_pass": 1})
    with pytest.raises(ValueError):
        new_game("svolota", players=PLAYERS["svolota"], options={"first": True})
    with pytest.raises(ValueError):
        new_game("svolota", players=PLAYERS["svolota"], options={"first": 4})
    new_game("svolota", players=PLAYERS["svolota"], options={"free_pass": True, "first": 3})


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_moves_of_a_stranger_are_an_error_and_their_play_is_illegal(game_id):
    g = new_game(game_id, players=PLAYERS[game_id], seed=1)
    with pytest.raises(ValueError):
        g.moves("zed")
    with pytest.raises(IllegalMove):
        g.play("zed", "pass")


junk = st.one_of(
    st.text(max_size=40),
    st.text(alphabet="0123456789tTjJqQkKaAsScChHdD♠♣♥♦ >wfpPlayLAYdemonwaste flipfillnewturnjkВДКТ", max_size=25),
    st.sampled_from(["", " ", "\x00", "play", "pass", "joker", "new", "turn", "w1>w1", "w9>f", "play 9 9", "fill 0"]),
    st.text(min_size=150, max_size=300),
)


@pytest.mark.parametrize("game_id", GAME_IDS)
@settings(max_examples=examples(400), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=junk, seat=st.integers(0, 3), seed=st.integers(0, 3))
def test_any_text_is_a_move_or_an_illegal_move_and_never_changes_the_game(game_id, text, seat, seed):
    g = new_game(game_id, players=PLAYERS[game_id], seed=seed)
    player = g.players[seat % len(g.players)]
    before = g.to_json()
    legal = g.moves(player)
    try:
        g.play(player, text)
    except IllegalMove as e:
        assert str(e)
        assert g.to_json() == before
    else:
        fresh = load_game(before)
        assert fresh.format_move(fresh.parse_move(text)) in legal


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_non_text_moves_are_illegal(game_id):
    g = new_game(game_id, players=PLAYERS[game_id], seed=1)
    for thing in (None, 3, b"pass", ["pass"]):
        with pytest.raises(IllegalMove):
            g.play(g.players[0], thing)  # type: ignore[arg-type]
