from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass

import pytest

from adapters.console.cli import main


@dataclass
class Run:
    code: int
    out: str
    err: str


@pytest.fixture
def cardbot(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> Callable[..., Run]:
    """Run `cardbot ARGS` with `stdin` piped in (so in virtual time); the exit code and what it printed.
    The person at the terminal is called `pat`, and no LANG is set."""
    monkeypatch.delenv("LANG", raising=False)
    for variable in ("LOGNAME", "USER", "LNAME", "USERNAME"):
        monkeypatch.setenv(variable, "pat")

    def run(*args: str, stdin: str = "") -> Run:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = main(list(args))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
