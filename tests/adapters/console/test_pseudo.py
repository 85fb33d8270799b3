"""The console in the pseudo-locale (tests/pseudo.py): `cardbot` with no LANG speaks the source
language, which then reads the pseudo catalog; a game of each kind with piped lines (good and
bad ones), the help and the usage errors, and every line printed is checked for words that never
went through a catalog and for brackets cut off."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from bot.i18n import Translator
from bot.lobby import COMPUTER_NAMES
from tests.pseudo import cut, problems, pseudo_english

# lines people type (echoed back)
TYPED = ["xyz", "play 9 9", "99", "w1>w9", "help", "rules", "board", "", "poker", "insane"]


@pytest.fixture
def t() -> Iterator[Translator]:
    with pseudo_english() as t:
        yield t


def check(*outputs: str) -> None:
    """Words line by line; brackets over a whole output (argparse wraps a long help over lines)."""
    lines = [(f"line {n}", line) for out in outputs for n, line in enumerate(out.splitlines(), 1)]
    assert len(lines) > 20, "the console printed almost nothing: the run did not happen"
    found = [p for p in problems(lines, ["pat", "cardbot", *COMPUTER_NAMES, *TYPED]) if "cut short" not in p]
    found += [f"cut short: {out!r}" for out in outputs if cut(out)]
    assert not found, "\n".join(found)


@pytest.mark.parametrize("game", ["svolota", "speed", "racing_demon"])
def test_a_game_reads_in_the_pseudo_locale(cardbot, t, game):
    lines = "\n".join(TYPED) + "\n" + "1\n" * 400
    run = cardbot("play", game, "--seed", "3", stdin=lines)
    assert run.code == 0
    assert "✗" in run.out  # the bad lines were answered
    check(run.out, run.err)


def test_help_and_usage_errors_read_in_the_pseudo_locale(cardbot, t):
    runs = [
        cardbot("play", "--help"),
        cardbot("play", "poker"),
        cardbot("play", "--players", "9"),
        cardbot("play", "--difficulty", "insane"),
        cardbot("play", "speed", "--seed", "1", stdin=""),  # end of input at once
    ]
    check(*(r.out + "\n" + r.err for r in runs))
