"""`cardbot play svolota` driven through `main()` with piped input, as a person at a terminal."""

from __future__ import annotations

import io

import pytest

from adapters.console.cli import main
from adapters.console.session import new_table
from adapters.console.terminal import Terminal
from bot.i18n import translator
from core.cards import STANDARD_DECK, Card
from core.games.svolota.game import Svolota

ALWAYS_ONE = "1\n" * 3000


def first_turn(seed: int) -> tuple[list[Card], int]:
    """Your hand and your number of moves in the console game dealt by `seed` (you lead)."""
    game = Svolota.new(["you", "Ann", "Bob", "Cy"], seed=seed)
    return list(game.view(0).hand), len(game.legal_moves(0))


HAND, MOVES = first_turn(1)
NOT_HELD = next(c for c in STANDARD_DECK if c not in HAND)
TWO_RANKS = (HAND[0], next(c for c in HAND if c.rank != HAND[0].rank))


def test_answering_1_every_time_plays_a_whole_game(cardbot):
    run = cardbot("play", "svolota", "--seed", "1", stdin=ALWAYS_ONE)
    assert run.code == 0
    assert "Game over:" in run.out
    assert "Cards left:" in run.out
    assert "End of input" not in run.out
    assert run.err == ""


@pytest.mark.parametrize("players", ["3", "6"])
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_every_table_size_and_level_plays_to_the_end(cardbot, players, difficulty):
    run = cardbot("play", "--players", players, "--difficulty", difficulty, "--seed", "7", stdin=ALWAYS_ONE)
    assert run.code == 0
    assert "Game over:" in run.out
    assert run.out.count("Players: ") >= 1
    assert len(run.out.split("Cards left: ")[1].split(" · ")) == int(players)


def test_the_same_seed_and_answers_replay_the_same_game(cardbot):
    first = cardbot("play", "svolota", "--seed", "5", stdin=ALWAYS_ONE)
    second = cardbot("play", "svolota", "--seed", "5", stdin=ALWAYS_ONE)
    assert first.out == second.out


def test_a_turn_shows_the_table_and_numbered_moves(cardbot):
    out = cardbot("play", "svolota", "--seed", "1", stdin="").out
    assert "Svolota · 4 players · difficulty: normal · seed 1" in out
    assert "Pile: empty, you lead" in out
    assert "Players: ▶ you: 7 cards · Ann: 7 cards · Bob: 7 cards · Cy: 7 cards" in out
    assert "Reserve: 25 cards · face up " in out
    assert "Your hand: " in out
    assert "Your moves:\n  1. " in out
    assert "Your move (1–" in out


def test_later_turns_show_the_pile_and_who_passed(cardbot):
    out = cardbot("play", "svolota", "--seed", "1", stdin=ALWAYS_ONE).out
    assert "Pile ↑ goes up · last play " in out
    assert "To beat it: a black card higher than " in out or "To beat it: a red card higher than " in out
    assert "To beat it: 2 cards or more, " in out
    assert "(passed)" in out
    assert "You play " in out and "Ann plays " in out


@pytest.mark.parametrize("form", ["play {card}", "{card}", "  P   {lower}  ", "{pretty}"])
def test_a_move_can_be_typed_in_notation(cardbot, form):
    card = HAND[-1]  # you lead, so any card of your hand is a move
    line = form.format(card=card, lower=str(card).lower(), pretty=card.pretty)
    out = cardbot("play", "svolota", "--seed", "1", stdin=line + "\n").out
    assert f"You play {card.pretty}" in out
    assert "✗" not in out


def test_quit_leaves_at_once(cardbot):
    run = cardbot("play", "svolota", "--seed", "1", stdin="quit\n1\n1\n")
    assert run.code == 0
    assert run.out.rstrip().endswith("Bye.")
    assert "You play" not in run.out
    for word in ("exit", "q", "QUIT"):
        assert cardbot("play", "--seed", "1", stdin=word + "\n").code == 0


def test_end_of_input_leaves_at_once(cardbot):
    run = cardbot("play", "svolota", "--seed", "1", stdin="")
    assert run.code == 0
    assert run.out.rstrip().endswith("End of input. Bye.")
    assert cardbot("play", "--seed", "1", stdin="1\n1").code == 0  # no newline at the end


@pytest.mark.parametrize(
    ("line", "answer"),
    [
        ("xyz", "not a card: 'xyz'"),
        ("99", f"There is no move 99: choose from 1 to {MOVES}."),
        ("0", "There is no move 0"),
        ("12345678901234567890", "There is no move 123456…"),
        ("play ZZ", "not a card: 'ZZ'"),
        ("play", "say which cards to play"),
        ("x" * 10240, "that is too long to be a move"),
        ("привет мир", "not a card: 'привет'"),
        (f"play {NOT_HELD}", f"you don't have {NOT_HELD.pretty}"),
        ("pass", "you lead a new pile: play a card (or a joker), you may not pass"),
        ("play AS AS", "you don't have"),
        (f"play {TWO_RANKS[0]} {TWO_RANKS[1]}", "a play is one card or up to four cards of one rank"),
        ("\x1b[2J\x00", "not a card"),
    ],
)
def test_a_bad_line_gets_a_clear_answer_and_changes_nothing(cardbot, line, answer):
    clean = cardbot("play", "svolota", "--seed", "1", stdin="1\n")
    run = cardbot("play", "svolota", "--seed", "1", stdin=f"{line}\n1\n")
    assert run.code == 0
    errors = [x for x in run.out.splitlines() if x.startswith("✗ ")]
    assert len(errors) == 1, errors
    assert answer in errors[0]
    # take away the bad line and its answer: the rest is the game as if it had never been typed
    assert run.out.replace(_prompt_and_echo(line), "", 1).replace(errors[0] + "\n", "", 1) == clean.out


def _prompt_and_echo(line: str) -> str:
    shown = "".join(ch if ch.isprintable() else "?" for ch in line[:60])
    return f"Your move (1–{MOVES}, a move, help or quit): " + shown + ("…" if len(line) > 60 else "") + "\n"


def test_bad_lines_never_change_the_game():
    t = translator("en")
    session = new_table("you", 4, 1, "normal", t)
    before = session.game.to_json()
    garbage = ["xyz", "99", "play ZZ", "x" * 10240, "Привет, как дела?", "", "   ", "help", "8h 8h 8h 8h 8h"]
    out = io.StringIO()
    assert session.run(Terminal(io.StringIO("\n".join(garbage) + "\n"), out)) == 0
    assert session.game.to_json() == before
    assert out.getvalue().count("✗ ") == 6


def test_help_and_an_empty_line_answer_without_playing(cardbot):
    out = cardbot("play", "--seed", "1", stdin="help\n\n").out
    assert "An Ace turns the pile down" in out
    assert f"Type a number from 1 to {MOVES}, a move such as 8h, help, or quit." in out
    assert "You play" not in out


def test_computer_turns_are_shown_as_they_happen(cardbot):
    out = cardbot("play", "--seed", "1", stdin="1\n").out
    after_you = out.split("You play ", 1)[1]
    lines = after_you.splitlines()[1:4]
    assert [line.split(" ")[0] for line in lines] == ["Ann", "Bob", "Cy"]


def test_the_delay_paces_the_computer_turns(cardbot, monkeypatch):
    pauses: list[float] = []
    monkeypatch.setattr("adapters.console.session.time.sleep", pauses.append)
    assert cardbot("play", "--seed", "1", "--delay", "0.5", stdin="1\n").code == 0
    assert pauses == [0.5, 0.5, 0.5]
    assert cardbot("play", "--seed", "1", stdin="1\n").code == 0
    assert pauses == [0.5, 0.5, 0.5]  # no delay by default


def test_your_name_is_yours_and_no_computer_takes_it(cardbot):
    out = cardbot("play", "--seed", "1", "--name", "Ann", stdin="").out
    assert "Players: ▶ Ann: 7 cards · Bob: 7 cards · Cy: 7 cards · Dee: 7 cards" in out


def test_russian(cardbot):
    run = cardbot("play", "svolota", "--seed", "3", "--lang", "ru", stdin="xyz\n1\nquit\n")
    assert run.code == 0
    assert "Сволота · 4 игрока · сложность: обычная" in run.out
    assert "Ваши карты: " in run.out
    assert "Игроки: ▶ вы: 7 карт · Аня: 7 карт" in run.out
    assert "✗ 'xyz' — не карта" in run.out
    assert "Вы кладёте " in run.out and "Аня кладёт " in run.out
    assert "До встречи." in run.out


def test_ukrainian(cardbot):
    run = cardbot("play", "svolota", "--seed", "3", "--lang", "uk", stdin=ALWAYS_ONE)
    assert run.code == 0
    assert "Ваші карти: " in run.out
    assert "Гру закінчено: " in run.out
    assert "Лишилося карт: " in run.out
    assert "You " not in run.out and " plays " not in run.out


def test_the_language_comes_from_LANG(cardbot, monkeypatch):
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    assert "Ваші карти: " in cardbot("play", "--seed", "1").out
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert "Ваши карты: " in cardbot("play", "--seed", "1").out
    assert "Your hand: " in cardbot("play", "--seed", "1", "--lang", "en").out
    monkeypatch.setenv("LANG", "de_DE.UTF-8")
    assert "Your hand: " in cardbot("play", "--seed", "1").out


def test_ctrl_c_exits_130_quietly(monkeypatch, capsys):
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupted())
    assert main(["play", "--seed", "1"]) == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err
