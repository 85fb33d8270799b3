"""`cardbot`: the console command. Arguments in, a session out; the game itself is the service's.

`cardbot play [GAME]`: when GAME is left out and a person is at the terminal, it asks which game
(one line on what each is); with piped input it plays Svolota. Likewise without `--difficulty` it
asks how well the computers play (an empty answer: normal), and piped input plays normal.
A terminal plays in real time (prompt_toolkit keeps your line while screens print); piped input
plays in virtual time (see `session`).

`cardbot play --web` plays the same table at the card table in a browser instead (adapters/web/local.py):
it prints the page's address and opens it where there is a desktop to open it on (`--port`: the
port it listens on, else any free one).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import getpass
import math
import os
import random
import re
import sys
import webbrowser
from collections.abc import Callable, Sequence
from typing import Any, NoReturn, TextIO

from adapters.console.commands import Empty, Number, Quit, read_command
from adapters.console.lines import Interrupted, Lines, PipedLines, PromptLines, ThreadLines, printable
from adapters.console.session import PROMPT, play
from bot.games import game_info, games, known_game
from bot.guide import level_name, one_line
from bot.i18n import LANGUAGES, Translator, language_named, pick_language, translator
from bot.practice import Practice, SetupFailed
from bot.settings import ServiceConfig

DEFAULT_GAME = "svolota"
DEFAULT_LEVEL = "normal"
DEFAULT_PLAYERS = {"svolota": 4, "speed": 2, "racing_demon": 3}  # another game: its fewest
LEVELS = ("easy", "normal", "hard")
MAX_NAME = 24
MAX_DELAY = 60.0
EXIT_FAILED = 1
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _Formatter(argparse.HelpFormatter):
    """argparse's help, its "usage: " in the chosen language."""

    def __init__(self, prog: str, usage: str) -> None:
        super().__init__(prog)
        self.usage = usage

    def add_usage(self, usage: Any, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, self.usage if prefix is None else prefix)


class _Parser(argparse.ArgumentParser):
    """argparse with its help and its error line in the chosen language (argparse's own words come
    from its gettext domain, which Python ships in English only)."""

    def __init__(self, *args: Any, translator: Translator, **kwargs: Any) -> None:
        t = translator
        usage = t.gettext("usage: ")
        kwargs.update(add_help=False, formatter_class=lambda prog: _Formatter(prog, usage))
        super().__init__(*args, **kwargs)
        self.t = t
        # the sections argparse makes itself; it has no other way to name them
        self._positionals.title = t.gettext("positional arguments")
        self._optionals.title = t.gettext("options")
        help_line = t.gettext("show this help message and exit")
        self.add_argument("-h", "--help", action="help", default=argparse.SUPPRESS, help=help_line)

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        about = _ABOUT_ARGUMENT.fullmatch(message)  # argparse's "argument --x: …", the reason ours
        if about is not None:
            message = self.t.gettext("argument {option}: {message}").format(option=about[1], message=about[2])
        self.exit(EXIT_USAGE, self.t.gettext("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


_ABOUT_ARGUMENT = re.compile(r"argument (\S+): (.*)", re.DOTALL)


def main(argv: Sequence[str] | None = None) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    _forgiving_streams()
    t = translator(_early_language(args))
    parser = _parser(t)
    try:
        ns = parser.parse_args(args)
    except SystemExit as e:  # --help, or a usage error already printed
        return e.code if isinstance(e.code, int) else EXIT_USAGE
    if ns.command is None:
        parser.print_help()
        return EXIT_USAGE
    t = translator(ns.lang)
    try:
        return _play(ns, t)
    except (KeyboardInterrupt, Interrupted):
        sys.stdout.write("\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # whoever read the output has gone, like a closed terminal: leave quietly
        _silence_stdout()
        return 0


def _play(ns: argparse.Namespace, t: Translator) -> int:
    live = _isatty(sys.stdin)
    game = ns.game
    if game is None:
        game = choose_game(t, input, print) if live else DEFAULT_GAME
        if game is None:
            return 0
    if not known_game(game):
        message = t.gettext("unknown game {game} (games: {list})")
        return _usage_error(message.format(game=game[:30], list=", ".join(games())))
    info = game_info(game)
    players = DEFAULT_PLAYERS.get(game, info.min_players) if ns.players is None else ns.players
    if not info.min_players <= players <= info.max_players:
        return _usage_error(
            t.gettext("{game} is for {low} to {high} players, not {count}").format(
                game=game, low=info.min_players, high=info.max_players, count=players
            )
        )
    name = ns.name if ns.name is not None else _login_name() or t.gettext("you")
    seed = ns.seed if ns.seed is not None else random.randrange(1_000_000)
    config = ServiceConfig() if ns.delay is None else ServiceConfig(computer_think=ns.delay)
    level = ns.difficulty
    if level is None:
        level = choose_level(t, input, print) if live else DEFAULT_LEVEL
        if level is None:
            return 0
    setup = Practice(game, players, level, name, ns.lang, seed)
    try:
        if ns.web:
            return _play_on_the_web(setup, config, ns.port, t)
        return asyncio.run(play(setup, _lines(live), live, config))
    except SetupFailed as failed:
        sys.stderr.write(f"cardbot: {failed}\n")
        return EXIT_FAILED


def _play_on_the_web(setup: Practice, config: ServiceConfig, port: int, t: Translator) -> int:
    from adapters.web.local import serve  # the web server only when asked for

    def opened(url: str) -> None:
        print(t.gettext("Your table: {url}").format(url=url))
        print(t.gettext("Open it in your browser; Ctrl-C ends the game."), flush=True)
        if _desktop():
            webbrowser.open(url)

    try:
        return asyncio.run(serve(setup, config, opened, port=port))
    except OSError as e:  # the port is taken, or not ours to listen on
        message = t.gettext("cannot serve the page on port {port}: {reason}")
        sys.stderr.write("cardbot: " + message.format(port=port, reason=e.strerror or e) + "\n")
        return EXIT_FAILED


def _desktop() -> bool:
    """Whether a browser can open on a screen here (else Python's webbrowser may start a text
    browser in this very terminal)."""
    return sys.platform in ("darwin", "win32") or bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _lines(live: bool) -> Lines:
    if not live:
        return PipedLines()
    if _isatty(sys.stdout):
        return PromptLines()
    return ThreadLines()


def choose_game(t: Translator, read: Callable[[str], str], say: Callable[[str], object]) -> str | None:
    """Ask which game, by number or name; None if the person quits or the input ends."""
    say(t.gettext("Which game?"))
    return _choose(t, read, say, {game: one_line(game, t) for game in games()}, on_empty=None)


def choose_level(t: Translator, read: Callable[[str], str], say: Callable[[str], object]) -> str | None:
    """Ask how well the computer players play, by number or name; an empty answer is normal.
    None if the person quits or the input ends."""
    say(t.gettext("How well do the computers play? (Enter: {level})").format(level=level_name(DEFAULT_LEVEL, t)))
    return _choose(t, read, say, {level: level_name(level, t) for level in LEVELS}, on_empty=DEFAULT_LEVEL)


def _choose(
    t: Translator,
    read: Callable[[str], str],
    say: Callable[[str], object],
    options: dict[str, str],
    on_empty: str | None,
) -> str | None:
    """List `options` (value: what is shown) numbered and read the choice: a number, the value or
    (for a short label) the label itself; an empty line is `on_empty` (None: ask again). None if
    the person quits or the input ends."""
    values = list(options)
    for i, label in enumerate(options.values(), 1):
        say(f"  {i}. {label}")
    while True:
        try:
            line = read(PROMPT)
        except EOFError:
            return None
        command, word = read_command(line), line.strip().lower()
        if isinstance(command, Empty):
            if on_empty is not None:
                return on_empty
            continue
        if isinstance(command, Quit):
            return None
        if isinstance(command, Number) and 1 <= command.n <= len(values):
            return values[command.n - 1]
        for value, label in options.items():
            if word in (value, label.lower()):
                return value
        message = t.gettext("There is no option {number}: choose from 1 to {last}.")
        say("✗ " + message.format(number=printable(line.strip()[:20]), last=len(values)))


def _parser(t: Translator) -> _Parser:
    parser = _Parser(prog="cardbot", description=t.gettext("Card games in the terminal."), translator=t)
    commands = parser.add_subparsers(dest="command", metavar=t.gettext("COMMAND"))
    play = commands.add_parser(
        "play",
        help=t.gettext("play a game against computer players"),
        description=t.gettext("Play a game against computer players: you sit first."),
        translator=t,
    )
    play.add_argument(
        "game",
        nargs="?",
        default=None,
        metavar=t.gettext("GAME"),
        help=t.gettext("svolota, speed or racing_demon (asked at a terminal when left out, else svolota)"),
    )
    play.add_argument(
        "--players",
        type=_number(int, t.gettext("{value} is not a whole number")),
        default=None,
        metavar="N",
        help=t.gettext("players at the table, you included (default: Svolota 4, Speed 2, Racing Demon 3)"),
    )
    play.add_argument(
        "--seed",
        type=_number(int, t.gettext("{value} is not a whole number")),
        default=None,
        metavar="S",
        help=t.gettext("deal a fixed game (the same seed deals the same game)"),
    )
    play.add_argument(
        "--difficulty",
        type=_choice(LEVELS, t),
        default=None,
        metavar="|".join(LEVELS),
        help=t.gettext("how well the computer players play (default: normal)"),
    )
    play.add_argument(
        "--lang",
        type=_choice(LANGUAGES, t),
        default=_environment_language(),
        metavar="|".join(LANGUAGES),
        help=t.gettext("language (default: from LANG, else en)"),
    )
    play.add_argument(
        "--name",
        type=_name(t),
        default=None,
        metavar=t.gettext("NAME"),
        help=t.gettext("your name (default: your login name)"),
    )
    play.add_argument(
        "--web",
        action="store_true",
        help=t.gettext("play at the card table in your browser instead (a page served on this computer)"),
    )
    play.add_argument(
        "--port",
        type=_port(t),
        default=0,
        metavar=t.gettext("PORT"),
        help=t.gettext("the port of the page with --web (default: any free one)"),
    )
    play.add_argument(
        "--delay",
        type=_delay(t),
        default=None,
        metavar=t.gettext("SECONDS"),
        help=t.gettext("how long a computer player thinks over a Svolota move (default: {seconds})").format(
            seconds=ServiceConfig().computer_think
        ),
    )
    return parser


def _port(t: Translator) -> Callable[[str], int]:
    def parse(text: str) -> int:
        if not text.isdigit() or not 0 <= int(text) <= 65535:
            raise argparse.ArgumentTypeError(t.gettext("{value} is not a port (0 to 65535)").format(value=text[:20]))
        return int(text)

    return parse


def _number(kind: Callable[[str], int], message: str) -> Callable[[str], int]:
    def parse(text: str) -> int:
        try:
            return kind(text)
        except ValueError:
            raise argparse.ArgumentTypeError(message.format(value=text[:20])) from None

    return parse


def _choice(choices: tuple[str, ...], t: Translator) -> Callable[[str], str]:
    def parse(text: str) -> str:
        value = text.strip().lower()
        if value not in choices:
            message = t.gettext("{value} is not one of: {list}")
            raise argparse.ArgumentTypeError(message.format(value=text[:20], list=", ".join(choices)))
        return value

    return parse


def _name(t: Translator) -> Callable[[str], str]:
    def parse(text: str) -> str:
        name = _clean_name(text)
        if name is None:
            raise argparse.ArgumentTypeError(t.gettext("a name is 1 to {limit} characters").format(limit=MAX_NAME))
        return name

    return parse


def _clean_name(text: str) -> str | None:
    name = " ".join(text.split())
    return name if name and len(name) <= MAX_NAME and name.isprintable() else None


def _login_name() -> str | None:
    """Who is at the terminal, as the system knows them (a chat shows your name too)."""
    try:
        return _clean_name(getpass.getuser())
    except (OSError, KeyError, ImportError):
        return None


def _delay(t: Translator) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            value = math.nan
        if not 0 <= value <= MAX_DELAY:
            message = t.gettext("the delay is a number of seconds from 0 to {limit}")
            raise argparse.ArgumentTypeError(message.format(limit=int(MAX_DELAY)))
        return value

    return parse


def _usage_error(message: str) -> int:
    sys.stderr.write(f"cardbot: {message}\n")
    return EXIT_USAGE


def _environment_language() -> str:
    return pick_language(os.environ.get("LANG"))


def _early_language(args: list[str]) -> str:
    """The language for help and usage errors: `--lang` if given and known, else the environment's."""
    for i, arg in enumerate(args):
        value = None
        if arg == "--lang" and i + 1 < len(args):
            value = args[i + 1]
        elif arg.startswith("--lang="):
            value = arg.split("=", 1)[1]
        if value is not None and (lang := language_named(value)) is not None:
            return lang
    return _environment_language()


def _isatty(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    with contextlib.suppress(OSError, ValueError, AttributeError):
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


def _forgiving_streams() -> None:
    """Never crash on a terminal that cannot show a card symbol or sends bytes that are not text."""
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            with contextlib.suppress(ValueError, OSError):
                reconfigure(errors="replace")
