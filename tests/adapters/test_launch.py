"""`cardbot` as installed (adapters/launch.py): it starts without the garbage collector; a bot turns
it back on once started (bot/heap.py `freeze`), every other command as soon as it is imported."""

from __future__ import annotations

import gc
import sys
from collections.abc import Iterator

import pytest

from adapters import cli, launch
from bot import heap


@pytest.fixture(autouse=True)
def collector_back_on() -> Iterator[None]:
    yield
    gc.enable()


def collecting_as_the_command_runs(monkeypatch: pytest.MonkeyPatch, *argv: str) -> bool:
    seen: list[bool] = []

    def command() -> int:
        seen.append(gc.isenabled())
        return 0

    monkeypatch.setattr(sys, "argv", ["cardbot", *argv])
    monkeypatch.setattr(cli, "main", command)
    assert launch.main() == 0
    assert len(seen) == 1
    return seen[0]


@pytest.mark.parametrize("bot", ["telegram", "discord"])
def test_a_bot_starts_without_collections_until_its_heap_is_frozen(monkeypatch: pytest.MonkeyPatch, bot: str) -> None:
    assert collecting_as_the_command_runs(monkeypatch, bot, "--log-level", "DEBUG") is False
    assert not gc.isenabled()
    heap.freeze()
    assert gc.isenabled()


@pytest.mark.parametrize("argv", [(), ("svolota",), ("play", "speed"), ("config",), ("db", "upgrade"), ("--help",)])
def test_every_other_command_runs_with_collections(monkeypatch: pytest.MonkeyPatch, argv: tuple[str, ...]) -> None:
    assert collecting_as_the_command_runs(monkeypatch, *argv) is True
