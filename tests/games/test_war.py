"""A fourth game costs a few files (docs/architecture.md, "Adding a game"): War, the tests' own game
(tests/games/war/: its rules, computers, screens and registration), plays by the scripting
contract, through the real service with a table's every step (lobby, turns, timers, computers,
result, ratings), in the console, and on Telegram against the fake Bot API."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.games import game_info, game_named, games
from bot.tables import Status
from core import IllegalMove, load_game, new_game
from tests.adapters.console.conftest import cardbot  # noqa: F401  (the console, run in this process)
from tests.bot.harness import ANN, BOB, Harness
from tests.games.war import registered


@pytest.fixture(autouse=True)
def war_is_known() -> Iterator[None]:
    with registered():
        yield


DECK = "KS 10S QH JH 10C KC JD QD KH 10H QS JS 10D KD JC QC"  # Ann's first card K♠, Bob's 10♠ …


# ----- the rules, by the scripting contract ---------------------------------------------------


def test_the_higher_flip_scores_and_its_player_flips_first_next():
    g = new_game("war", players=["ann", "bob"], deck=DECK)
    assert g.moves("ann") == ["flip"] and g.moves("bob") == []
    with pytest.raises(IllegalMove, match="not your turn"):
        g.play("bob", "flip")
    g.play("ann", "FLIP ")
    assert g.moves("bob") == ["flip"]
    g.play("bob", "flip")  # K♠ beats 10♠
    assert g.scores == {"ann": 1, "bob": 0}
    g.play("ann", "flip")  # Q♥ against J♥: Ann won the round, so she flips first again
    g.play("bob", "flip")
    g.play("ann", "flip")  # 10♣ against K♣: Bob wins, and leads the next round
    g.play("bob", "flip")
    assert g.scores == {"ann": 2, "bob": 1} and g.moves("bob") == ["flip"]


def test_the_game_ends_after_eight_rounds_with_the_most_points_winning_and_round_trips():
    g = new_game("war", players=["ann", "bob"], seed=3)
    while not g.over:
        (player,) = [p for p in g.players if g.moves(p)]
        g.play(player, "flip")
        assert load_game(g.to_json()).to_json() == g.to_json()
    assert sum(g.scores.values()) <= 8
    assert g.winner == (None if len(set(g.scores.values())) == 1 else max(g.scores, key=g.scores.__getitem__))
    with pytest.raises(IllegalMove, match="over"):
        g.play("ann", "flip")


def test_text_that_is_not_a_move_is_refused_clearly():
    g = new_game("war", players=["ann", "bob"], seed=1)
    with pytest.raises(IllegalMove, match="the only move is flip"):
        g.play("ann", "play KS")


# ----- its place in the bot -------------------------------------------------------------------


def test_the_bot_knows_it_by_its_name_and_command():
    assert "war" in games() and game_named("WAR") == "war"
    info = game_info("war")
    assert (info.min_players, info.max_players, info.real_time) == (2, 2, False)
    assert set(info.levels) == {"easy", "normal", "hard"}


def test_a_table_of_war_goes_from_lobby_to_result_and_ratings_through_the_service():
    h = Harness()
    t = h.open(ANN, "war").table_id
    assert "War" in h.screen(t).text
    h.press(BOB, t, "Join")  # two seats: the game starts
    assert h.table(t).status is Status.PLAYING
    for _ in range(16):
        table = h.table(t)
        if table.status is not Status.PLAYING:
            break
        to_flip = ANN if load_game(table.state).view(0).turn == 0 else BOB
        assert h.press(to_flip, t, "My panel").ok
        panel = h.press_token(to_flip, h.button(t, "Flip", to_flip).token or "", where=None)
        assert panel.ok, panel.text
    table = h.table(t)
    assert table.status is Status.FINISHED and len(h.log(t)) == 16
    result = h.screen(t).text
    assert "War" in result and ("🏆" in result or "draw" in result.lower())
    rated = h.run(h.store.results(t))
    assert [s.person for s in rated] == [ANN.person, BOB.person]


def test_a_person_who_runs_out_of_time_flips_by_the_timer_and_a_computer_plays_its_seat():
    h = Harness()
    t = h.open(ANN, "war").table_id
    h.press(ANN, t, "+ Computer")  # a computer takes the other seat: the game starts
    h.advance(10_000)  # Ann never presses: her timer flips for her, then a computer stands in
    table = h.table(t)
    assert table.status is Status.FINISHED
    assert {m.by for m in h.log(t)} >= {"timer", "computer"}


# ----- the console ----------------------------------------------------------------------------


def test_cardbot_play_war_answering_1_every_time_plays_it_to_the_end(cardbot):  # noqa: F811
    run = cardbot("play", "war", "--seed", "2", stdin="1\n" * 200)
    assert run.code == 0, run.err
    assert "🏁 War is over." in run.out
    assert run.err == ""
