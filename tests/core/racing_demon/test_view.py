"""What each player sees: their own layout in full; of the others what the table shows (demon
size and top, work pile tops, waste top, pile sizes); the foundations with each owner's share."""

from __future__ import annotations

import dataclasses

from core.cards import parse_card
from tests.core.racing_demon.decks import deck, table


def test_a_player_sees_their_own_layout_in_full():
    g = table(deck(demon="8S KC", work="9H 9D 5C 6C", stock="2D 3D 4D"))
    g.play("ann", "demon>w1")
    g.play("ann", "turn")
    own = g.view(0).own
    assert own.demon_top == parse_card("KC") and own.demon_size == 12
    assert own.work[0] == (parse_card("9H"), parse_card("8S"))
    assert own.waste == (parse_card("2D"), parse_card("3D"), parse_card("4D"))
    assert own.stock_size == 32


def test_of_the_others_a_player_sees_only_what_lies_face_up_and_the_sizes():
    g = table(deck(demon="KS"), deck(demon="8S KC", work="9H 9D 5C 6C", stock="2D 3D 4D"))
    g.play("bob", "demon>w1")
    g.play("bob", "turn")
    (bob,) = g.view(0).others
    assert (bob.seat, bob.player) == (1, "bob")
    assert bob.demon_top == parse_card("KC") and bob.demon_size == 12
    assert bob.work_tops == tuple(parse_card(c) for c in ("8S", "9D", "5C", "6C"))
    assert bob.waste_top == parse_card("4D") and bob.waste_size == 3 and bob.stock_size == 32
    fields = {f.name for f in dataclasses.fields(bob)}
    assert fields == {"seat", "player", "demon_top", "demon_size", "work_tops", "waste_top", "waste_size", "stock_size"}


def test_everyone_sees_the_foundations_with_how_many_cards_each_owner_has_on_them():
    g = table(deck(demon="AD 2D"), deck(work="3D"), deck())
    g.play("ann", "demon>f")
    g.play("ann", "demon>f")
    g.play("bob", "w1>f")
    for seat in range(3):
        (pile,) = g.view(seat).foundations
        assert (pile.number, pile.top, pile.owners) == (1, parse_card("3D"), (2, 1, 0))
    assert g.view(2).wanted >= {parse_card("4D"), parse_card("AS")}
    assert g.view(2).scores == (2 - 11, 1 - 12, -13)
