"""`cardbot` arguments: what is not valid gets a clear, localised answer and exit 2; a left-out
game is asked for at a terminal."""

from __future__ import annotations

import socket

import pytest

from adapters.console.cli import choose_game, choose_level
from bot.i18n import translator


def test_an_unknown_game(cardbot):
    run = cardbot("play", "poker")
    assert run.code == 2
    assert "unknown game poker (games: svolota, speed, racing_demon)" in run.err
    assert run.out == ""


@pytest.mark.parametrize(
    ("args", "answer"),
    [
        (["svolota", "--players", "2"], "svolota is for 3 to 6 players, not 2"),
        (["svolota", "--players", "7"], "svolota is for 3 to 6 players, not 7"),
        (["speed", "--players", "3"], "speed is for 2 to 2 players, not 3"),
        (["racing_demon", "--players", "9"], "racing_demon is for 1 to 8 players, not 9"),
        (["--players", "four"], "four is not a whole number"),
        (["--seed", "x"], "x is not a whole number"),
        (["--difficulty", "insane"], "insane is not one of: easy, normal, hard"),
        (["--lang", "nl"], "nl is not one of: en, ru, uk, es, pt_BR, de, fr, it, pl, tr, id"),
        (["--delay", "-1"], "the delay is a number of seconds from 0 to 60"),
        (["--delay", "nan"], "the delay is a number of seconds from 0 to 60"),
        (["--name", "   "], "a name is 1 to 24 characters"),
        (["--name", "x" * 25], "a name is 1 to 24 characters"),
        (["--colour", "red"], "unrecognized arguments"),
    ],
)
def test_a_bad_argument_is_a_usage_error(cardbot, args, answer):
    run = cardbot("play", *args, stdin="1\n")
    assert run.code == 2
    assert answer in run.err
    assert run.out == ""


def test_usage_errors_speak_the_chosen_language(cardbot):
    run = cardbot("play", "--lang", "uk", "--players", "9")
    assert run.code == 2
    assert "у svolota грають від 3 до 6 гравців, а не 9" in run.err
    run = cardbot("play", "--lang", "ru", "--difficulty", "x")
    assert "ошибка: аргумент --difficulty: x — такого варианта нет; можно: easy, normal, hard" in run.err


def test_help_exits_0(cardbot):
    run = cardbot("play", "--help")
    assert run.code == 0
    assert "--players N" in run.out and "--difficulty" in run.out and "racing_demon" in run.out


def test_no_command_shows_the_help(cardbot):
    run = cardbot()
    assert run.code == 2
    assert "play" in run.out


def test_piped_input_without_a_game_plays_svolota_with_the_documented_defaults(cardbot):
    out = cardbot("play", stdin="").out
    assert out.startswith("Svolota · 4 players · difficulty: normal · seed ")


@pytest.mark.parametrize(("game", "players"), [("speed", 2), ("racing_demon", 3)])
def test_each_game_has_its_own_number_of_players(cardbot, game, players):
    out = cardbot("play", game, "--seed", "1", stdin="").out
    assert f"· {players} players · difficulty: normal · seed 1" in out


def test_a_terminal_is_asked_which_game():
    said: list[str] = []
    answers = iter(["", "7", "xyz", "2"])
    assert choose_game(translator("en"), lambda _prompt: next(answers), said.append) == "speed"
    assert said[:4] == [
        "Which game?",
        "  1. Svolota — shed your cards first · 3–6 players · turn by turn",
        "  2. Speed — empty your stacks first · 2 players · real time: everyone plays at once",
        "  3. Racing Demon — race to empty your demon pile · 1–8 players · real time: everyone plays at once",
    ]
    assert said[4:] == [
        "✗ There is no option 7: choose from 1 to 3.",
        "✗ There is no option xyz: choose from 1 to 3.",
    ]


def test_the_game_can_be_named_and_the_question_left():
    en = translator("en")
    assert choose_game(en, lambda _prompt: "Racing_Demon", lambda _line: None) == "racing_demon"
    assert choose_game(en, lambda _prompt: "quit", lambda _line: None) is None

    def end_of_input(_prompt: str) -> str:
        raise EOFError

    assert choose_game(en, end_of_input, lambda _line: None) is None


def test_the_delay_is_how_long_a_computer_thinks(cardbot, monkeypatch):
    seen = []

    async def play(setup, lines, live, config):
        seen.append((setup, live, config.computer_think))
        return 0

    monkeypatch.setattr("adapters.console.cli.play", play)
    assert cardbot("play", "speed", "--delay", "0.5", "--seed", "9", "--difficulty", "hard").code == 0
    setup, live, think = seen[-1]
    assert (setup.game, setup.players, setup.level, setup.seed, setup.name, live, think) == (
        "speed",
        2,
        "hard",
        9,
        "pat",
        False,
        0.5,
    )
    assert cardbot("play").code == 0
    assert seen[-1][2] == 1.2  # the service's own pause by default


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_game_list_says_in_one_line_what_each_game_is(lang):
    said: list[str] = []
    choose_game(translator(lang), lambda _prompt: "quit", said.append)
    games = said[1:]
    assert len(games) == 3
    for line, players in zip(games, ("3–6", "2", "1–8"), strict=True):
        assert line.count("\n") == 0 and " — " in line and players in line


def test_a_terminal_is_asked_the_difficulty_and_an_empty_answer_is_normal():
    said: list[str] = []
    answers = iter(["4", "3"])
    assert choose_level(translator("en"), lambda _prompt: next(answers), said.append) == "hard"
    assert said == [
        "How well do the computers play? (Enter: normal)",
        "  1. easy",
        "  2. normal",
        "  3. hard",
        "✗ There is no option 4: choose from 1 to 3.",
    ]
    assert choose_level(translator("en"), lambda _prompt: "", lambda _line: None) == "normal"
    assert choose_level(translator("ru"), lambda _prompt: "лёгкая", lambda _line: None) == "easy"
    assert choose_level(translator("uk"), lambda _prompt: "Easy", lambda _line: None) == "easy"
    assert choose_level(translator("en"), lambda _prompt: "quit", lambda _line: None) is None


def test_the_difficulty_is_asked_only_at_a_terminal_and_only_when_not_given(cardbot, monkeypatch):
    seen, asked = [], []

    async def play(setup, lines, live, config):
        seen.append(setup.level)
        return 0

    def choose(t, read, say):
        asked.append(True)
        return "easy"

    monkeypatch.setattr("adapters.console.cli.play", play)
    monkeypatch.setattr("adapters.console.cli.choose_level", choose)
    assert cardbot("play", "svolota").code == 0  # piped: normal, not asked
    assert (seen, asked) == (["normal"], [])
    monkeypatch.setattr("adapters.console.cli._isatty", lambda stream: True)
    assert cardbot("play", "svolota").code == 0
    assert cardbot("play", "svolota", "--difficulty", "hard").code == 0
    assert (seen, asked) == (["normal", "easy", "hard"], [True])


def test_play_on_the_web_on_a_taken_port_says_so_and_exits_1(cardbot):
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        run = cardbot("play", "speed", "--web", "--port", str(port), "--difficulty", "easy")
    assert run.code == 1
    assert run.err.startswith(f"cardbot: cannot serve the page on port {port}: ") and "Traceback" not in run.err
    assert run.out == ""


@pytest.mark.parametrize("port", ["65536", "-1", "http"])
def test_a_port_that_is_none(cardbot, port):
    run = cardbot("play", "--web", "--port", port)
    assert run.code == 2 and f"{port} is not a port (0 to 65535)" in run.err
