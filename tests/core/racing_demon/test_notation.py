"""SPEC §2 and §5: how Racing Demon moves are written, and what `moves()` lists."""

from __future__ import annotations

import pytest

from core import BadNotation, GameOver, IllegalMove, new_game
from core.games.racing_demon.moves import Source, ToFoundation, ToWork, Turn, format_move, parse_move
from tests.core.racing_demon.decks import deck, table


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("demon>f", ToFoundation(Source.DEMON)),
        ("Waste>F", ToFoundation(Source.WASTE)),
        ("w1 > f", ToFoundation(Source.W1)),
        ("  W4>f ", ToFoundation(Source.W4)),
        ("demon>w2", ToWork(Source.DEMON, 2)),
        ("waste >w3", ToWork(Source.WASTE, 3)),
        ("w1 -> w4", ToWork(Source.W1, 4)),
        ("w3→w2", ToWork(Source.W3, 2)),
        ("TURN", Turn()),
        (" turn ", Turn()),
    ],
)
def test_moves_are_read_forgivingly_and_written_canonically(text, move):
    assert parse_move(text) == move
    assert parse_move(format_move(move)) == move
    assert format_move(move) == format_move(move).lower().replace(" ", "")


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "hello",
        "f>w1",
        "stock>f",
        "w5>f",
        "w0>w1",
        "demon>w5",
        "demon>",
        ">f",
        "demon>f>w1",
        "turn turn",
        "w1>w2 please",
        "d>f",
        "demon=f",
    ],
)
def test_text_that_is_not_a_move_says_what_was_expected(text):
    with pytest.raises(BadNotation) as e:
        parse_move(text)
    assert any(word in str(e.value) for word in ("expected", "demon, waste or w1", "f (a foundation)"))


def test_moves_lists_every_legal_move_once_in_the_order_of_the_notation():
    g = table(deck(demon="8S", work="9H 9D 7C 8D", stock="2C 3C AH"))
    g.play("ann", "turn")
    assert g.moves("ann") == ["waste>f", "demon>w1", "demon>w2", "w3>w4", "turn"]
    assert g.moves("ann") == g.moves("ann")


def test_the_text_contract_from_the_brief():
    g = new_game("racing_demon", players=["ann", "bob"], seed=3)
    assert "turn" in g.moves("ann")
    events = g.play("ann", "turn")
    assert events and all(str(e) for e in events)


def test_after_the_round_no_one_has_moves_and_playing_says_the_game_is_over():
    g = table(deck(demon="AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"), deck())
    for _ in range(13):
        g.play("ann", "demon>f")
    assert g.over
    assert g.moves("ann") == [] and g.moves("bob") == []
    with pytest.raises(GameOver, match="over"):
        g.play("bob", "turn")


def test_a_move_on_an_empty_pile_or_onto_itself_is_refused_with_a_reason():
    g = table(deck())
    with pytest.raises(IllegalMove, match="waste is empty"):
        g.play("ann", "waste>f")
    with pytest.raises(IllegalMove, match="onto itself"):
        g.play("ann", "w2>w2")
