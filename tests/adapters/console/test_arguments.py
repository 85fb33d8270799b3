"""`cardbot` arguments: what is not playable or not valid gets a clear, localised answer and exit 2."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("game", ["speed", "racing_demon"])
def test_the_real_time_games_are_not_in_the_console_yet(cardbot, game):
    run = cardbot("play", game, stdin="1\n")
    assert run.code == 2
    assert f"{game} is not playable in the console yet (playable: svolota)" in run.err
    assert run.out == ""


def test_not_playable_in_russian(cardbot):
    run = cardbot("play", "speed", "--lang", "ru")
    assert run.code == 2
    assert "в speed пока нельзя играть в консоли" in run.err


def test_an_unknown_game(cardbot):
    run = cardbot("play", "poker")
    assert run.code == 2
    assert "unknown game poker (games: svolota, speed, racing_demon)" in run.err


@pytest.mark.parametrize(
    ("args", "answer"),
    [
        (["--players", "2"], "svolota is for 3 to 6 players, not 2"),
        (["--players", "7"], "svolota is for 3 to 6 players, not 7"),
        (["--players", "four"], "four is not a whole number"),
        (["--seed", "x"], "x is not a whole number"),
        (["--difficulty", "insane"], "insane is not one of: easy, normal, hard"),
        (["--lang", "de"], "de is not one of: en, ru, uk"),
        (["--delay", "-1"], "the delay is a number of seconds from 0 to 60"),
        (["--delay", "nan"], "the delay is a number of seconds from 0 to 60"),
        (["--name", "   "], "a name is 1 to 24 characters"),
        (["--name", "x" * 25], "a name is 1 to 24 characters"),
        (["--colour", "red"], "unrecognized arguments"),
    ],
)
def test_a_bad_argument_is_a_usage_error(cardbot, args, answer):
    run = cardbot("play", "svolota", *args, stdin="1\n")
    assert run.code == 2
    assert answer in run.err
    assert run.out == ""


def test_usage_errors_speak_the_chosen_language(cardbot):
    run = cardbot("play", "--lang", "uk", "--players", "9")
    assert run.code == 2
    assert "у svolota грають від 3 до 6 гравців, а не 9" in run.err
    run = cardbot("play", "--lang", "ru", "--difficulty", "x")
    assert "ошибка: argument --difficulty: x — не одно из: easy, normal, hard" in run.err


def test_help_exits_0(cardbot):
    run = cardbot("play", "--help")
    assert run.code == 0
    assert "--players N" in run.out and "--difficulty" in run.out


def test_no_command_shows_the_help(cardbot):
    run = cardbot()
    assert run.code == 2
    assert "play" in run.out


def test_the_game_defaults_to_svolota_and_the_options_to_the_documented_ones(cardbot):
    out = cardbot("play", stdin="").out
    assert out.startswith("Svolota · 4 players · difficulty: normal · seed ")
