"""SPEC §5, everyone stuck: a player is stuck when no progress move is open to them now nor at any
waste top they could reach by turning (a full cycle). When everyone is stuck every player is
rotated once; if everyone is still stuck, or stuck again before anyone made progress, the round
ends and is scored."""

from __future__ import annotations

import json

from core.cards import parse_card, parse_cards
from core.games.racing_demon.events import AllStuck, StocksRotated
from core.games.racing_demon.game import RacingDemon
from core.games.racing_demon.state import End
from tests.core.racing_demon.decks import deck, table

KINGS = "KS KH KC KD"  # nothing but a queen goes on them, and every queen is deep in the demon
DEEP = "QS QH QC QD AS AH AC AD 2S 2H 2C 2D"
STUCK = deck(demon="5S " + DEEP, work=KINGS)  # the stock: 3 … J of every suit, none of them playable
BUSY = deck(demon="AS")  # the demon's Ace (and then 2♠ …): never stuck


def stock(g: RacingDemon, seat: int = 0) -> list[str]:
    """The stock, top first."""
    return [str(c) for c in g.state.layouts[seat].stock[::-1]]


def with_ace_in_stock(position: int) -> str:
    """STUCK, but with A♦ at `position` of the stock (0 is its top) and 3♠ in the demon instead."""
    cards = deck(demon="5S " + DEEP, work=KINGS).split()
    ace, three = cards.index("AD"), cards.index("3S")
    cards[ace], cards[three] = "3S", "AD"
    rest = cards[17:]
    rest.remove("AD")
    rest.insert(position, "AD")
    return " ".join(cards[:17] + rest)


def test_a_player_with_nothing_to_play_anywhere_in_their_stock_is_stuck():
    g = table(STUCK, BUSY)
    assert g.is_stuck(0) and g.view(0).stuck
    assert not g.is_stuck(1) and not g.view(1).stuck
    assert not g.over and not g.state.rotated


def test_a_card_that_turning_three_at_a_time_can_show_counts_and_one_it_cannot_does_not():
    reachable = [2, 5, 32, 34]  # every third card, and the last one (35 = 3 × 11 + 2)
    hidden = [0, 1, 3, 33]
    for position in reachable:
        assert not table(with_ace_in_stock(position), BUSY).is_stuck(0), position
    for position in hidden:
        assert table(with_ace_in_stock(position), BUSY).is_stuck(0), position


def test_a_card_shown_only_after_the_waste_is_turned_back_over_counts():
    # After A♥ leaves the waste, the rest of the stock shows s5, s8, …, while the next full pass
    # (3♠ 4♠ s3 s4 s5 …) shows s3, s6, …
    base = "5S QS QH QC QD AS AC AD 2S 2C 2D"
    shown_later = table(deck(demon=base, work=KINGS, stock="3S 4S AH 2H"), BUSY)
    never_shown = table(deck(demon=base, work=KINGS, stock="3S 4S AH 6D 2H"), BUSY)
    for g in (shown_later, never_shown):
        g.play("ann", "turn")
        g.play("ann", "waste>f")
    assert not shown_later.is_stuck(0)
    assert never_shown.is_stuck(0)


def test_a_card_for_a_work_pile_counts_as_a_way_out():
    g = table(deck(demon="5S " + DEEP, work="KS KH KC 6D"), BUSY)  # 5♠ goes on 6♦
    assert not g.is_stuck(0)


def test_when_everyone_is_stuck_each_waste_goes_under_its_stock_and_the_top_card_to_the_bottom():
    g = table(deck(demon="AS 5S QS QH QC QD AH AC AD 2S 2H 2C 2D", work=KINGS))
    s = stock(g)
    g.play("ann", "turn")
    g.play("ann", "turn")  # the waste: s0 … s5
    events = g.play("ann", "demon>f")  # progress, and now nothing is left to do
    assert [type(e) for e in events[1:]] == [StocksRotated, AllStuck]
    assert stock(g) == s[7:] + s[:6] + [s[6]]
    assert g.state.layouts[0].waste == []


def test_a_rotation_that_frees_a_card_lets_the_round_go_on():
    g = table(with_ace_in_stock(0))  # stuck at the start: A♦ is the stock's top, never shown
    s = [str(c) for c in parse_cards(with_ace_in_stock(0))[17:]]
    assert not g.over and g.state.rotated
    assert stock(g) == [*s[1:], s[0]]  # the top card went to the bottom: the last turn shows it
    assert not g.is_stuck(0)
    for _ in range(12):
        g.play("ann", "turn")
    assert g.view(0).own.waste[-1] == parse_card("AD")
    events = g.play("ann", "waste>f")  # progress: the next time everyone is stuck, rotate again
    assert [type(e) for e in events[1:]] == [StocksRotated, AllStuck]
    assert g.over and g.ended_by is End.STUCK


def test_still_stuck_after_the_rotation_ends_the_round_at_once():
    g = table(STUCK, STUCK)
    assert g.over and g.ended_by is End.STUCK and g.out_seat is None
    assert g.scores == {"ann": -13, "bob": -13}
    assert g.winner is None  # a tie for the highest score


def test_stuck_again_before_anyone_made_progress_ends_the_round_without_another_rotation():
    # A saved position after a rotation: A♦ is the waste's top, so ann may play it now, but once it
    # is covered no turning shows it again.
    saved = json.loads(table(with_ace_in_stock(0)).to_json())
    position = saved["state"]["layouts"][0]
    cards = position["stock"].split()
    cards.remove("AD")
    position.update(stock=" ".join(cards), waste="AD")
    for rotated, expected in ((True, [AllStuck]), (False, [StocksRotated])):
        saved["state"]["rotated"] = rotated
        g = RacingDemon.from_json(json.dumps(saved))
        assert not g.is_stuck(0)
        events = g.play("ann", "turn")
        assert [type(e) for e in events[1:]][: len(expected)] == expected


def test_everyone_must_be_stuck_before_anything_is_rotated():
    g = table(STUCK, with_ace_in_stock(2))
    assert g.is_stuck(0) and not g.is_stuck(1)
    assert not g.state.rotated and not g.over
