"""`cardbot`: the console command. Arguments in, a table out; the loop lives in `session`."""

from __future__ import annotations

import argparse
import contextlib
import math
import os
import sys
from collections.abc import Callable, Sequence
from typing import Any, NoReturn

from adapters.console.session import new_table
from adapters.console.terminal import Terminal
from bot.i18n import LANGUAGES, Translator, pick_language, translator
from core.games.svolota.computer import LEVELS
from core.games.svolota.game import Svolota
from core.registry import GAMES

CONSOLE_GAMES = ("svolota",)
MAX_NAME = 24
MAX_DELAY = 60.0
EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _Parser(argparse.ArgumentParser):
    """argparse with its error line in the chosen language."""

    def __init__(self, *args: Any, translator: Translator, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.t = translator

    def error(self, message: str) -> NoReturn:
        self.print_usage(sys.stderr)
        self.exit(EXIT_USAGE, self.t.gettext("{prog}: error: {message}").format(prog=self.prog, message=message) + "\n")


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
    if ns.game not in GAMES:
        message = t.gettext("unknown game {game} (games: {list})")
        return _usage_error(message.format(game=ns.game[:30], list=", ".join(GAMES)))
    if ns.game not in CONSOLE_GAMES:
        return _usage_error(
            t.gettext("{game} is not playable in the console yet (playable: {list})").format(
                game=ns.game, list=", ".join(CONSOLE_GAMES)
            )
        )
    if not Svolota.min_players <= ns.players <= Svolota.max_players:
        return _usage_error(
            t.gettext("{game} is for {low} to {high} players, not {count}").format(
                game=ns.game, low=Svolota.min_players, high=Svolota.max_players, count=ns.players
            )
        )
    name = ns.name if ns.name is not None else t.gettext("you")
    session = new_table(name, ns.players, ns.seed, ns.difficulty, t)
    try:
        return session.run(Terminal(sys.stdin, sys.stdout), delay=ns.delay)
    except KeyboardInterrupt:
        sys.stdout.write("\n")
        return EXIT_INTERRUPTED
    except BrokenPipeError:  # whoever read the output has gone, like a closed terminal: leave quietly
        _silence_stdout()
        return 0


def _parser(t: Translator) -> _Parser:
    parser = _Parser(prog="cardbot", description=t.gettext("Card games in the terminal."), translator=t)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")
    play = commands.add_parser(
        "play",
        help=t.gettext("play a game against computer players"),
        description=t.gettext("Play a game against computer players: you sit first."),
        translator=t,
    )
    play.add_argument("game", nargs="?", default="svolota", help=t.gettext("the game (default: svolota)"))
    play.add_argument(
        "--players",
        type=_number(int, t.gettext("{value} is not a whole number")),
        default=4,
        metavar="N",
        help=t.gettext("players at the table, you included: 3 to 6 (default: 4)"),
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
        type=_choice(tuple(LEVELS), t),
        default="normal",
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
    play.add_argument("--name", type=_name(t), default=None, help=t.gettext("your name (default: you)"))
    play.add_argument(
        "--delay",
        type=_delay(t),
        default=0.0,
        metavar="SECONDS",
        help=t.gettext("pause after each computer move (default: 0)"),
    )
    return parser


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
        name = " ".join(text.split())
        if not name or len(name) > MAX_NAME or not name.isprintable():
            raise argparse.ArgumentTypeError(t.gettext("a name is 1 to {limit} characters").format(limit=MAX_NAME))
        return name

    return parse


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
        if value is not None and value.strip().lower() in LANGUAGES:
            return value.strip().lower()
    return _environment_language()


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
