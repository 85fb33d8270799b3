"""SPEC §3 Turn timeout: the move played for an absent player."""

from tests.core.svolota.deals import game


def test_the_default_is_pass_where_pass_is_legal():
    g = game(["KS 2C 2D 2H 9C 9D 10S", "JK 8C 7D 7C 3H 3D 4C", "4D 5D 6D JS JC JH 2S"])
    g.play("ann", "play KS")
    assert g.default_move("bob") == "pass"


def test_the_leader_plays_the_fewest_cards_of_the_lowest_rank():
    g = game(["8H 8C 3D 2H 9C JK 10S", "KS 7D 7C 3H 4D 4C 5C", "5D 6D JS JC JH 2S QS"])
    assert g.default_move("ann") == "play 2H"


def test_the_ace_counts_highest_and_the_first_in_moves_order_breaks_ties():
    g = game(["AH AS 3D 3C 9C JK 10S", "KS 7D 7C 3H 4D 4C 5C", "5D 6D JS JC JH 2S QS"])
    assert g.default_move("ann") == "play 3C"  # 3C before 3D in moves() order
    assert g.moves("ann").index("play 3C") < g.moves("ann").index("play 3D")


def test_when_pass_is_not_allowed_the_cheapest_beating_play_is_made():
    g = game(["7S 2C 2D 2H 9C 9D 10S", "AH 8H 8D KD 3H 3D JK", "4D 5D 6D JS JC JH 2S"])
    g.play("ann", "play 7S")
    assert g.default_move("bob") == "play 8H"


def test_a_joker_only_when_nothing_else_is_legal():
    g = game(["JK 2C 2D 2H 9C 9D 10S", *["3S 3C 3H 3D 4S 4C 4H", "5S 5C 5H 5D 6S 6C 6H"]])
    g.state.set_hand(0, [c for c in g.state.hands[0] if c.joker])  # only the joker left to lead with
    assert g.moves("ann") == ["joker"]
    assert g.default_move("ann") == "joker"


def test_no_default_for_a_player_who_may_not_act():
    g = game(["7S 2C 2D 2H 9C 9D 10S", "AH 8H 8D KD 3H 3D JK", "4D 5D 6D JS JC JH 2S"])
    assert g.default_move("bob") is None
