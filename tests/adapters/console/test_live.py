"""The console at a terminal: the system clock and the service's scheduler run beside the prompt,
so the computer players' moves print while you type, and the game may end while you are asked."""

from __future__ import annotations

import asyncio
import contextlib
import io
import re
from collections.abc import Awaitable, Callable

import pytest
from prompt_toolkit.application import create_app_session
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from prompt_toolkit.output.plain_text import PlainTextOutput

from adapters.console.chat import ConsoleChat
from adapters.console.lines import Interrupted, PromptLines
from adapters.console.session import Session, play
from bot.clock import SystemClock
from bot.practice import Practice
from bot.settings import ServiceConfig

QUICK = ServiceConfig(window_seconds=0.1, computer_think=0.005)


class Typist:
    """Lines typed by a script that may wait for what is on the screen."""

    def __init__(self, script: Callable[[ConsoleChat], Awaitable[str]]) -> None:
        self.script = script
        self.chat: ConsoleChat | None = None
        self.reads = 0

    async def read(self, prompt: str) -> str:
        self.reads += 1
        assert self.chat is not None
        return await self.script(self.chat)

    def printing(self) -> contextlib.AbstractContextManager[object]:
        return contextlib.nullcontext()


def live(
    game: str, typist: Typist, players: int = 4, level: str = "normal", out: io.StringIO | None = None
) -> tuple[int, str]:
    out = out or io.StringIO()
    session = Session(Practice(game, players, level, "pat", "en", 3), SystemClock(), QUICK, out)
    typist.chat = session.chat

    async def run() -> int:
        await session.open()
        return await asyncio.wait_for(session.run_live(typist), timeout=20)

    return asyncio.run(run()), out.getvalue()


def test_a_whole_svolota_game_in_real_time():
    async def one_on_my_turn(chat: ConsoleChat) -> str:
        while not chat.offers_move():
            await asyncio.sleep(0.002)
        return "1"

    code, out = live("svolota", Typist(one_on_my_turn))
    assert code == 0
    assert "🏁 Svolota is over." in out


def test_the_game_ends_while_you_are_asked():
    async def leave_then_wait(chat: ConsoleChat) -> str:
        if chat.options() and chat.options()[-1].action == "leave" and chat.offers_move():
            return str(len(chat.options()))  # 🚪 Leave the game
        await asyncio.Event().wait()  # a person who never types again
        return "never"

    typist = Typist(leave_then_wait)
    code, out = live("svolota", typist)
    assert code == 0
    lines = out.rstrip().split("\n")
    end = len(lines) - 1 - lines[::-1].index("🏁 Svolota is over.")
    # then the winner, the winning move, 4 places (then the key moments, if any)
    assert [line[:3] for line in lines[end + 3 : end + 7]] == ["1. ", "2. ", "3. ", "4. "]
    assert typist.reads == 2


def test_computer_moves_print_while_you_wait_at_the_prompt():
    printed = io.StringIO()

    async def wait_then_quit(chat: ConsoleChat) -> str:
        while not re.search(WINDOW_MOVE, printed.getvalue()):  # however long that takes
            await asyncio.sleep(0.01)
        return "quit"

    code, out = live("speed", Typist(wait_then_quit), players=2, level="hard", out=printed)
    assert code == 0
    assert re.search(WINDOW_MOVE, out)
    assert out.rstrip().endswith("Bye.")


WINDOW_MOVE = r"\n· .+: \S+ on \S+\n"  # a window's move in words: who put which card on which


def prompt_toolkit_game(game: str, players: int, keys: str) -> tuple[int, str]:
    """Play with prompt_toolkit reading `keys` as if typed; what the game printed through patch_stdout."""
    screen = io.StringIO()
    with create_pipe_input() as keyboard, create_app_session(input=keyboard, output=PlainTextOutput(screen)):
        keyboard.send_text(keys)
        setup = Practice(game, players, "easy", "pat", "en", 1)
        code = asyncio.run(play(setup, PromptLines(keyboard, DummyOutput()), True, QUICK))
    return code, screen.getvalue()


@pytest.mark.parametrize(("keys", "last"), [("quit\r", "Bye."), ("\x04", "End of input. Bye.")])
def test_prompt_toolkit_reads_the_terminal(keys, last):
    code, out = prompt_toolkit_game("svolota", 3, "help\r" + keys)
    assert code == 0
    assert "🎴 Svolota" in out
    assert "Type an option's number to press it" in out
    assert out.rstrip().endswith(last)


def test_ctrl_c_at_the_prompt_is_an_interruption():
    with pytest.raises(Interrupted):
        prompt_toolkit_game("speed", 2, "\x03")


def test_a_number_typed_against_an_older_screen_is_refused_and_the_new_options_shown():
    """You are asked while you wait (1 is "Leave the game"); the computers move and your turn
    comes, so 1 is now a card: the 1 you typed meant Leave, and neither is done."""
    lines = iter(["1", "wait for my turn, then 1", "quit"])

    async def script(chat: ConsoleChat) -> str:
        line = next(lines)
        if line.startswith("wait"):
            assert chat.options()[0].action == "leave"  # the options as the prompt showed them
            while not chat.offers_move():
                await asyncio.sleep(0.002)
            return "1"
        return line

    code, out = live("svolota", Typist(script))
    assert code == 0
    refused = out.index("✗ The options changed since you looked; here they are now.")
    again = out[refused:]
    assert again.index("🎴 Svolota") < again.index("Your move:") < again.index("\n  1. ")
    assert again.count("· pat plays") == 1  # in the board's log: your first move only
    assert "Svolota is over" not in out  # nor did you leave
    assert again.rstrip().endswith("Bye.")
