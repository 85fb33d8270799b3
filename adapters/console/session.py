"""The console's game: one person's table, set up through the service, then a loop of typed lines
in and commands out, while the chat prints the screens the service sends.

A line is an option's number (the button is pressed), `help` (with a legend of the screen's
signs), `rules` (the game's rules in short), `board` or an empty line (the whole board and panel
again), `quit`, or else a move in the game's notation (sent as a typed move). A refusal or a toast
is printed on one line.

A number means the option shown with it when the prompt was: if the screen has been redrawn with
another option under that number since (live, computers move while you type), the number is
refused with a short line and the options as they are now are shown. In virtual time nothing
changes between the prompt and the line, so a piped game is never refused this way.

After a computer's move only the lines that changed are printed; the whole board comes when it is
your turn again (see `chat`). A practice game has no turn timer (bot/practice.py).

Time runs one of two ways:

- live, when a person types at a terminal: the system clock, with the service's scheduler
  running beside the prompt, so computer moves and reaction windows print while you type;
- virtual, when the input is piped: a fake clock that this loop moves. After each line it lets
  time run until you are needed again: in Svolota until it is your turn (your own turn timer
  never fires: you are typing, not idle) or the game is over; in Speed and Racing Demon each line
  takes one reaction window, and then time runs on until your panel offers a move. So a piped
  game is quick, repeats exactly from a seed, and an empty line lets a real-time game run on (after
  `idle_seconds` without a move of yours a computer stands in for you).

`quit`, or the end of input, leaves at once with exit 0.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TextIO

from adapters.console.chat import ConsoleChat
from adapters.console.commands import (
    Board,
    Empty,
    Forget,
    Help,
    Link,
    Move,
    Number,
    Quit,
    Rules,
    Tournament,
    Unlink,
    read_command,
)
from adapters.console.guide import typing
from adapters.console.lines import Lines
from bot.bootstrap import bootstrap
from bot.clock import Clock, FakeClock, SystemClock
from bot.commands import Command, Play, Press
from bot.commands import Forget as ForgetMe
from bot.commands import Link as LinkMe
from bot.commands import Unlink as UnlinkMe
from bot.games import game_info
from bot.guide import cards_line, legend, level_name, one_line, rules
from bot.i18n import translator
from bot.memory_store import MemoryStore
from bot.people import Actor, ChatRef, PersonRef
from bot.practice import Practice, practice_table
from bot.scheduler import Scheduler
from bot.settings import ServiceConfig
from bot.tournament_words import tournament_command
from bot.ui.tournament import usage as tournament_usage
from bot.ui.words import game_name

WHERE = ChatRef("console", "local")
ME = PersonRef("console", "local")
PROMPT = "> "
MAX_WAIT = 3600.0  # virtual seconds the loop lets pass at most before it reads the next line


async def play(setup: Practice, lines: Lines, live: bool, config: ServiceConfig, out: TextIO | None = None) -> int:
    """Set the table up and play it to the end, `quit` or the end of input; the exit code."""
    with lines.printing():
        session = Session(setup, SystemClock() if live else FakeClock(), config, out)
        await session.open()
        return await (session.run_live(lines) if live else session.run_virtual(lines))


class Session:
    def __init__(self, setup: Practice, clock: Clock, config: ServiceConfig, out: TextIO | None = None) -> None:
        self.setup = setup
        self.t = translator(setup.lang)
        self.me = Actor(ME, setup.name, lang=setup.lang, admin=True)
        self.clock = clock
        self.config = config
        self.store = MemoryStore()
        self.chat = ConsoleChat(ME, out)
        self.service = bootstrap(self.store, self.chat, clock, config, seed=setup.seed)
        self.real_time = game_info(setup.game).real_time
        self.table_id = 0

    async def open(self) -> None:
        s, t = self.setup, self.t
        level = level_name(s.level, t)
        head = t.ngettext(
            "{game} · {count} player · difficulty: {level} · seed {seed}",
            "{game} · {count} players · difficulty: {level} · seed {seed}",
            s.players,
        ).format(game=game_name(s.game, t), count=s.players, level=level, seed=s.seed)
        self.chat.say(head, t.gettext("Type an option's number or a move; help; quit."))
        self.chat.muted = True  # the lobby is not the console's to show
        self.table_id = await practice_table(self.service, WHERE, self.me, s.game, s.players, s.level)
        self.chat.unmute()

    async def over(self) -> bool:
        if self.chat.gone:  # the output's reader went away while a deadline was drawn
            raise BrokenPipeError
        table = await self.store.load(self.table_id)
        return table is None or not table.status.open

    # ----- a line -------------------------------------------------------------------------------

    async def handle(self, line: str) -> bool:
        """Act on one typed line; False when it says to leave."""
        match read_command(line):
            case Quit():
                return False
            case Help():
                game = self.setup.game
                self.chat.say(self._help(), cards_line(self.t), *legend(game, self.t), *typing(game, self.t))
            case Rules():
                self.chat.say(one_line(self.setup.game, self.t), *rules(self.setup.game, self.t))
            case Board() | Empty():
                self.chat.show_all()
            case Forget():
                await self._send(ForgetMe(self.me, WHERE))
            case Link(code):
                await self._send(LinkMe(self.me, code, WHERE))
            case Unlink():
                await self._send(UnlinkMe(self.me, WHERE))
            case Tournament(words):
                command = tournament_command(WHERE, self.me, list(words))
                if command is None:
                    self.chat.say(tournament_usage(self.t))
                else:
                    await self._send(command)
            case Number(n, text):
                token = self.chat.token(n)
                if self.chat.changed(n):
                    self.chat.say("✗ " + self.t.gettext("The options changed since you looked; here they are now."))
                    self.chat.show_all()
                    self.chat.look()
                elif token is None:
                    self.chat.say("✗ " + self._no_such_option(text))
                else:
                    await self._send(Press(self.me, token, where=WHERE))
            case Move(text):
                await self._send(Play(self.me, self.table_id, text, where=WHERE))
        return True

    async def _send(self, command: Command) -> None:
        reply = await self.service.handle(command)
        if reply.text:
            self.chat.say(reply.text if reply.ok else "✗ " + reply.text)
        if reply.screens:
            self.chat.take(reply.screens)

    def _no_such_option(self, number: str) -> str:
        count = len(self.chat.options())
        if count == 0:
            return self.t.gettext("There are no options now: type a move, help or quit.")
        if count == 1:
            return self.t.gettext("There is no option {number}: the only one is 1.").format(number=number)
        return self.t.gettext("There is no option {number}: choose from 1 to {last}.").format(number=number, last=count)

    def _help(self) -> str:
        return (
            self.t.gettext(
                "Type an option's number to press it, or a move as the game writes it (Svolota: 8h 8c, pass,"
                " joker; Speed: play 1 2, flip 1, new; Racing Demon: waste>f, w1>w2, turn). quit leaves."
            )
            + "\n"
            + self.t.gettext("rules: the game's rules in short; board, or an empty line: the whole board again.")
            + "\n"
            + self.t.gettext("forget: forget you everywhere (asked first; it cannot be undone).")
            + "\n"
            + self.t.gettext(
                "link: a code to type on Telegram or Discord (link CODE: theirs), one player on both; unlink."
            )
            + tournament_usage(self.t)
        )

    def _bye(self, end_of_input: bool) -> int:
        self.chat.say(self.t.gettext("End of input. Bye.") if end_of_input else self.t.gettext("Bye."))
        return 0

    # ----- virtual time (piped input) -----------------------------------------------------------

    async def run_virtual(self, lines: Lines) -> int:
        assert isinstance(self.clock, FakeClock), "virtual time needs a clock the loop can move"
        await self._let_time_pass(self.clock, 0.0)
        while not await self.over():
            try:
                self.chat.look()
                line = await lines.read(PROMPT)
            except EOFError:
                return self._bye(end_of_input=True)
            if not await self.handle(line):
                return self._bye(end_of_input=False)
            await self._let_time_pass(self.clock, self.config.window_seconds if self.real_time else 0.0)
        return 0

    async def _let_time_pass(self, clock: FakeClock, at_least: float) -> None:
        """Fire deadlines for `at_least` seconds, then on until my panel offers a move (my own turn
        timer is never reached: by then it does), the game ends, or nothing is due."""
        end, give_up = clock.now() + at_least, clock.now() + MAX_WAIT
        while not await self.over():
            due = await self.service.firing.next_due()
            if due is None or due > give_up or (due > end and self.chat.offers_move()):
                break
            clock.advance(max(0.0, due - clock.now()))
            await self.service.firing.tick()
        clock.advance(max(0.0, end - clock.now()))

    # ----- live (a terminal) ----------------------------------------------------------------------

    async def run_live(self, lines: Lines) -> int:
        scheduler = asyncio.create_task(Scheduler.of(self.service).run())
        try:
            while True:
                try:
                    line = await self._read_unless_over(lines)
                except EOFError:
                    return self._bye(end_of_input=True)
                if line is None:
                    return 0
                if not await self.handle(line):
                    return self._bye(end_of_input=False)
        finally:
            scheduler.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await scheduler

    async def _read_unless_over(self, lines: Lines) -> str | None:
        """The next line, or None if the game ends first (its result is on the screen by then)."""
        self.chat.look()
        read = asyncio.ensure_future(lines.read(PROMPT))
        try:
            while True:
                self.chat.shown.clear()
                if await self.over():
                    return None
                shown = asyncio.ensure_future(self.chat.shown.wait())
                await asyncio.wait({read, shown}, return_when=asyncio.FIRST_COMPLETED)
                shown.cancel()
                if read.done():
                    return read.result()
        finally:
            if not read.done():
                read.cancel()
                with contextlib.suppress(asyncio.CancelledError, EOFError):
                    await read
