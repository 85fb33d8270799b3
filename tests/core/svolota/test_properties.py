"""Invariants of random legal Svolota play (hypothesis)."""

from __future__ import annotations

import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from core import new_game
from core.decks import WITH_JOKERS
from core.games.svolota.game import Svolota
from tests.core.play import random_steps
from tests.examples import examples


def all_cards(g: Svolota) -> Counter:
    s = g.state
    where = [c for h in s.hands for c in h] + s.reserve + [c for p in s.plays for c in p] + s.discarded
    if s.face_up is not None:
        where.append(s.face_up)
    return Counter(where)


@settings(max_examples=examples(60), deadline=None)
@given(seed=st.integers(0, 2**32), players=st.integers(3, 6), free_pass=st.booleans())
def test_random_play_ends_keeps_every_card_once_and_hands_at_seven_while_the_reserve_lasts(seed, players, free_pass):
    g = new_game("svolota", players=[f"p{i}" for i in range(players)], seed=seed, options={"free_pass": free_pass})
    assert isinstance(g, Svolota)
    steps = 0
    for _ in random_steps(g, random.Random(seed), max_steps=10_000):
        steps += 1
        assert all_cards(g) == Counter(WITH_JOKERS)
        if g.view(0).cards_to_draw:
            assert all(len(h) <= 7 for h in g.state.hands)
    assert g.over, "every game ends"
    assert g.winner is not None and g.scores[g.winner] == 0
    assert steps < 10_000
