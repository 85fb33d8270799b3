"""The deal (SPEC §4): stacks, centre piles and reserves by deck index; options; the start."""

from __future__ import annotations

import pytest

from core import new_game
from core.cards import STANDARD_DECK, format_cards, parse_cards
from core.games.speed.game import Speed
from tests.core.speed.tables import PLAYERS, dealt


def test_five_stacks_deal_by_index_top_first() -> None:
    deck = [str(c) for c in STANDARD_DECK]  # 2S 3S … AS 2C … AD
    g = new_game("speed", PLAYERS, deck=deck)
    assert isinstance(g, Speed)
    t = g.table
    # ann: deck[0] | deck[1:3] | deck[3:6] | deck[6:10] | deck[10:15], each block's first card on top
    assert [format_cards(s.cards[::-1]) for s in t.stacks[0]] == [
        "2S",
        "3S 4S",
        "5S 6S 7S",
        "8S 9S 10S JS",
        "QS KS AS 2C 3C",
    ]
    assert [format_cards(s.cards[::-1]) for s in t.stacks[1]] == [
        "4C",
        "5C 6C",
        "7C 8C 9C",
        "10C JC QC KC",
        "AC 2H 3H 4H 5H",
    ]
    assert [str(p.top) for p in t.piles] == ["6H", "7H"]  # deck[30], deck[31]
    assert format_cards(t.reserves[0]) == "8H 10H QH AH 3D 5D 7D 9D JD KD"  # deck[32], deck[34], …
    assert format_cards(t.reserves[1]) == "9H JH KH 2D 4D 6D 8D 10D QD AD"  # deck[33], deck[35], …
    assert len(t.reserves[0]) == len(t.reserves[1]) == 10


def test_every_stack_top_is_face_up_at_the_start() -> None:
    g = new_game("speed", PLAYERS, seed=7)
    assert isinstance(g, Speed)
    for seat in (0, 1):
        assert all(s.up and s.down == len(s.cards) - 1 for s in g.table.stacks[seat])
        assert [len(s.cards) for s in g.table.stacks[seat]] == [1, 2, 3, 4, 5]
    view = g.view(0)
    assert [s.up is not None for s in view.mine.stacks] == [True] * 5


def test_four_stack_deal_has_ten_in_stacks_and_fifteen_in_reserve() -> None:
    deck = [str(c) for c in STANDARD_DECK]
    g = new_game("speed", PLAYERS, deck=deck, options={"stacks": 4})
    assert isinstance(g, Speed)
    t = g.table
    assert [len(s.cards) for s in t.stacks[0]] == [1, 2, 3, 4]
    assert format_cards(t.stacks[1][0].cards) == "QS"  # deck[10]: T = 10
    assert [str(p.top) for p in t.piles] == ["9C", "10C"]  # deck[20], deck[21]
    assert [len(r) for r in t.reserves] == [15, 15]
    assert str(t.reserves[0][0]) == "JC" and str(t.reserves[1][0]) == "QC"
    assert g.scores == {"ann": 10, "bob": 10}


def test_four_stack_game_lists_moves_for_four_stacks() -> None:
    g = dealt(["2C", "", "", ""], ["JH", "", "", ""], ("3D", "QS"), stacks=4)
    assert "play 1 1" in g.moves("ann")
    assert all(not m.startswith(("play 5", "flip 5", "fill 5")) for m in g.moves("ann"))


def test_the_same_seed_deals_the_same_game() -> None:
    a = new_game("speed", PLAYERS, seed=42, options={"colours": True})
    b = new_game("speed", PLAYERS, seed=42, options={"colours": True})
    assert a.to_json() == b.to_json()
    assert new_game("speed", PLAYERS, seed=43).to_json() != a.to_json()


def test_scores_count_the_cards_in_stacks() -> None:
    g = new_game("speed", PLAYERS, seed=3)
    assert g.scores == {"ann": 15, "bob": 15}
    assert not g.over and g.winner is None


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"players": ["ann"]}, "2–2 players"),
        ({"players": ["ann", "bob", "cy"]}, "2–2 players"),
        ({"players": ["ann", "ann"]}, "different"),
        ({"options": {"stacks": 3}}, "stacks"),
        ({"options": {"stacks": True}}, "stacks"),
        ({"options": {"colours": 1}}, "colours"),
        ({"options": {"target": -1}}, "target"),
        ({"options": {"target": "25"}}, "target"),
        ({"options": {"jokers": True}}, "unknown option"),
        ({"deck": "AS KS"}, "52 cards"),
        ({"deck": " ".join(["AS"] * 52)}, "52 cards"),
        ({"deck": 52}, "deck"),
    ],
)
def test_bad_arguments_are_value_errors(kwargs: dict[str, object], message: str) -> None:
    args: dict[str, object] = {"players": PLAYERS, **kwargs}
    with pytest.raises(ValueError, match=message):
        new_game("speed", **args)  # type: ignore[arg-type]


def test_a_fixed_deck_may_use_symbols_and_lower_case() -> None:
    deck = " ".join(c.pretty.lower() for c in STANDARD_DECK)
    g = new_game("speed", PLAYERS, deck=deck)
    assert isinstance(g, Speed)
    assert str(g.table.piles[0].top) == "6H"
    assert parse_cards(deck)[0] == STANDARD_DECK[0]
