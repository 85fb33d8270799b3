"""Computer players: what the policy prefers, the levels, and how fast it decides."""

from __future__ import annotations

import random

from core import new_game
from core.games.speed.computer import LEVELS
from core.games.speed.game import Speed
from core.games.speed.moves import Fill, Flip, Move, New, Play
from tests.core.speed.tables import ANN, BOB, position

RNG = random.Random(0)
BOB_AWAY = ["", "", "", "", "#2C 3C"]


def choice(level: str, game: Speed, seat: int = ANN) -> Move | None:
    return LEVELS[level].policy.choose(game.view(seat), game.legal_moves(seat), RNG)


def test_three_levels_each_faster_than_the_last() -> None:
    assert list(LEVELS) == ["easy", "normal", "hard"]
    medians = [level.reaction.median for level in LEVELS.values()]
    assert medians == sorted(medians, reverse=True)
    assert all(LEVELS[name].name == name for name in LEVELS)


def test_a_play_that_uncovers_a_face_down_card_comes_first() -> None:
    g = position(["8C", "8D 3S", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("4S", "4D"))
    for level in ("normal", "hard"):
        assert choice(level, g) == Play(2, 1)


def test_plays_come_before_flips_and_flips_before_fills() -> None:
    g = position(["8C", "#3S 4S", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("4D", "5D"), target=25)
    for level in ("normal", "hard"):
        assert choice(level, g) == Play(1, 1)
    assert choice("easy", g) == Flip(2)  # the beginner's haste: the pile may be gone after the flip
    g.play("ann", "play 1 1")
    for level in LEVELS:
        assert choice(level, g) == Flip(2)


def test_new_is_called_when_stalled() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("JH", "5S"))
    for level in LEVELS:
        assert choice(level, g, ANN) == New() and choice(level, g, BOB) == New()


def test_a_single_deal_is_never_filled() -> None:
    g = position(["8C", "", "", "", ""], BOB_AWAY, ["KS", "KH"], reserves=("JH", "5S"))
    assert not g.stalemate  # bob's face-down top
    for level in LEVELS:
        assert choice(level, g) is None


def test_in_a_points_match_filling_an_empty_stack_pays() -> None:
    g = position(["8C", "#4S", "", "", ""], BOB_AWAY, ["KS", "KH"], reserves=("JH", "5S"), target=25)
    g.play("ann", "flip 2")
    assert choice("hard", g) == Fill(3)  # each card filled is one bob will not score
    assert choice("easy", g) is None  # the easy player does not know that
    g.table.recycles = 1
    assert choice("hard", g) is None  # not after a recycle: the deal must still end


def test_hard_keeps_a_top_its_own_next_card_can_follow() -> None:
    g = position(["8C", "6D", "5S", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("4S", "4D"))
    # 6♦ then 5♠ follows on it; 8♣ would leave nothing to follow
    assert choice("hard", g) == Play(2, 1)


def test_hard_does_not_hand_the_opponent_a_pile() -> None:
    g = position(["8C", "6D", "", "", ""], ["9S", "", "", "", "#2C 3C"], ["7H", "KS"], reserves=("4S", "4D"))
    # 8♣ would let bob's 9♠ in; 6♦ would not
    assert choice("hard", g) == Play(2, 1)


def test_hard_takes_the_pile_the_opponent_could_play_on() -> None:
    g = position(["8C", "QD", "", "", ""], ["6S", "", "", "", "#2C 3C"], ["7H", "KS"], reserves=("4S", "4D"))
    # 8♣ on 7♥ shuts out bob's 6♠ (a move of his on its way there is too slow); Q♦ on K♠ takes nothing
    assert choice("hard", g) == Play(1, 1)


def test_nothing_to_do_is_none() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("", ""), rest=(BOB, 5))
    for level in LEVELS:
        assert LEVELS[level].policy.choose(g.view(ANN), [], RNG) is None


def test_the_hard_player_makes_only_legal_moves() -> None:
    """(How long a decision takes is a figure of `python -m bench.engine`, not a test.)"""
    moved = 0
    for seed in range(40):
        g = new_game("speed", ["ann", "bob"], seed=seed, options={"colours": seed % 2 == 0})
        assert isinstance(g, Speed)
        for _ in range(20):
            if g.over:
                break
            seat = seed % 2
            move = LEVELS["hard"].policy.choose(g.view(seat), g.legal_moves(seat), RNG)
            if move is None:
                break
            assert move in g.legal_moves(seat)
            g.apply(seat, move)
            moved += 1
    assert moved > 100
