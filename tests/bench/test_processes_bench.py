"""bench/processes.py and bench/bot_process.py: two bot processes on one PostgreSQL database print their figures with no
error; how it relays panels between them and tells which process committed which moves. No
timing asserts."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path

import pytest

from bench import bot_process, processes
from bench.load import Person
from bot.people import Actor, ChatRef, PersonRef
from bot.tokens import Token
from bot.ui.screen import Button, Screen
from tests.sql.databases import fresh_url


@pytest.mark.slow  # a PostgreSQL server and two bot processes
def test_two_processes_print_their_figures_without_errors(tmp_path: Path, capfd: pytest.CaptureFixture[str]) -> None:
    url = fresh_url("postgres", tmp_path)
    assert processes.main(["--database-url", url, "--processes", "2", "--tables", "6", "--seconds", "2"]) == 0
    out = capfd.readouterr().out
    for line in (
        "machine: nproc ",
        "postgresql store: 6 tables (Svolota, Speed, Racing Demon in turn), 2 processes on one database",
        "  moves: ",
        "  deadlines fired: ",
        "  progress: 6/6 tables moved on",
        "  errors: 0 (exceptions 0, refused presses 0, error log lines 0, tables set aside 0, stalled tables 0)",
        "  CPU in the measured time: bot processes ",
        "scaling: 6 tables in all",
        "at the end: load average ",
    ):
        assert line in out, (line, out)
    held = re.findall(r"    process (\d): (\d+) tables; moves (\d+) .*errors (\d+)", out)
    assert [(k, n, e) for k, n, _, e in held] == [("1", "3", "0"), ("2", "3", "0")], out
    assert all(int(moves) > 0 for _, _, moves, _ in held), out  # each process's people pressed at least
    assert re.search(r"\n +2 +[\d,]+ +- .* 0\n", out), out  # the scaling line: no one-process run to compare


def _person(i: int) -> Person:
    return Person(i, Actor(PersonRef("bench", str(i)), f"P{i}"), random.Random(i), real_time=False)


def _panel(i: int, version: int) -> Screen:
    move = Button("7♥", Token(1, version, "move", "7H").encode())
    return Screen(
        1,
        "your hand",
        ((move, Button("?", Token(1, version, "rules").encode())),),
        PersonRef("bench", str(i)),
        "panel",
        version=version,
    )


def test_a_panel_reaches_its_person_in_another_process_and_an_older_one_is_dropped() -> None:
    async def play() -> tuple[Person, Person, int]:
        here, there = _person(2), _person(3)  # of processes 0 and 1 of 2
        relays = [bot_process.Relay({p.actor.person: p for p in ps}, k, 2) for k, ps in enumerate([[here], [there]])]
        ports = [await r.listen() for r in relays]
        for r in relays:
            await r.connect(ports)
        chat = ChatRef("bench", "1")
        await relays[0].show(chat, [_panel(3, 5), _panel(2, 5)])
        await asyncio.wait_for(there.drawn.wait(), 5)
        await relays[1].show(chat, [_panel(3, 4)])  # drawn by a process that was behind: not shown
        sent = relays[0].sent
        for r in relays:
            await r.close()
        return here, there, sent

    here, there, sent = asyncio.run(play())
    assert here.moves == (Token(1, 5, "move", "7H").encode(),) and here.draws == 1
    assert there.moves == (Token(1, 5, "move", "7H").encode(),) and there.draws == 1 and sent == 1


def test_the_moves_a_process_committed_are_its_changes_of_the_move_count() -> None:
    # (table, version, moves logged by then, clock time) per process; the window is [10, 20)
    first = [(1, 1, 0, 1.0), (1, 3, 2, 11.0), (2, 2, 4, 12.0), (1, 5, 6, 21.0)]
    second = [(1, 2, 1, 9.0), (2, 1, 1, 8.0), (1, 4, 5, 15.0), (2, 3, 4, 16.0)]
    moves, changes = processes.committed_by(2, [first, second], 10.0, 20.0)
    assert moves == [1 + 3, 3 + 0] and changes == [2, 2]
