"""Invariants under random play: every player's 52 cards are conserved, the JSON round trip is
lossless at every step, replays are identical, computer rounds always end, and no text at all
can break the game."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from core import IllegalMove, new_game
from core.cards import STANDARD_DECK
from core.games.racing_demon.computer import LEVELS
from core.games.racing_demon.game import RacingDemon
from tests.examples import examples

FULL_DECK = Counter(STANDARD_DECK)
PROPERTY = settings(max_examples=examples(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])


def new_round(seed: int, players: int, auto_aces: bool, penalty: int) -> RacingDemon:
    g = new_game(
        "racing_demon",
        players=[f"p{i}" for i in range(players)],
        seed=seed,
        options={"auto_aces": auto_aces, "demon_penalty": penalty},
    )
    assert isinstance(g, RacingDemon)
    return g


def random_moves(g: RacingDemon, rng: random.Random, steps: int):
    """Random legal moves by random players, turning only a third of the time when more is open."""
    for _ in range(steps):
        if g.over:
            return
        player = rng.choice(g.players)
        moves = g.moves(player)
        if not moves:
            continue
        others = [m for m in moves if m != "turn"]
        move = rng.choice(others) if others and rng.random() < 0.67 else rng.choice(moves)
        g.play(player, move)
        yield player, move


def assert_every_card_once(g: RacingDemon) -> None:
    owned = [Counter(lay.cards()) for lay in g.state.layouts]
    for pile in g.state.foundations.piles:
        for card, owner in pile.cards():
            owned[owner][card] += 1
    assert all(cards == FULL_DECK for cards in owned)


rounds = {
    "seed": st.integers(0, 2**32),
    "players": st.integers(1, 5),
    "auto_aces": st.booleans(),
    "penalty": st.integers(0, 3),
}


@PROPERTY
@given(**rounds, play=st.integers(0, 2**32))
def test_random_play_conserves_cards_round_trips_and_replays(seed, players, auto_aces, penalty, play):
    g = new_round(seed, players, auto_aces, penalty)
    replay = new_round(seed, players, auto_aces, penalty)
    assert_every_card_once(g)
    for player, move in random_moves(g, random.Random(play), 250):
        assert_every_card_once(g)
        text = g.to_json()
        back = RacingDemon.from_json(text)
        assert back.to_json() == text
        assert [back.moves(p) for p in g.players] == [g.moves(p) for p in g.players]
        replay.play(player, move)
        assert replay.to_json() == text
    if g.over:
        assert all(g.moves(p) == [] for p in g.players)


@PROPERTY
@given(**rounds, clock_seed=st.integers(0, 2**32))
def test_rounds_between_computer_players_always_end(seed, players, auto_aces, penalty, clock_seed):
    g = new_round(seed, players + 1, auto_aces, penalty)
    clock = random.Random(clock_seed)
    levels = [LEVELS[clock.choice(list(LEVELS))] for _ in g.players]
    for _ in range(20_000):
        if g.over:
            break
        seat = clock.randrange(len(g.players))
        move = levels[seat].policy.choose(g.view(seat), g.legal_moves(seat), clock)
        if move is not None:
            g.apply(seat, move)
    assert g.over
    assert_every_card_once(g)


junk = st.one_of(
    st.text(max_size=30),
    st.text(alphabet="demonwastefurW1234> -→\t", max_size=16),
    st.sampled_from(["turn", "demon>f", "waste>f", "w1>f", "w4>w1", "w2>w2", "demon>w3", "f>f", ">", ""]),
    st.text(min_size=190, max_size=260),
)


@settings(max_examples=examples(150), deadline=None)
@given(seed=st.integers(0, 50), warmup=st.integers(0, 40), text=junk, seat=st.integers(0, 2))
def test_any_text_is_a_move_or_an_illegal_move_and_a_refused_one_changes_nothing(seed, warmup, text, seat):
    g = new_round(seed, 3, False, 1)
    for _ in random_moves(g, random.Random(seed), warmup):
        pass
    player = g.players[seat]
    before = g.to_json()
    legal = g.moves(player)
    try:
        g.play(player, text)
    except IllegalMove as e:
        assert str(e)
        assert g.to_json() == before
    else:
        assert g.format_move(g.parse_move(text)) in legal
