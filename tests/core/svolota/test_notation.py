"""SPEC §2–3 move notation for Svolota."""

import pytest

from core import BadNotation, IllegalMove
from tests.core.svolota.deals import game

HANDS = ["8H 8C 2D 2H 9C JK 10S", "KS 7D 7C 3H 4D 4C 5C", "5D 6D JS JC JH 2S QS"]


@pytest.mark.parametrize("text", ["play 8H 8C", "PLAY 8h 8c", "  play   8h  8c ", "8h 8c", "p 8♥ 8♣", "play ♥8 ♣8"])
def test_plays_are_read_forgivingly(text):
    g = game(HANDS)
    g.play("ann", text)
    assert g.view(1).last_play is not None and [str(c) for c in g.view(1).last_play or ()] == ["8H", "8C"]


def test_canonical_forms_come_back_from_moves():
    g = game(HANDS)
    assert all(m == "joker" or m.startswith("play ") for m in g.moves("ann"))
    assert "play 10S" in g.moves("ann")


@pytest.mark.parametrize("text", ["", "hello", "play", "play 8X", "play JK 8H", "pas s", "8H,,"])
def test_text_that_is_not_a_move_says_what_was_expected(text):
    g = game(HANDS)
    before = g.to_json()
    with pytest.raises(IllegalMove) as e:
        g.play("ann", text)
    assert str(e.value)
    assert g.to_json() == before


def test_not_a_move_is_bad_notation():
    with pytest.raises(BadNotation, match="expected"):
        game(HANDS).play("ann", "dance")


def test_a_card_you_do_not_hold_is_refused():
    with pytest.raises(IllegalMove, match="don't have 3♠"):
        game(HANDS).play("ann", "play 3S")
