"""`cardbot` as installed (pyproject.toml's script): the command of adapters/cli.py, its imports made
with the garbage collector held off (bot/heap.py). A bot (`cardbot telegram`, `cardbot discord`)
keeps it off through its start, until `heap.freeze` once it is started; every other command turns
it back on as soon as its module is imported."""

from __future__ import annotations

import sys
from pathlib import Path

from bot import heap


def command() -> list[str]:
    """`cardbot` as this Python runs it: the installed script beside the interpreter, or the same
    entry through `python -c` in a checkout that was not installed."""
    script = Path(sys.executable).with_name("cardbot")
    if script.exists():
        return [str(script)]
    return [sys.executable, "-c", "from adapters.launch import main; raise SystemExit(main())"]


def main() -> int:
    heap.hold()
    from adapters import cli  # (all it imports, imported with the collector held)

    if next(iter(sys.argv[1:]), None) not in cli.BOT_COMMANDS:
        heap.release()
    return cli.main()
