"""Real time: moves racing for one pile are judged in arrival order; the loser is "too slow"
(SPEC §4 and the rule in core/games/speed/rules.py)."""

from __future__ import annotations

import pytest

from core import IllegalMove
from core.errors import TooSlow
from tests.core.speed.tables import position, tops

BOB_AWAY = ["", "", "", "", "#2C 3C"]  # bob: one face-down stack, out of the way
RESERVES = ("4S", "4D")  # so that no stalemate recycles the centre


def test_the_second_play_on_a_pile_is_too_slow_and_the_card_stays() -> None:
    g = position(["8C", "", "", "", ""], ["6D", "", "", "", "2C 3C"], ["7H", "KS"], reserves=RESERVES)
    assert "play 1 1" in g.moves("ann") and "play 1 1" in g.moves("bob")
    g.play("bob", "play 1 1")  # bob's press arrives first
    before = g.to_json()
    with pytest.raises(TooSlow) as e:
        g.play("ann", "play 1 1")
    assert str(e.value) == "too slow: the pile is now 6♦"
    assert e.value.template == "too slow: the pile is now {card}"
    assert e.value.params == {"card": "6♦", "pile": 1}
    assert g.to_json() == before
    assert str(g.table.stacks[0][0].top) == "8C"


def test_too_slow_after_the_other_player_played_twice_on_the_pile() -> None:
    g = position(["6C", "", "", "", ""], ["8D", "9S", "", "", "2C 3C"], ["7H", "KS"], reserves=RESERVES)
    g.play("bob", "play 1 1")
    g.play("bob", "play 2 1")
    with pytest.raises(TooSlow, match="the pile is now 9♠"):
        g.play("ann", "play 1 1")


def test_a_racing_play_that_fits_the_new_top_is_simply_made() -> None:
    g = position(["8C", "", "", "", ""], ["6D", "7S", "", "", "2C 3C"], ["7H", "KS"], reserves=RESERVES)
    g.play("bob", "play 1 1")
    g.play("bob", "play 2 1")  # 7H → 6D → 7S: ann's 8C fits again
    g.play("ann", "play 1 1")
    assert tops(g) == ["8C", "KS"]


def test_a_wrong_play_is_not_too_slow_even_on_a_pile_just_changed() -> None:
    g = position(["QC", "", "", "", ""], ["6D", "", "", "", "2C 3C"], ["7H", "KS"], reserves=RESERVES)
    g.play("bob", "play 1 1")
    with pytest.raises(IllegalMove) as e:
        g.play("ann", "play 1 1")
    assert not isinstance(e.value, TooSlow)


def test_after_moving_again_a_player_has_seen_the_new_top() -> None:
    g = position(["8C", "#2D", "", "", ""], ["6D", "", "", "", "2C 3C"], ["7H", "KS"], reserves=RESERVES)
    g.play("bob", "play 1 1")
    g.play("ann", "flip 2")  # ann's own move: she has seen pile 1 is now 6D
    with pytest.raises(IllegalMove) as e:
        g.play("ann", "play 1 1")
    assert not isinstance(e.value, TooSlow)
    assert "8♣ does not go on 6♦" in str(e.value)


def test_covering_a_pile_yourself_is_not_a_race() -> None:
    g = position(["8C", "6S", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=RESERVES)
    g.play("ann", "play 1 1")
    with pytest.raises(IllegalMove) as e:
        g.play("ann", "play 2 1")
    assert not isinstance(e.value, TooSlow)


def test_a_play_on_another_pile_is_not_affected_by_the_race() -> None:
    g = position(["8C", "QD", "", "", ""], ["6D", "", "", "", "2C 3C"], ["7H", "KS"], reserves=RESERVES)
    g.play("bob", "play 1 1")
    g.play("ann", "play 2 2")
    assert tops(g) == ["6D", "QD"]


def test_the_second_new_is_too_slow_when_the_first_ended_the_stalemate() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("7H", "JD"))
    assert g.stalemate and g.new_callers == (0, 1)
    g.play("ann", "new")  # 7H: ann's 8C now fits
    assert not g.stalemate
    with pytest.raises(TooSlow, match="too slow: the stalemate is over"):
        g.play("bob", "new")


def test_the_second_new_is_made_when_the_stalemate_still_holds() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("JH", "5S"))
    g.play("ann", "new")  # JH fits nothing
    assert g.stalemate
    g.play("bob", "new")
    assert tops(g) == ["KS", "KH", "JH", "5S"]


def test_new_outside_a_stalemate_is_a_plain_mistake() -> None:
    g = position(["8C", "", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("QD", "JD"))
    with pytest.raises(IllegalMove) as e:
        g.play("bob", "new")
    assert not isinstance(e.value, TooSlow)
    assert "only in a stalemate" in str(e.value)
