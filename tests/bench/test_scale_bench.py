"""bench/scale.py runs: a few tournaments and a small crowd in the quick-match queues under the
real scheduler and clock, on SQLite and PostgreSQL; every figure printed, no errors; no timing asserts."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from bench import scale
from bench.tables import _is_move
from bot.commands import Press
from bot.service import Service
from bot.ui.screen import Reply
from tests.sql.databases import fresh_url

pytestmark = pytest.mark.slow  # the benchmarks run whole, small

# sign-up open 1-1.5 s: the people join one after another once a tournament is made, and on a busy
# machine (CI's five workers, PostgreSQL) half a second was not always enough for them all
SMALL = ["--seconds", "5", "--tournaments", "3", "--people", "30", "--signup", "1,1.5", "--round", "2,3"]


def test_tournaments_and_the_crowd_play_on_without_errors(db_kind: str, tmp_path: Path) -> None:
    figures = asyncio.run(
        scale.run(fresh_url(db_kind, tmp_path), db_kind, 5.0, 3, 30, 2.0, (1.0, 1.5), (2.0, 3.0), seed=3)
    )
    assert figures.errors == 0, figures.load.messages
    assert figures.tournaments == 3 and len(figures.ids) == 3 and figures.tournament_people > 0
    assert figures.stages["running"] + figures.stages["finished"] == 3  # sign-up closed by itself, each started
    assert figures.rounds_done > 0 and figures.tournament_tables > 0  # a round's limit decided its tables
    assert figures.joined == 30 and len(figures.seated) > 0  # the crowd joined and tables were opened for them
    assert figures.load.moves_by["person"] > 0 and len(figures.load.presses) > 0
    assert len(figures.tournament_ticks) > 0 and len(figures.matcher_ticks) > 0 and len(figures.load.lag) > 100


def test_main_prints_every_figure_and_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    assert scale.main(["--store", "sqlite", *SMALL]) == 0
    out = capsys.readouterr().out
    for line in (
        "machine: nproc ",
        "sqlite store: 3 tournaments",
        "  moves: ",
        "  deadline lateness: p50 ",
        "overdue (due, not fired) at the start and the end: ",
        "  press to answer: p50 ",
        "  event-loop lag: p99 ",
        "  tournament tick: p50 ",
        "  matcher tick: p50 ",
        "a join answered: p50 ",
        "  queue to table: p50 ",
        "  tournament rounds completed: ",
        "  tables: ",
        "  errors: 0 ",
        "  memory: RSS ",
        "  goal: deadline lateness p99 ",
    ):
        assert line in out, (line, out)


def test_a_refused_press_is_an_error_and_fails_the_run(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """A move refused for no race (here: every tenth press answered as a stale button) is counted,
    shown and makes the exit code 1."""
    handle = Service.handle
    presses = 0

    async def refusing(self: Service, cmd: object) -> object:
        nonlocal presses
        if isinstance(cmd, Press) and _is_move(cmd.token):
            presses += 1
            if presses % 10 == 0:
                return Reply("this button is out of date", ok=False)
        return await handle(self, cmd)  # type: ignore[arg-type]

    monkeypatch.setattr(Service, "handle", refusing)
    assert scale.main(["--store", "sqlite", *SMALL]) == 1
    out = capsys.readouterr().out
    assert "refused: this button is out of date" in out and "errors: 0 " not in out
