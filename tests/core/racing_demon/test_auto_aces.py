"""SPEC §5, option auto_aces: exposed Aces go to new foundations by themselves, one at a time, in
seat order and within a seat demon, waste, w1 … w4, until none is exposed; it counts as progress."""

from __future__ import annotations

from core.games.racing_demon.events import AllStuck, StocksRotated, ToFoundationPlayed
from tests.core.racing_demon.decks import deck, foundations, table
from tests.core.racing_demon.test_stuck import with_ace_in_stock


def test_without_the_option_exposed_aces_wait_for_their_player():
    g = table(deck(demon="AS", work="AD 5C 6C 7C"))
    assert foundations(g) == []


def test_at_the_start_exposed_aces_go_in_seat_order_demon_first_and_refills_expose_more():
    ann = deck(demon="AS AH 9S 9C", work="5C AD 6C 7C")
    bob = deck(demon="AC", work="AD 5H 6H 7H")
    g = table(ann, bob, auto_aces=True)
    # ann: A♠ and then A♥ from the demon, then w2's A♦ (refilled with 9♠); then bob: A♣, A♦.
    assert foundations(g) == ["AS", "AH", "AD", "AC", "AD"]
    assert [f.owners for f in g.view(0).foundations] == [(1, 0), (1, 0), (1, 0), (0, 1), (0, 1)]
    assert [str(p[-1]) for p in g.state.layouts[0].work] == ["5C", "9S", "6C", "7C"]
    assert str(g.view(0).own.demon_top) == "9C"


def test_an_ace_turned_onto_the_waste_goes_at_once():
    g = table(deck(demon="KS", stock="2C 3C AH 4C"), auto_aces=True)
    events = g.play("ann", "turn")
    played = [e for e in events if isinstance(e, ToFoundationPlayed)]
    assert len(played) == 1 and played[0].automatic
    assert str(played[0]) == "ann: A♥ from the waste starts foundation 1 (automatic)"
    assert foundations(g) == ["AH"] and str(g.view(0).own.waste[-1]) == "3C"
    assert "waste>f" not in g.moves("ann")


def test_an_automatic_ace_is_progress():
    # Rotated at the start; the twelfth turn shows A♦, which goes by itself: that is progress, so
    # when everyone is stuck again the stocks are rotated once more before the round ends.
    g = table(with_ace_in_stock(0), auto_aces=True)
    for _ in range(11):
        g.play("ann", "turn")
    events = g.play("ann", "turn")
    assert [type(e) for e in events[1:]] == [ToFoundationPlayed, StocksRotated, AllStuck]
