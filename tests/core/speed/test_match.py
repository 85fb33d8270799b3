"""Points matches (SPEC §4, option `target`): each deal scores the opponent's reserve; deals go
on until someone reaches the target, for at most 20 deals."""

from __future__ import annotations

import pytest

from core import new_game
from core.games.speed.game import Speed
from core.games.speed.match import MAX_DEALS
from core.games.speed.moves import Fill, Flip, Move, New, Play
from tests.core.speed.tables import ANN, BOB, position, texts


def last_card_of_the_deal(target: int, points: tuple[int, int] = (0, 0), deal: int = 1) -> Speed:
    """Ann is one play (`play 1 1`) from emptying her stacks; ann's reserve 2 cards, bob's 5."""
    g = position(
        ["8C", "", "", "", ""],
        ["2D", "", "", "", ""],
        ["7H", "KH"],
        reserves=("QD QS", "JD JC JH 3S 3H"),
        target=target,
    )
    g.match.points = list(points)
    g.match.deal = deal
    return g


def test_each_player_scores_the_cards_left_in_the_opponents_reserve() -> None:
    g = last_card_of_the_deal(target=25)
    assert g.scores == {"ann": 0, "bob": 0}
    events = g.play("ann", "play 1 1")
    assert texts(events)[1:] == [
        "deal 1: ann has emptied every stack and wins",
        "deal 1: ann scores 5, bob scores 2 (match 5–2)",
        "deal 2 is dealt",
    ]
    assert not g.over and g.winner is None
    assert g.scores == {"ann": 5, "bob": 2}  # the deal's loser scores too
    view = g.view(BOB)
    assert (view.deal, view.points, view.target) == (2, (5, 2), 25)
    assert [len(s.cards) for s in g.table.stacks[ANN]] == [1, 2, 3, 4, 5]
    assert [len(r) for r in g.table.reserves] == [10, 10]


def test_later_deals_are_shuffled_by_the_games_own_generator() -> None:
    def second_deal(seed: int) -> str:
        g = last_card_of_the_deal(target=25)
        g.rng.seed, g.rng.draws = seed, 0
        g.play("ann", "play 1 1")
        return str(g.table.to_dict())

    assert second_deal(1) == second_deal(1)
    assert second_deal(1) != second_deal(2)


def test_a_points_match_ends_when_someone_reaches_the_target() -> None:
    g = last_card_of_the_deal(target=25, points=(21, 3))
    events = g.play("ann", "play 1 1")
    assert texts(events)[-1] == "ann wins the match, 26–5"
    assert g.over and g.winner == "ann" and g.scores == {"ann": 26, "bob": 5}
    assert g.moves("ann") == g.moves("bob") == []


def test_the_player_under_the_target_cannot_win_the_match() -> None:
    g = last_card_of_the_deal(target=25, points=(3, 23))
    g.play("ann", "play 1 1")  # ann 8, bob 25: bob reaches the target on the deal he lost
    assert g.over and g.winner == "bob"


def test_both_over_the_target_the_higher_total_wins() -> None:
    g = last_card_of_the_deal(target=25, points=(24, 23))
    g.play("ann", "play 1 1")  # 29 to 25
    assert g.over and g.winner == "ann" and g.scores == {"ann": 29, "bob": 25}


def test_both_over_the_target_with_equal_totals_another_deal_is_played() -> None:
    g = last_card_of_the_deal(target=25, points=(22, 25))
    events = g.play("ann", "play 1 1")  # 27 to 27
    assert not g.over and g.match.deal == 2
    assert texts(events)[-1] == "deal 2 is dealt"


def test_a_match_ends_after_twenty_deals_the_higher_total_winning() -> None:
    g = last_card_of_the_deal(target=100, points=(3, 3), deal=MAX_DEALS)
    assert MAX_DEALS == 20
    events = g.play("ann", "play 1 1")
    assert texts(events)[-1] == "ann wins the match, 8–5"
    assert g.over and g.winner == "ann"


def test_a_match_tied_after_twenty_deals_is_a_draw() -> None:
    g = last_card_of_the_deal(target=100, points=(3, 6), deal=MAX_DEALS)
    events = g.play("ann", "play 1 1")
    assert texts(events)[-1] == "the match is a draw, 8–8"
    assert g.over and g.winner is None


def test_a_stuck_deal_with_empty_reserves_scores_nothing() -> None:
    g = position(
        ["8C", "", "", "", ""], ["2D", "", "", "", "5C"], ["KS", "KH"], reserves=("JH", ""), rest=(BOB, 5), target=25
    )
    events = g.play("ann", "new")
    assert "deal 1: ann scores 0, bob scores 0 (match 0–0)" in texts(events)
    assert g.match.deal == 2 and not g.over


def drive(game: Speed, limit: int = 200_000) -> int:
    """Play to the end, each player taking their first play, else flip, else `new`, else a fill
    of an empty stack before any recycling (so that deals end): a plain, deterministic driver."""
    for step in range(limit):
        if game.over:
            return step
        for seat in (ANN, BOB):
            legal = game.legal_moves(seat)
            view = game.view(seat)
            pick: Move | None = next((m for m in legal if isinstance(m, (Play, Flip, New))), None)
            if pick is None and view.recycles == 0:
                pick = next((m for m in legal if isinstance(m, Fill) and not view.mine.stacks[m.stack - 1].cards), None)
            if pick is not None:
                game.apply(seat, pick)
                break
        else:
            raise AssertionError("nobody can move but the game is not over")
    raise AssertionError("the match did not end")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_points_match_played_out_reaches_its_target(seed: int) -> None:
    g = new_game("speed", ["ann", "bob"], seed=seed, options={"target": 25})
    assert isinstance(g, Speed)
    drive(g)
    points = g.match.points
    assert g.over and max(points) >= 25 and points[0] != points[1]
    assert g.winner == ("ann" if points[0] > points[1] else "bob")
    assert g.scores == {"ann": points[0], "bob": points[1]}


def test_a_match_out_of_reach_stops_after_twenty_deals() -> None:
    g = new_game("speed", ["ann", "bob"], seed=5, options={"target": 1000, "stacks": 4})
    assert isinstance(g, Speed)
    drive(g)
    assert g.over and g.match.deal == MAX_DEALS and max(g.match.points) < 1000
