"""The speed-ups must not change what is legal: the plays and the stalemate, worked out with a bit
set of the ranks each pile takes, agree with `fits` card by card, pile by pile, in random games."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from core import new_game
from core.games.speed import rules
from core.games.speed.game import Speed
from core.games.speed.moves import Fill, Flip, Move, Play
from core.games.speed.state import SEATS, Table
from tests.examples import examples


def slow_plays(table: Table, seat: int, colours: bool) -> list[Play]:
    return [
        Play(i, j)
        for i, stack in enumerate(table.stacks[seat], 1)
        if stack.top is not None
        for j, pile in enumerate(table.piles, 1)
        if rules.fits(stack.top, j, pile.top, colours)
    ]


def slow_stalemate(table: Table, colours: bool) -> bool:
    return not any(
        any(s.face_down_top for s in table.stacks[seat]) or slow_plays(table, seat, colours) for seat in SEATS
    )


def slow_legal(table: Table, seat: int, colours: bool) -> list[Move]:
    stacks = table.stacks[seat]
    moves: list[Move] = [*slow_plays(table, seat, colours)]
    moves += [Flip(i) for i, s in enumerate(stacks, 1) if s.face_down_top]
    if table.reserves[seat]:
        moves += [Fill(i) for i, s in enumerate(stacks, 1) if s.top is None]
        if slow_stalemate(table, colours):
            moves.append(rules.NEW)
    return moves


@settings(max_examples=examples(40), deadline=None)
@given(
    seed=st.integers(0, 2**32),
    options=st.fixed_dictionaries(
        {"stacks": st.sampled_from([4, 5]), "colours": st.booleans(), "target": st.sampled_from([0, 10])}
    ),
)
def test_plays_stalemate_and_legal_moves_agree_with_fits_in_random_games(seed: int, options: dict[str, Any]):
    g = new_game("speed", ["ann", "bob"], seed=seed, options=options)
    assert isinstance(g, Speed)
    rng = random.Random(seed)
    for _ in range(400):
        if g.over:
            break
        table, colours = g.table, g.colours
        assert rules.stalemate(table, colours) == slow_stalemate(table, colours)
        for seat in SEATS:
            assert rules.plays(table, seat, colours) == slow_plays(table, seat, colours)
            assert rules.legal_moves(table, seat, colours) == slow_legal(table, seat, colours)
        options_now = [(s, m) for s in SEATS for m in g.legal_moves(s)]
        if not options_now:
            break
        g.apply(*rng.choice(options_now))


def test_listed_moves_are_shared_objects_equal_to_new_ones():
    g = new_game("speed", ["ann", "bob"], seed=3)
    assert isinstance(g, Speed)
    first, again = g.legal_moves(0), g.legal_moves(0)
    assert first == again and all(a is b for a, b in zip(first, again, strict=True))
    assert rules.play_move(2, 1) == Play(2, 1) and rules.play_move(2, 40) == Play(2, 40)
