"""The console's chat: the notifier of a chat of one person. It prints every screen the service
sends it (the public board, then the person's private panel) with the buttons as numbered
options, and knows which button each number presses.

Two kinds of button have no place in a terminal and are left out: a Telegram inline-mode button,
and a button that opens the private panel (here the panel is always shown, with every redraw).
The rematch button is left out too: the console plays one game and ends with its result. So is
a public message other than the board (a turn alert, which notifies a person in a group): here
the prompt asks you.

A screen is printed whole the first time, when its numbered options change, at the end of the
game (the result), when my turn comes (my panel offers a move again), and on request (`show_all`:
`board`, an empty line, a refused number). Otherwise a redraw of the board prints only its lines
that are new (a computer's move: the pile, the new turn line, the log line), and a redraw of my
panel while it offers no move prints nothing; so the board is not printed again after every move.

A number means the option the person saw numbered so: `look` notes the options when they are
asked for a line, and `changed` says whether the option with that number is no longer the one
they saw (the screen was redrawn with other options since).
"""

from __future__ import annotations

import asyncio
import contextlib
import sys
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TextIO

from bot.bidi import plain
from bot.people import ChatRef, PersonRef
from bot.tokens import Token, decode
from bot.ui.screen import Button, Screen

LEFT_OUT = frozenset({"panel", "rematch"})
BOARD = "table"  # the slot of the public board; other public messages (a turn alert) are left out
GAP = "   "
TURN_MARK = "▶"  # a board line starting with it says whose turn it is; "  " in its place when not


@dataclass(frozen=True, slots=True)
class Option:
    label: str
    token: str
    action: str
    arg: str = ""

    @property
    def meaning(self) -> tuple[str, str, str]:
        """What pressing it does, whatever the version its token was drawn for."""
        return (self.label, self.action, self.arg)


class ConsoleChat:
    def __init__(self, me: PersonRef, out: TextIO | None = None) -> None:
        self.me = me
        self._out = out
        self.muted = False  # while the console sets the table up: keep the screens, print nothing
        self.board: Screen | None = None
        self.panel: Screen | None = None
        self._printed: dict[str, tuple[str, list[str]]] = {}
        self._offered = False  # whether my panel offered a move when the screens were last printed
        self.seen: list[Option] | None = None  # the options when I was last asked for a line
        self.shown = asyncio.Event()  # set whenever screens arrive (the live loop watches it)
        # whoever read the output has gone (a closed pipe): noticed on any write, the scheduler's
        # redraws too, whose failures the service keeps to their table; the session then ends
        self.gone = False

    # ----- the notifier port ----------------------------------------------------------------

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        with contextlib.suppress(BrokenPipeError):  # `gone` is set: the session ends at its next step
            self.take(screens)

    def take(self, screens: Iterable[Screen]) -> None:
        """Keep the newest board and panel, and print those that changed. A redraw of the board
        that brings no panel for me means I have none any more (I left, or the game is over)."""
        boards = {s.text for s in screens if s.public and s.slot == BOARD}
        # (my panel at the end shows the result the board shows: printed once)
        mine = [
            s for s in screens if (s.public and s.slot == BOARD) or (s.audience == self.me and s.text not in boards)
        ]
        if any(s.public for s in mine):
            self.panel = None
        for screen in mine:
            if screen.public:
                self.board = screen
            else:
                self.panel = screen
        if not self.muted:
            turn_came = self.offers_move() and not self._offered
            for screen in mine:
                self._print(screen, whole=turn_came)
            self._offered = self.offers_move()
        self.shown.set()

    # ----- options --------------------------------------------------------------------------

    def options(self) -> list[Option]:
        """Every option now on screen, in the order they are numbered: the board's, then the panel's."""
        return [*_options(self.board), *_options(self.panel)]

    def token(self, number: int) -> str | None:
        options = self.options()
        return options[number - 1].token if 1 <= number <= len(options) else None

    def look(self) -> None:
        """I am asked for a line: the numbers I type mean the options on screen now."""
        self.seen = self.options()

    def changed(self, number: int) -> bool:
        """Whether option `number` now is not the one I saw numbered so when I was asked (it is
        another, or it is gone, or it was not there)."""
        if self.seen is None:
            return False
        now = self.options()
        was = self.seen[number - 1].meaning if 1 <= number <= len(self.seen) else None
        is_ = now[number - 1].meaning if 1 <= number <= len(now) else None
        return was != is_

    def offers_move(self) -> bool:
        """Whether my panel has a move to press (in Svolota: it is my turn)."""
        return any(o.action == "move" for o in _options(self.panel))

    def lobby_token(self, action: str, arg: str = "") -> str | None:
        """The token of a board button for `action`, drawn again with `arg` (e.g. a computer's level)."""
        for option in _options(self.board, keep_all=True):
            if option.action == action:
                token = decode(option.token)
                assert token is not None  # _options keeps only tokens that decode
                return Token(token.table_id, token.version, action, arg).encode()
        return None

    # ----- printing -------------------------------------------------------------------------

    def say(self, *lines: str) -> None:
        out = self._out or sys.stdout
        try:
            for line in lines:
                out.write(plain(line) + "\n")  # (a terminal shows no isolation marks: bot/bidi.py)
            out.flush()
        except BrokenPipeError:
            self.gone = True
            raise

    def unmute(self) -> None:
        """The table is set up: show it as it is now."""
        self.muted = False
        self.show_all()

    def show_all(self) -> None:
        """Print the board and my panel whole, as they are now."""
        for screen in (self.board, self.panel):
            if screen is not None:
                self._print(screen, whole=True)
        self._offered = self.offers_move()

    def _print(self, screen: Screen, whole: bool = False) -> None:
        first = 1 + (len(_options(self.board)) if not screen.public else 0)
        rows = _numbered_rows(screen, first)
        shown = (screen.text, rows)
        before = self._printed.get(screen.slot)
        if before == shown and not whole:  # an edit that changes nothing: a chat sees nothing
            return
        self._printed[screen.slot] = shown
        if whole or before is None or before[1] != rows or screen.final:
            self.say("", screen.text, *rows)
            return
        if not screen.public and not self.offers_move():
            return  # my panel while I wait: the board's new lines say what changed
        new = _new_lines(before[0], screen.text)
        if new:
            self.say("", *new)


def _options(screen: Screen | None, keep_all: bool = False) -> list[Option]:
    if screen is None:
        return []
    return [o for row in screen.buttons for b in row if (o := _option(b)) and (keep_all or o.action not in LEFT_OUT)]


def _option(button: Button) -> Option | None:
    token = decode(button.token) if button.token else None
    return None if token is None else Option(button.label, button.token or "", token.action, token.arg)


def _new_lines(old: str, new: str) -> list[str]:
    """The lines of `new` that `old` did not have (as many times as it did not have them), but for
    a line that only lost its turn mark (the new turn line says whose turn it is)."""
    left = Counter(old.split("\n"))
    lines = []
    for line in new.split("\n"):
        if left[line] > 0:
            left[line] -= 1
        elif not left[TURN_MARK + line.removeprefix("  ")] > 0:
            lines.append(line)
    return lines


def _numbered_rows(screen: Screen, first: int) -> list[str]:
    lines, n = [], first
    for row in screen.buttons:
        options = [o for b in row if (o := _option(b)) and o.action not in LEFT_OUT]
        if options:
            lines.append("  " + GAP.join(f"{n + i}. {o.label}" for i, o in enumerate(options)))
            n += len(options)
    return lines
