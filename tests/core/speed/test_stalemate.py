"""Stalemate, `new`, recycling the centre and the end of a deal (SPEC §4)."""

from __future__ import annotations

import pytest

from core import IllegalMove
from core.errors import GameOver
from tests.core.speed.tables import ANN, BOB, position, texts, tops


def test_a_face_down_top_is_not_a_stalemate() -> None:
    g = position(["8C", "#3S 4S", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("JH", "5S"))
    assert not g.stalemate and g.new_callers == ()
    assert g.moves("ann") == ["flip 2", "fill 2", "fill 3", "fill 4", "fill 5"]
    assert "new" not in g.moves("bob")
    with pytest.raises(IllegalMove, match="only in a stalemate"):
        g.play("bob", "new")


def test_in_a_stalemate_either_player_with_a_reserve_may_call_new() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("3H JH", "5S"))
    assert g.stalemate and g.new_callers == (ANN, BOB)
    assert g.moves("ann")[-1] == "new" and g.moves("bob")[-1] == "new"
    assert g.view(BOB).may_call_new == (True, True)
    events = g.play("bob", "new")
    assert texts(events) == ["bob starts pile 3 with 5♠", "stalemate: ann may start a new pile"]
    assert tops(g) == ["KS", "KH", "5S"]
    g.play("ann", "new")  # 3H: bob's 2D goes on it
    assert tops(g) == ["KS", "KH", "5S", "3H"]
    assert not g.stalemate and g.moves("bob") == ["play 1 4"]


def test_a_player_with_an_empty_reserve_cannot_call_new() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("JH", ""))
    assert g.stalemate and g.new_callers == (ANN,)
    assert g.view(BOB).may_call_new == (True, False)
    assert g.moves("bob") == []
    with pytest.raises(IllegalMove, match="your reserve is empty: only a player with reserve cards"):
        g.play("bob", "new")


def test_filling_is_not_needed_to_break_a_stalemate() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("QD", "5S"))
    assert g.stalemate  # although ann could fill a stack with QD, which would go on a king
    assert g.moves("ann") == ["fill 2", "fill 3", "fill 4", "fill 5", "new"]
    g.play("ann", "fill 2")
    assert not g.stalemate


def test_both_reserves_empty_recycles_the_centre_at_once() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("JH", ""))
    under = sorted(str(c) for c in g.table.piles[0].cards[:-1])
    events = g.play("ann", "new")  # JH fits nothing and both reserves are now empty
    assert texts(events) == [
        "ann starts pile 3 with J♥",
        "stalemate with both reserves empty: 47 centre cards are shuffled into the reserves (24 and 23)",
        "stalemate: ann or bob may start a new pile",
    ]
    assert tops(g) == ["KS", "KH", "JH"]
    assert all(len(p.cards) == 1 for p in g.table.piles)
    ann_reserve, bob_reserve = g.table.reserves
    assert sorted(str(c) for c in ann_reserve + bob_reserve) == under
    assert (len(ann_reserve), len(bob_reserve)) == (24, 23)
    assert g.table.recycles == 1 and g.view(ANN).recycles == 1
    assert g.stalemate and g.new_callers == (ANN, BOB) and not g.over


def test_recycling_is_dealt_alternately_seat_0_first_from_the_games_own_shuffle() -> None:
    def recycled() -> tuple[list[str], list[str]]:
        g = position(["8C", "", "", "", ""], ["2D", "", "", "", ""], ["KS", "KH"], reserves=("JH", ""))
        shuffled = g.rng.shuffled(g.table.piles[0].cards[:-1])
        g.rng.draws -= 1  # the engine's own shuffle will be this same one
        g.play("ann", "new")
        assert g.table.reserves == [shuffled[0::2], shuffled[1::2]]
        return [str(c) for c in g.table.reserves[0]], [str(c) for c in g.table.reserves[1]]

    assert recycled() == recycled()


def test_a_play_into_a_stalemate_with_no_reserves_recycles_too() -> None:
    g = position(["8C", "", "", "", "JS"], ["2D", "", "", "", "5C"], ["7H", "KH"], rest=(BOB, 5))
    g.table.piles[1].cards[:0] = g.table.stacks[BOB][4].cards[:3]  # three cards under KH
    del g.table.stacks[BOB][4].cards[:3]
    events = g.play("ann", "play 1 1")
    assert "stalemate with both reserves empty: 4 centre cards" in texts(events)[1]
    assert [len(r) for r in g.table.reserves] == [2, 2]


def test_with_nothing_to_recycle_the_deal_ends_and_fewer_stack_cards_win() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", "5C"], ["KS", "KH"], reserves=("JH", ""), rest=(BOB, 5))
    events = g.play("ann", "new")
    assert texts(events) == [
        "ann starts pile 3 with J♥",
        "deal 1: nothing left to recycle, ann wins with fewer cards (1 to 48 cards left in stacks)",
    ]
    assert g.over and g.winner == "ann"
    assert g.scores == {"ann": 1, "bob": 48}
    assert g.moves("ann") == [] and g.moves("bob") == []


def test_with_nothing_to_recycle_equal_stack_cards_are_a_draw() -> None:
    g = position(
        ["8C", "", "", "", "5C"], ["2D", "", "", "", "5S"], ["KS", "KH", "KD"], ("JH", ""), rest=[(ANN, 5), (BOB, 5)]
    )
    assert g.scores == {"ann": 24, "bob": 24}
    events = g.play("ann", "new")
    assert texts(events)[-1] == "deal 1: nothing left to recycle, a draw (24 to 24 cards left in stacks)"
    assert g.over and g.winner is None


def test_the_first_player_to_empty_every_stack_wins_whatever_their_reserve() -> None:
    g = position(["8C", "", "", "", ""], ["2D", "", "", "", "5S"], ["7H", "KH"], reserves=("QD QS", "JD"))
    events = g.play("ann", "play 1 1")
    assert texts(events)[-1] == "deal 1: ann has emptied every stack and wins"
    assert g.over and g.winner == "ann" and g.scores == {"ann": 0, "bob": 2}
    assert g.moves("ann") == [] and g.moves("bob") == []
    with pytest.raises(GameOver, match="the game is over"):
        g.play("bob", "play 1 1")
    assert not g.stalemate and g.new_callers == ()
