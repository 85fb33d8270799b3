"""SPEC §3 Joker, Passing, Closing a pile, Drawing, End."""

import pytest

from core import IllegalMove, NotYourTurn
from core.cards import JOKER, parse_card
from tests.core.svolota.deals import game

FILLER = ["3S 3C 3H 3D 4S 4C 4H", "5S 5C 5H 5D 6S 6C 6H"]


def test_only_the_player_to_act_may_move():
    g = game(["7S 2C 2D 2H 9C 9D 10S", *FILLER])
    with pytest.raises(NotYourTurn, match="ann's turn"):
        g.play("bob", "play 3S")


def test_a_player_who_cannot_beat_passes_and_the_turn_moves_on():
    g = game(["KS 2C 2D 2H 9C 9D 10S", "8H 8C 7D 7C 3H 3D 4C", "4D 5D 6D JS JC JH 3S"])
    g.play("ann", "play KS")
    assert g.moves("bob") == ["pass"]
    g.play("bob", "pass")
    assert g.view(0).passed == frozenset({1})
    assert g.view(0).turn == 2


def test_a_player_who_can_beat_may_not_pass():
    g = game(["7S 2C 2D 2H 9C 9D 10S", "8H 8C 7D 7C 3H 3D 4C", "4D 5D 6D JS JC JH 3S"])
    g.play("ann", "play 7S")
    assert "pass" not in g.moves("bob")
    with pytest.raises(IllegalMove, match="can beat"):
        g.play("bob", "pass")


def test_option_free_pass_allows_passing_with_a_beating_play_in_hand():
    g = game(["7S 2C 2D 2H 9C 9D 10S", "8H 8C 7D 7C 3H 3D 4C", "4D 5D 6D JS JC JH 3S"], free_pass=True)
    g.play("ann", "play 7S")
    assert "pass" in g.moves("bob")
    g.play("bob", "pass")


def test_a_player_who_passed_may_play_when_the_turn_comes_back_to_an_open_pile():
    g = game(["3S 2C 2D 2H 9C 9D 10S", "KH 8C 7D 7C 3H 3D 4C", "4D 5D 6D JS JC JH 2S"])
    g.play("ann", "play 3S")
    g.play("bob", "play KH")
    g.play("cy", "pass")
    assert g.moves("ann") == ["pass"]
    g.play("ann", "pass")
    # back to bob, who made the last play: everyone else passed, so the pile closes and bob leads
    assert g.view(1).last_play is None
    assert g.view(1).turn == 1
    assert g.view(1).up is True


def test_a_closed_pile_is_discarded_and_its_player_leads_upwards():
    g = game(["KS 2D 2H 9D 10D QD QH", "AH 8C 7D 7C 3H 3D 4C", "4D 5D 6D JD 8D 8H 9H"], reserve="5H 6H")
    g.play("ann", "play KS")
    g.play("bob", "play AH")
    assert g.view(2).up is False
    g.play("cy", "pass")  # only red cards: none may go on the red Ace
    g.play("ann", "pass")
    assert g.view(1).turn == 1 and g.view(1).last_play is None and g.view(1).up is True
    assert len(g.state.discarded) == 2


def test_after_playing_n_cards_the_player_draws_n():
    g = game(["8H 8C 2D 2H 9C 9D 10S", "KS 7D 7C 3H 3D 4C 5C", "4D 5D 6D JS JC JH 2S"])
    before = g.view(0).reserve_size
    g.play("ann", "play 8H 8C")
    assert len(g.view(0).hand) == 7
    assert g.view(0).reserve_size == before - 2


def test_a_joker_may_be_laid_on_any_pile_and_the_next_player_leads():
    g = game(["KS 2C 2D 2H 9C 9D 10S", "JK 8C 7D 7C 3H 3D 4C", "4D 5D 6D JS JC JH 2S"])
    g.play("ann", "play KS")
    assert g.moves("bob") == ["joker", "pass"]
    events = g.play("bob", "joker")
    assert "joker" in str(events[0])
    v = g.view(2)
    assert v.last_play is None and v.turn == 2 and v.up is True
    assert len(v.hand) == 7 and v.hand_sizes[1] == 7  # the joker player drew 1
    assert JOKER in g.state.discarded


def test_play_jk_is_the_same_move_as_joker():
    g = game(["JK 2C 2D 2H 9C 9D 10S", *FILLER])
    g.play("ann", "play JK")
    assert g.view(1).turn == 1


def test_a_joker_may_be_led_on_an_empty_pile():
    g = game(["JK 2C 2D 2H 9C 9D 10S", *FILLER])
    assert "joker" in g.moves("ann")
    g.play("ann", "joker")
    assert g.view(1).turn == 1 and g.view(1).last_play is None


def test_a_joker_is_never_forced():
    g = game(["KS 2C 2D 2H 9C 9D 10S", "JK 8C 7D 7C 3H 3D 4C", "4D 5D 6D JS JC JH 2S"])
    g.play("ann", "play KS")
    g.play("bob", "pass")


def test_after_a_joker_the_new_pile_starts_up_and_an_ace_turns_it_down():
    g = game(["AS 2C 2D 2H 9C 9D 10S", "JK 8C 7D 7C 3H 3D 4C", "AH 5D 6D JS JC JH 2S"])
    g.play("ann", "play AS")
    assert g.view(1).up is False
    g.play("bob", "joker")
    assert g.view(2).up is True
    g.play("cy", "play AH")
    assert g.view(0).up is False


def test_the_first_player_to_empty_their_hand_wins_and_the_game_ends():
    g = game(["KS 2C 2D 2H 9C 9D 10S", "AH 8C 7D 7C 3H 3D 4C", "4D 5D 6D JS JC JH 2S"])
    g.state.reserve.clear()
    g.state.face_up = None
    g.state.set_hand(0, [parse_card("KS")])
    events = g.play("ann", "play KS")
    assert g.over and g.winner == "ann"
    assert "wins" in str(events[-1])
    assert g.scores == {"ann": 0, "bob": 7, "cy": 7}
    assert g.moves("bob") == []
    with pytest.raises(IllegalMove, match="over"):
        g.play("bob", "pass")


def test_scores_count_the_cards_in_hand_at_any_moment():
    g = game(["8H 8C 2D 2H 9C 9D 10S", "KS 7D 7C 3H 3D 4C 5C", "4D 5D 6D JS JC JH 2S"])
    assert g.scores == {"ann": 7, "bob": 7, "cy": 7}
    assert g.winner is None
