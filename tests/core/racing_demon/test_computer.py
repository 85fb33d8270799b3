"""The computer players: priorities, no back-and-forth, waiting when stuck, levels, speed."""

from __future__ import annotations

import random

from core import new_game
from core.games.racing_demon.computer import LEVELS, PLANS, DemonPolicy
from core.games.racing_demon.game import RacingDemon
from core.games.racing_demon.moves import Source, ToFoundation, ToWork, Turn
from tests.core.racing_demon.decks import deck, table
from tests.core.racing_demon.test_stuck import BUSY, STUCK


def choice(g: RacingDemon, seat: int = 0, policy: DemonPolicy | None = None):
    policy = policy or DemonPolicy()
    return policy.choose(g.view(seat), g.legal_moves(seat), random.Random(0))


def test_the_levels_are_easy_normal_and_hard_and_better_is_faster_and_sees_more():
    assert list(LEVELS) == ["easy", "normal", "hard"]
    easy, normal, hard = LEVELS.values()
    assert easy.reaction.median > normal.reaction.median > hard.reaction.median
    assert easy.policy.notice < normal.policy.notice <= hard.policy.notice  # type: ignore[attr-defined]


def test_the_demon_goes_to_a_foundation_first():
    g = table(deck(demon="AS", work="AH 9H 8C KS"))
    assert choice(g) == ToFoundation(Source.DEMON)


def test_a_work_card_that_empties_its_pile_goes_before_the_demon_goes_onto_a_work_pile():
    g = table(deck(demon="8S KC", work="AH 9H 5C KS"))
    assert choice(g) == ToFoundation(Source.W1)
    g.play("ann", "w1>f")  # refilled with 8♠
    assert choice(g) == ToWork(Source.W1, 2)  # merging frees the demon's K♣


def test_a_run_is_never_moved_back_and_forth_for_nothing():
    g = table(deck(demon="8S KC", work="9H 9D 5C 6C"))
    g.play("ann", "demon>w1")  # 8♠ could now hop between the red nines
    assert "w1>w2" in g.moves("ann")
    assert choice(g) == Turn()


def test_a_stuck_player_waits_and_one_with_a_way_out_turns_towards_it():
    g = table(STUCK, BUSY)
    assert choice(g, 0) is None
    g2 = table(deck(demon="5S", work="KS KH KC KD"), BUSY)
    assert not g2.is_stuck(0) and choice(g2, 0) == Turn()


def test_a_racing_player_takes_a_contested_foundation_place_first():
    g = table(deck(demon="AH AC 2C KS", work="9S 5C 2H 9D"), deck(demon="KD", work="2H 5D 6D 7D"))
    g.play("ann", "demon>f")
    g.play("ann", "demon>f")  # foundations: A♥ and A♣
    racer, plain = DemonPolicy(plan=PLANS), DemonPolicy()
    assert choice(g, 0, plain) == ToFoundation(Source.DEMON)  # 2♣: the demon first
    assert choice(g, 0, racer) == ToFoundation(Source.W3)  # 2♥ first: bob shows one too


def test_the_hard_player_makes_only_legal_moves_at_eight_seats():
    """(How long a decision takes is a figure of `python -m bench.engine`, not a test.)"""
    g = new_game("racing_demon", players=[f"p{i}" for i in range(8)], seed=4)
    rng = random.Random(4)
    policy = LEVELS["hard"].policy
    moved = 0
    for step in range(400):
        seat = step % 8
        move = policy.choose(g.view(seat), g.legal_moves(seat), rng)
        if move is not None:
            assert move in g.legal_moves(seat)
            g.apply(seat, move)
            moved += 1
        if g.over:
            break
    assert moved > 100


def test_hard_frees_its_demon_card_first() -> None:
    """The waste's 2♦ lets the demon's 3♦ follow it to the foundation: hard plays it before the
    work pile's A♣, which normal's fixed order puts first."""
    g = table(deck(demon="AC 3D", work="2H KS KH KC", stock="5S 6S 2D"), deck(demon="AD"))
    g.play("ann", "demon>w1")  # w1: 2♥ A♣
    g.play("ann", "turn")  # waste top 2♦
    g.play("bob", "demon>f")  # A♦ starts a foundation
    assert choice(g, 0, DemonPolicy()) == ToFoundation(Source.W1)  # normal's order, seeing everything
    assert choice(g, 0, DemonPolicy(plan=PLANS)) == ToFoundation(Source.WASTE)
    assert LEVELS["hard"].policy == DemonPolicy(plan=PLANS)


def test_hard_keeps_back_a_card_that_opens_a_foundation_for_another_players_demon() -> None:
    g = table(deck(demon="QH", work="KS 5C 6C 7C", stock="5S 6S 2D"), deck(demon="AD 3D"))
    g.play("ann", "turn")  # waste top 2♦
    g.play("bob", "demon>f")  # A♦ on a foundation; bob's demon shows 3♦
    assert choice(g, 0, DemonPolicy()) == ToFoundation(Source.WASTE)
    assert choice(g, 0, DemonPolicy(plan=PLANS)) == ToWork(Source.DEMON, 1)  # something else first
    g.play("ann", "demon>w1")
    assert choice(g, 0, DemonPolicy(plan=PLANS)) == ToFoundation(Source.WASTE)  # then it goes anyway


def test_an_easy_player_makes_any_useful_move_it_notices_not_always_the_best() -> None:
    g = table(deck(demon="AC 3D", work="2H KS KH KC", stock="5S 6S 2D"), deck(demon="AD"))
    g.play("ann", "demon>w1")
    g.play("ann", "turn")
    g.play("bob", "demon>f")
    easy = LEVELS["easy"].policy
    rng = random.Random(1)
    made = {easy.choose(g.view(0), g.legal_moves(0), rng) for _ in range(200)}
    assert made >= {ToFoundation(Source.W1), ToFoundation(Source.WASTE)}
    assert made <= {ToFoundation(Source.W1), ToFoundation(Source.WASTE), Turn()}
