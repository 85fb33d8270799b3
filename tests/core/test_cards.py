"""SPEC §1 cards and notation."""

import pytest

from core import BadNotation, parse_card, parse_cards
from core.cards import JOKER, STANDARD_DECK, Suit


@pytest.mark.parametrize(
    ("text", "canonical"),
    [
        ("10H", "10H"),
        ("10h", "10H"),
        ("th", "10H"),
        ("TH", "10H"),
        ("as", "AS"),
        ("7♣", "7C"),
        ("♥8", "8H"),
        ("Q♦", "QD"),
        ("jk", "JK"),
        ("JOKER", "JK"),
        ("🃏", "JK"),
        ("ВS", "JS"),
        ("ДH", "QH"),
        ("КC", "KC"),
        ("ТD", "AD"),
        ("тс", "AC"),
        ("вн", "JH"),
    ],
)
def test_cards_are_read_forgivingly_and_written_canonically(text, canonical):
    assert str(parse_card(text)) == canonical


def test_latin_t_is_ten_and_cyrillic_te_is_the_ace():
    assert parse_card("T\u2660").rank == 10
    assert parse_card("\u0422\u2660").rank == 14


@pytest.mark.parametrize("text", ["", " ", "1H", "11H", "ZZ", "10", "H", "AAH", "x" * 5000, "\x00", "10HH"])
def test_unknown_text_is_a_clear_error(text):
    with pytest.raises(BadNotation, match="not a card"):
        parse_card(text)


def test_a_deck_is_written_top_first():
    assert [str(c) for c in parse_cards("AS 10H, 2c")] == ["AS", "10H", "2C"]


def test_colours():
    assert parse_card("3H").red and parse_card("3D").red
    assert parse_card("3S").black and parse_card("3C").black
    assert not JOKER.red and not JOKER.black


def test_the_standard_deck_has_52_different_cards():
    assert len(set(STANDARD_DECK)) == 52
    assert {c.suit for c in STANDARD_DECK} == set(Suit)


def test_pretty_text_uses_suit_symbols():
    assert parse_card("9H").pretty == "9♥"
    assert JOKER.pretty == "🃏"
