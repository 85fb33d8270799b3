"""Speed and Racing Demon with piped input, in virtual time: each line takes one reaction window,
then time runs on until your panel offers a move; the end of input leaves at once."""

from __future__ import annotations

import re

import pytest

GAMES = [("speed", "Speed"), ("racing_demon", "Racing Demon")]


@pytest.mark.parametrize(("game", "name"), GAMES)
def test_end_of_input_leaves_at_once_after_the_first_screens(cardbot, game, name):
    run = cardbot("play", game, "--seed", "1", stdin="")
    assert run.code == 0
    assert f"⚡ {name}\n" in run.out
    assert "\npat\n" in run.out  # your panel, after the board
    assert run.out.rstrip().endswith("End of input. Bye.")


@pytest.mark.parametrize(("game", "name"), GAMES)
def test_answering_1_every_window_plays_to_the_end(cardbot, game, name):
    run = cardbot("play", game, "--seed", "2", stdin="1\n" * 2000)
    assert run.code == 0
    assert f"🏁 {name} is over." in run.out
    assert "End of input" not in run.out
    assert run.err == ""


@pytest.mark.parametrize(("game", "name"), GAMES)
def test_an_idle_player_gets_a_computer_stand_in_and_the_game_ends(cardbot, game, name):
    run = cardbot("play", game, "--seed", "1", stdin="\n" * 2000)  # each empty line lets a window pass
    assert run.code == 0
    assert "A computer is playing for you; press any move to take over." in run.out
    assert f"🏁 {name} is over." in run.out


def test_computer_moves_show_window_by_window(cardbot):
    out = cardbot("play", "speed", "--seed", "1", "--difficulty", "hard", stdin="\n" * 10).out
    assert re.search(r"\n· (pat|🤖 \w+|\w+): \S+ on \S+\n", out)  # a window's move in words: who put what on what
    assert out.count("⚡ Speed") >= 3


def test_the_same_seed_and_lines_replay_the_same_speed_game(cardbot):
    lines = "1\n\n2\n" * 200
    assert (
        cardbot("play", "speed", "--seed", "4", stdin=lines).out
        == cardbot("play", "speed", "--seed", "4", stdin=lines).out
    )


@pytest.mark.parametrize(
    ("game", "line", "answer"),
    [
        ("speed", "xyz", "not a move: xyz"),
        ("speed", "play 9 9", "there is no stack 9"),
        ("speed", "99", "There is no option 99: choose from 1 to"),
        ("speed", "x" * 10240, "that is too long to be a move"),
        ("speed", "привет", "not a move: привет"),
        ("racing_demon", "w1>w9", "cards move to f (a foundation) or w1 to w4, not 'w9'"),
        ("racing_demon", "play ZZ", "expected demon>f, waste>f"),
    ],
)
def test_a_bad_line_gets_a_clear_answer(cardbot, game, line, answer):
    run = cardbot("play", game, "--seed", "1", stdin=line + "\n")
    assert run.code == 0
    errors = [x for x in run.out.splitlines() if x.startswith("✗ ")]
    assert len(errors) == 1, errors
    assert answer in errors[0]


def test_a_racing_demon_table_of_six(cardbot):
    run = cardbot("play", "racing_demon", "--players", "6", "--seed", "3", stdin="")
    assert run.code == 0
    assert "· 6 players ·" in run.out
    board = run.out.split("⚡ Racing Demon\n", 1)[1].split("\npat\n", 1)[0]
    assert len(re.findall(r": demon 13 ", board)) == 6
