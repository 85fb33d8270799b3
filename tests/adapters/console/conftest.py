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
    """Run `cardbot ARGS` with `stdin` piped in; the exit code and what it printed."""
    monkeypatch.delenv("LANG", raising=False)

    def run(*args: str, stdin: str = "") -> Run:
        monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
        code = main(list(args))
        captured = capsys.readouterr()
        return Run(code, captured.out, captured.err)

    return run
