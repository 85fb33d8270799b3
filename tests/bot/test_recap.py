"""A finished game's key moments (bot/recap.py): real games played to their end (as in
tests/bot/test_achievements.py), their moments chosen from the log and told in words."""

from __future__ import annotations

from bot.i18n import translator
from bot.recap import KEY_MOMENTS, key_moments, weight
from bot.tables import LoggedMove, Seat, Status, Table
from bot.ui.happened import move_line
from tests.bot.test_achievements import ANN, BOB, CHAT, CY, play
from tests.names import named

EN = translator("en")


def told(table: Table, moments: list[LoggedMove]) -> list[str]:
    return [move_line(table, m, EN) or "" for m in moments]


def test_moments_are_at_most_four_moves_of_the_log_in_order_without_the_last():
    for played in (
        play("svolota", [ANN, BOB, CY], seed=7),
        play("speed", [ANN, BOB], seed=0, step=0.5, idle=(1,), target=25),
        play("racing_demon", [ANN, BOB, CY], seed=11),
    ):
        moments = key_moments(played.table, played.log)
        assert 1 <= len(moments) <= KEY_MOMENTS
        where = [next(i for i, m in enumerate(played.log) if m is moment) for moment in moments]
        assert where == sorted(where) and where[-1] < len(played.log) - 1
        assert all(weight(played.table, m) > 0 for m in moments)
        assert all(told(played.table, moments)), "every moment reads as a line"


def test_svolota_tells_jokers_big_plays_and_the_pile_turning():
    played = play("svolota", [ANN, BOB, CY], seed=7)
    assert told(played.table, key_moments(played.table, played.log)) == named(
        [
            "Ann plays A♣ A♦ · the pile turns ↓",
            "Bob plays A♠ · the pile turns ↓",
            "Ann plays 8♠ 8♥ 8♣ 8♦",
            "Bob plays a joker 🃏 · Cy leads a new pile",
        ]
    )


def test_the_weightier_moments_come_first_and_a_kind_at_most_twice():
    seats = [Seat("Ann", ANN), Seat("Bob", BOB), Seat("Cy", CY)]
    table = Table(1, CHAT, "svolota", ANN, Status.FINISHED, seats=seats)
    log = [
        LoggedMove(0, "play AH", 1.0, notes=("down",)),
        LoggedMove(1, "play 2S", 2.0, notes=("up",)),
        LoggedMove(2, "play AD", 3.0, notes=("down",)),
        LoggedMove(0, "joker", 4.0, notes=("leads 1",)),
        LoggedMove(1, "pass", 5.0),
        LoggedMove(2, "play AC", 6.0, notes=("down",)),
        LoggedMove(0, "play 5H 5S 5D", 7.0),
        LoggedMove(1, "play 9H", 8.0),  # the last move: the result screen tells it
    ]
    moments = key_moments(table, log)
    assert [m.at for m in moments] == [3.0, 4.0, 6.0, 7.0]  # the joker, the three, the two later turns ↓
    assert key_moments(table, log[:1]) == [] and key_moments(table, []) == []


def test_a_speed_match_tells_its_deals_and_a_new_centre_pile_once():
    match = play("speed", [ANN, BOB], seed=0, step=0.5, idle=(1,), target=25)
    assert told(match.table, key_moments(match.table, match.log)) == named(
        [
            "Ann: J♥ on Q♥ · deal 3 goes to Ann · deal 4 is dealt",
            "Ann: 7♠ on 6♥ · deal 4 goes to Ann · deal 5 is dealt",
            "new centre cards",
        ]
    )
    deal = play("speed", [ANN, BOB], seed=0, step=0.5)
    assert sum("new" in m.notes for m in deal.log) > 1
    assert told(deal.table, key_moments(deal.table, deal.log)) == ["new centre cards"]


def test_racing_demon_tells_a_foundation_completed_and_everyone_stuck():
    played = play("racing_demon", [ANN, BOB, CY], seed=11)
    lines = told(played.table, key_moments(played.table, played.log))
    assert lines == named(
        [
            "Bob: K♥ → foundation 2",
            "Cy: A♣ starts foundation 8 · everyone was stuck: each stock moves on by a card",
        ]
    )
    quiet = play("racing_demon", [ANN, BOB, CY], seed=0)  # nothing but cards to foundations
    assert key_moments(quiet.table, quiet.log) == []
