"""`cardbot play svolota` with piped input: the service's screens, buttons as numbered options,
moves typed in notation, clear answers to bad lines, and the result at the end."""

from __future__ import annotations

import asyncio
import io
import re

import pytest

from adapters.console.cli import main
from adapters.console.lines import printable
from adapters.console.session import Session
from bot.clock import FakeClock
from bot.deadlines import Kind
from bot.guide import rules
from bot.i18n import translator
from bot.practice import Practice
from bot.settings import ServiceConfig
from core.cards import STANDARD_DECK, parse_card

ALWAYS_ONE = "1\n" * 3000


def first_panel(out: str) -> tuple[list[str], int]:
    """Your cards (as shown) and how many options the first panel numbers."""
    cards = out.split("Your cards: ", 1)[1].split("\n", 1)[0].split()
    panel = out.split("Your cards: ", 1)[1].split("\n> ", 1)[0]
    numbers = [int(n) for n in re.findall(r"(?:^|   |\n  )(\d+)\. ", panel)]
    return cards, max(numbers)


def test_answering_1_every_time_plays_a_whole_game(cardbot):
    run = cardbot("play", "svolota", "--seed", "1", stdin=ALWAYS_ONE)
    assert run.code == 0
    assert "🏁 Svolota is over." in run.out
    assert "🏆 " in run.out
    assert "End of input" not in run.out
    assert run.err == ""
    result = run.out.split("🏁 Svolota is over.", 1)[1]
    assert "Rematch" not in result  # the console plays one game
    assert len(re.findall(r"^\d\. .* cards? left$", result, re.M)) == 4


@pytest.mark.parametrize("players", ["3", "6"])
@pytest.mark.parametrize("difficulty", ["easy", "hard"])
def test_every_table_size_and_level_plays_to_the_end(cardbot, players, difficulty):
    run = cardbot("play", "--players", players, "--difficulty", difficulty, "--seed", "7", stdin=ALWAYS_ONE)
    assert run.code == 0
    result = run.out.split("🏁 Svolota is over.", 1)[1]
    assert len(re.findall(r"^\d\. .* cards? left$", result, re.M)) == int(players)


def test_the_same_seed_and_answers_replay_the_same_game(cardbot):
    first = cardbot("play", "svolota", "--seed", "5", stdin=ALWAYS_ONE)
    second = cardbot("play", "svolota", "--seed", "5", stdin=ALWAYS_ONE)
    assert first.out == second.out
    assert cardbot("play", "svolota", "--seed", "6", stdin=ALWAYS_ONE).out != first.out


def test_the_board_then_your_panel_with_numbered_buttons(cardbot):
    out = cardbot("play", "svolota", "--seed", "1", stdin="").out
    assert out.startswith("Svolota · 4 players · difficulty: normal · seed 1\n")
    board, panel = out.index("🎴 Svolota"), out.index("Your cards: ")
    assert board < panel
    assert "▶ pat — 7 cards" in out and "🤖 Ada — 7 cards" in out
    assert "\n  1. " in out[panel:]
    assert "🚪 Leave the game" in out[panel:]
    assert "Choose cards" not in out and "My cards" not in out  # Telegram's inline mode; the panel is shown anyway


@pytest.mark.parametrize("form", ["{code}", "play {code}", "  P   {lower}  ", "{pretty}"])
def test_a_move_can_be_typed_in_notation(cardbot, form):
    cards, _ = first_panel(cardbot("play", "svolota", "--seed", NO_JOKER, stdin="").out)
    card = parse_card(cards[-1])  # you lead, so any card of your hand is a move
    line = form.format(code=card, lower=str(card).lower(), pretty=card.pretty)
    out = cardbot("play", "svolota", "--seed", NO_JOKER, stdin=line + "\n").out
    assert f"· pat plays {card.pretty}" in out
    assert "✗" not in out


def test_computer_turns_are_shown_as_they_happen_without_the_whole_board_each_time(cardbot):
    out = cardbot("play", "--seed", "1", stdin="1\n1\n").out
    between = out.split("\n> 1\n", 2)[1]
    # each computer's move as it happens: what they did, and whose turn it is now
    assert between.index("▶ 🤖 Ada") < between.index("▶ 🤖 Bo") < between.index("▶ 🤖 Cy")
    assert between.index("· Ada ") < between.index("· Bo ")
    assert between.index("▶ 🤖 Bo") < between.index("· Ada ") < between.index("▶ 🤖 Cy")
    # the whole board (its title, every seat) comes once: when it is your turn again
    assert between.count("🎴 Svolota") == 1
    your_turn = between.index("🎴 Svolota")
    assert between.index("· Cy ") > your_turn
    assert between[your_turn:].index("▶ pat — ") < between[your_turn:].index("Your move:")


def test_board_or_an_empty_line_shows_the_whole_board_again(cardbot):
    once = cardbot("play", "--seed", "1", stdin="").out.count("🎴 Svolota")
    assert cardbot("play", "--seed", "1", stdin="board\n").out.count("🎴 Svolota") == once + 1
    assert cardbot("play", "--seed", "1", stdin="\n").out.count("🎴 Svolota") == once + 1
    assert cardbot("play", "--seed", "1", "--lang", "uk", stdin="стіл\n").out.count("🎴 Сволота") == once + 1


def test_a_practice_game_has_no_turn_timer(cardbot):
    """Nobody waits for you at the console: no timer is shown, and none plays for you."""
    out = cardbot("play", "--seed", "1", stdin=ALWAYS_ONE).out
    assert "🏁 Svolota is over." in out
    assert "⏱" not in out and "ran out of time" not in out


def test_quit_leaves_at_once(cardbot):
    run = cardbot("play", "svolota", "--seed", "1", stdin="quit\n1\n1\n")
    assert run.code == 0
    assert run.out.rstrip().endswith("Bye.")
    assert "pat plays" not in run.out
    for word in ("exit", "q", "QUIT", "выход"):
        assert cardbot("play", "--seed", "1", stdin=word + "\n").out.rstrip().endswith("\nBye.")


def test_end_of_input_leaves_at_once(cardbot):
    run = cardbot("play", "svolota", "--seed", "1", stdin="")
    assert run.code == 0
    assert run.out.rstrip().endswith("End of input. Bye.")
    assert cardbot("play", "--seed", "1", stdin="1\n1").code == 0  # no newline at the end


NO_JOKER = "3"  # a seed that deals you no joker (some lines below assume you hold none)


def bad_lines() -> list[tuple[str, str]]:
    return [
        ("xyz", "not a card: 'xyz'"),
        ("99", "There is no option 99: choose from 1 to {count}."),
        ("0", "There is no option 0: choose from 1 to {count}."),
        ("12345678901234567890", "There is no option 123456…"),
        ("play ZZ", "not a card: 'ZZ'"),
        ("play", "say which cards to play"),
        ("x" * 10240, "that is too long to be a move"),
        ("привет мир", "not a card: 'привет'"),
        ("play {not_held}", "you don't have {not_held_pretty}"),
        ("pass", "you lead a new pile: play a card (or a joker), you may not pass"),
        ("joker", "you have no joker"),
        ("\x1b[2J\x00", "not a card"),
    ]


@pytest.mark.parametrize(("line", "answer"), bad_lines())
def test_a_bad_line_gets_a_clear_answer_and_changes_nothing(cardbot, line, answer):
    clean = cardbot("play", "svolota", "--seed", NO_JOKER, stdin="1\n")
    cards, count = first_panel(clean.out)
    held = {parse_card(c) for c in cards}
    not_held = next(c for c in STANDARD_DECK if c not in held)
    fill = {"count": count, "not_held": not_held, "not_held_pretty": not_held.pretty}
    line, answer = line.format(**fill), answer.format(**fill)
    run = cardbot("play", "svolota", "--seed", NO_JOKER, stdin=f"{line}\n1\n")
    assert run.code == 0
    errors = [x for x in run.out.splitlines() if x.startswith("✗ ")]
    assert len(errors) == 1, errors
    assert answer in errors[0]
    # take away the bad line and its answer: the rest is the game as if it had never been typed
    echo = f"> {printable(line)}\n"
    assert run.out.replace(echo, "", 1).replace(errors[0] + "\n", "", 1) == clean.out


def test_help_and_an_empty_line_answer_without_playing(cardbot):
    out = cardbot("play", "--seed", "1", stdin="help\n\n").out
    assert "Type an option's number to press it, or a move as the game writes it (Svolota: 8h 8c" in out
    assert "pat plays" not in out
    assert "✗" not in out


def test_leaving_the_game_hands_your_seat_to_a_computer_and_shows_the_end(cardbot):
    _, count = first_panel(cardbot("play", "--seed", "1", stdin="").out)
    run = cardbot("play", "--seed", "1", stdin=f"{count}\n")  # the last option: 🚪 Leave the game
    assert run.code == 0
    assert "🏁 Svolota is over." in run.out
    assert "End of input" not in run.out  # nothing more was asked of you


def test_your_name_is_yours_and_no_computer_takes_it(cardbot):
    out = cardbot("play", "--seed", "1", "--name", "Ada", stdin="").out
    assert "▶ Ada — 7 cards" in out
    assert "🤖 Ada" not in out and "🤖 Bo — 7 cards" in out


def test_russian(cardbot):
    run = cardbot("play", "svolota", "--seed", "3", "--lang", "ru", stdin="xyz\n99\nhelp\n1\nquit\n")
    assert run.code == 0
    assert run.out.startswith("Сволота · 4 игрока · сложность: обычная · партия №3\n")
    assert "✗ 'xyz' — не карта" in run.out
    assert "✗ Нет варианта 99" in run.out
    assert "Наберите номер варианта" in run.out
    assert run.out.rstrip().endswith("До встречи.")


def test_ukrainian(cardbot):
    run = cardbot("play", "svolota", "--seed", "3", "--lang", "uk", stdin=ALWAYS_ONE)
    assert run.code == 0
    assert run.out.startswith("Сволота · 4 гравці · складність: звичайна · партія №3\n")
    assert "🏁 " in run.out


def test_the_language_comes_from_LANG(cardbot, monkeypatch):
    monkeypatch.setenv("LANG", "uk_UA.UTF-8")
    assert cardbot("play", "--seed", "1").out.startswith("Сволота · 4 гравці")
    monkeypatch.setenv("LANG", "ru_RU.UTF-8")
    assert cardbot("play", "--seed", "1").out.startswith("Сволота · 4 игрока")
    assert cardbot("play", "--seed", "1", "--lang", "en").out.startswith("Svolota · 4 players")
    monkeypatch.setenv("LANG", "nl_NL.UTF-8")
    assert cardbot("play", "--seed", "1").out.startswith("Svolota · 4 players")


def test_ctrl_c_exits_130_quietly(monkeypatch, capsys):
    class Interrupted(io.StringIO):
        def readline(self, size: int | None = -1) -> str:
            raise KeyboardInterrupt

    monkeypatch.setattr("sys.stdin", Interrupted())
    assert main(["play", "--seed", "1"]) == 130
    captured = capsys.readouterr()
    assert "Traceback" not in captured.out + captured.err


class ClosingPipe(io.StringIO):
    """An output whose reader goes away after `flushes` flushes: a write then fails, as on a pipe."""

    def __init__(self, flushes: int) -> None:
        super().__init__()
        self.flushes = flushes

    def flush(self) -> None:
        self.flushes -= 1
        if self.flushes < 0:
            raise BrokenPipeError(32, "Broken pipe")


@pytest.mark.parametrize("flushes", range(0, 60, 3))
def test_a_reader_that_goes_away_at_any_point_ends_the_game_quietly(monkeypatch, capsys, flushes):
    """Whichever write finds the reader gone, a typed line's or a computer's redraw by the
    scheduler (whose failures are kept to their table), the session ends with nothing on stderr."""
    monkeypatch.setattr("sys.stdin", io.StringIO(ALWAYS_ONE))
    monkeypatch.setattr("sys.stdout", ClosingPipe(flushes))
    assert main(["play", "svolota", "--seed", "1"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
@pytest.mark.parametrize("game", ["svolota", "speed", "racing_demon"])
def test_rules_prints_the_rules_of_the_game_in_its_language(cardbot, game, lang):
    word = {"en": "rules", "ru": "правила", "uk": "правила"}[lang]
    out = cardbot("play", game, "--seed", "1", "--lang", lang, stdin=f"{word}\n").out
    expected = rules(game, translator(lang))
    assert len(expected) >= 3
    assert "\n".join(expected) in out
    if lang != "en":
        assert rules(game, translator("en"))[0] not in out
    typed_in_english = cardbot("play", game, "--seed", "1", "--lang", lang, stdin="rules\n").out
    assert typed_in_english.replace("> rules\n", f"> {word}\n") == out  # the English word does the same


@pytest.mark.parametrize(
    ("game", "signs"),
    [
        ("svolota", ["↑", "▶", "face up"]),
        ("speed", ["🂠", "J♥ → Q♦", "play 1 2"]),
        ("racing_demon", ["9♠ → 10♥", "Stock", "w1"]),
    ],
)
def test_help_explains_what_the_screens_write(cardbot, game, signs):
    out = cardbot("play", game, "--seed", "1", stdin="help\n").out
    legend = out.split("> help\n", 1)[1]
    assert "rules: the game's rules in short" in legend
    for sign in signs:
        assert sign in legend


def test_a_practice_game_arms_no_turn_timer():
    async def deadlines_on_my_turn() -> list[str]:
        session = Session(Practice("svolota", 4, "normal", "pat", "en", 1), FakeClock(), ServiceConfig(), io.StringIO())
        await session.open()
        assert session.chat.offers_move()  # you lead: it is your turn
        table = await session.store.load(session.table_id)
        assert table is not None
        return [d.kind for d in table.deadlines]

    assert Kind.TURN not in asyncio.run(deadlines_on_my_turn())


def test_forget_at_the_console_is_refused_while_the_game_runs(cardbot):
    run = cardbot("play", "svolota", "--seed", "1", stdin="forget\nquit\n")
    assert run.code == 0 and run.err == ""
    assert "✗ Leave or finish your games first: Svolota. Nothing was changed." in run.out
    assert "Yes, forget me" not in run.out
