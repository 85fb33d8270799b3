"""Playing, flipping and filling (SPEC §4, "Moves"), from hand-made deals."""

from __future__ import annotations

import pytest

from core import IllegalMove
from core.errors import TooSlow
from tests.core.speed.tables import dealt, position, texts, tops

BOB_AWAY = ["", "", "", "", "#2C 3C"]  # bob: one face-down stack, out of the way


def test_a_card_goes_on_a_pile_one_rank_above_or_below() -> None:
    g = position(["8C", "6D", "9S", "", ""], BOB_AWAY, ["7H", "KS"])
    assert g.moves("ann") == ["play 1 1", "play 2 1"]
    g.play("ann", "play 1 1")
    assert tops(g) == ["8C", "KS"]
    assert g.moves("ann") == ["play 3 1"]


def test_suits_do_not_matter() -> None:
    g = position(["8H", "8D", "8S", "8C", ""], BOB_AWAY, ["9H", "2S"])
    assert g.moves("ann") == ["play 1 1", "play 2 1", "play 3 1", "play 4 1"]


def test_ace_goes_on_two_and_king() -> None:
    g = position(["AS", "AH", "", "", ""], BOB_AWAY, ["2D", "KC"])
    assert g.moves("ann") == ["play 1 1", "play 1 2", "play 2 1", "play 2 2"]


def test_two_goes_on_ace_and_king_on_ace() -> None:
    g = position(["2S", "KH", "3D", "QD", ""], BOB_AWAY, ["AD", "9C"])
    assert g.moves("ann") == ["play 1 1", "play 2 1"]


def test_a_card_of_the_same_rank_or_two_away_does_not_go() -> None:
    g = position(["7S", "9S", "", "", ""], BOB_AWAY, ["7H", "5C"])
    assert g.moves("ann") == []
    with pytest.raises(IllegalMove, match="7♠ does not go on 7♥") as e:
        g.play("ann", "play 1 1")
    assert not isinstance(e.value, TooSlow)
    assert e.value.template == "{card} does not go on {top}: it must be one rank above or below"
    assert e.value.params == {"card": "7♠", "top": "7♥"}


def test_a_play_leaves_the_card_under_it_face_down_until_flipped() -> None:
    g = dealt(["", "", "8C 3H 4S", "", ""], ["", "", "", "", ""], ("7H", "KS"))
    events = g.play("ann", "play 3 1")
    assert texts(events) == ["ann plays 8♣ from stack 3 onto pile 1"]
    stack = g.table.stacks[0][2]
    assert stack.top is None and stack.face_down_top and stack.down == 2
    with pytest.raises(IllegalMove, match="face down: flip it first"):
        g.play("ann", "play 3 1")
    assert "flip 3" in g.moves("ann")
    assert texts(g.play("ann", "flip 3")) == ["ann turns up 3♥ on stack 3"]
    assert str(g.table.stacks[0][2].top) == "3H"


def test_a_face_up_top_cannot_be_flipped_again() -> None:
    g = position(["8C", "", "", "", ""], BOB_AWAY, ["7H", "KS"])
    with pytest.raises(IllegalMove, match="already face up"):
        g.play("ann", "flip 1")
    with pytest.raises(IllegalMove, match="stack 2 is empty"):
        g.play("ann", "flip 2")


def test_fill_puts_the_reserve_top_face_up_on_an_empty_stack() -> None:
    g = position(["8C", "", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("QD 3S", ""))
    assert g.moves("ann") == ["play 1 1", "fill 2", "fill 3", "fill 4", "fill 5"]
    assert texts(g.play("ann", "fill 2")) == ["ann fills stack 2 with Q♦ from the reserve"]
    assert str(g.table.stacks[0][1].top) == "QD"
    assert [str(c) for c in g.table.reserves[0]] == ["3S"]
    assert "play 2 2" in g.moves("ann")


def test_fill_covers_a_face_down_top() -> None:
    g = position(["#8C 2D", "", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("QD", ""))
    assert g.moves("ann")[:2] == ["flip 1", "fill 1"]
    g.play("ann", "fill 1")
    stack = g.table.stacks[0][0]
    assert str(stack.top) == "QD" and stack.down == 2
    g.play("ann", "play 1 2")
    assert g.table.stacks[0][0].face_down_top


def test_fill_is_not_allowed_on_a_face_up_top_nor_from_an_empty_reserve() -> None:
    g = position(["8C", "", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("", "QD"))
    with pytest.raises(IllegalMove, match="your reserve is empty"):
        g.play("ann", "fill 2")
    g2 = position(["8C", "", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("QD", ""))
    with pytest.raises(IllegalMove, match="has a face-up card"):
        g2.play("ann", "fill 1")


def test_an_empty_stack_cannot_play() -> None:
    g = position(["8C", "", "", "", ""], BOB_AWAY, ["7H", "KS"])
    with pytest.raises(IllegalMove, match="stack 2 is empty"):
        g.play("ann", "play 2 1")


@pytest.mark.parametrize(
    ("move", "message"),
    [
        ("play 6 1", "there is no stack 6: your stacks are 1 to 5"),
        ("play 0 1", "there is no stack 0"),
        ("play 1 3", "there is no pile 3: the piles are 1 to 2"),
        ("flip 9", "there is no stack 9"),
        ("fill 6", "there is no stack 6"),
    ],
)
def test_stacks_and_piles_that_do_not_exist(move: str, message: str) -> None:
    g = position(["8C", "", "", "", ""], BOB_AWAY, ["7H", "KS"], reserves=("QD", ""))
    with pytest.raises(IllegalMove, match=message):
        g.play("ann", move)


def test_each_player_plays_only_their_own_stacks() -> None:
    g = position(["8C", "", "", "", ""], ["6D", "", "", "", ""], ["7H", "KS"])
    assert g.moves("ann") == ["play 1 1"]
    assert g.moves("bob") == ["play 1 1"]
    g.play("bob", "play 1 1")
    assert tops(g) == ["6D", "KS"]
    assert str(g.table.stacks[0][0].top) == "8C"


def test_both_layouts_are_public_in_every_view() -> None:
    g = position(["8C 2D", "#3S", "", "", ""], ["6D", "", "", "", ""], ["7H", "KS"], reserves=("QD", "4H 5H"))
    for seat in (0, 1):
        v = g.view(seat)
        assert v.seat == seat
        ann, bob = v.layouts
        assert (ann.player, bob.player) == ("ann", "bob")
        assert [(str(s.up) if s.up else None, s.down) for s in ann.stacks][:2] == [("8C", 1), (None, 1)]
        assert str(bob.stacks[0].up) == "6D"
        assert (ann.reserve, bob.reserve) == (1, 2)
        assert [(str(p.top), p.colour) for p in v.piles] == [("7H", None), ("KS", None)]
        assert v.piles[0].size == 52 - 8  # every card not named lies under pile 1
    assert g.view(0).layouts == g.view(1).layouts
