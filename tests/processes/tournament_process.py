"""One bot process of the tournament kill test (test_tournament_kill9.py): the real service on a
SQLite file and the wall clock, its scheduler running as in a bot (deadlines, and the tournaments'
ticks: its first one looks at every open tournament, as after any start), and every person at a
tournament's table playing their turn at once (a hard computer's choice), until no tournament is
open.

    python -m tests.processes.tournament_process DATABASE_URL SEED [end|open]

With `end` it kills itself (SIGKILL) as soon as a tournament's table has closed and that is
committed, before the tournament has taken its result; with `open`, as soon as the first table of a
round is saved, before the others are: each time the next start must make it good."""

from __future__ import annotations

import asyncio
import os
import random
import signal
import sys
from typing import Any

from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.clock import SystemClock
from bot.commands import Play
from bot.games import game_info
from bot.notifier import RecordingNotifier
from bot.observers import Observer
from bot.people import Actor
from bot.scheduler import Scheduler
from bot.settings import ServiceConfig
from bot.tables import Status, Table
from core import load_game

CONFIG = ServiceConfig(window_seconds=0.2, computer_think=0.02, idle_seconds=5.0)


class Quiet(RecordingNotifier):
    async def show(self, chat: Any, screens: Any) -> None:
        pass


class Dies(Observer):
    """Kills the process at a chosen commit (told after the tournaments' own observer, which only
    notes the table for its next tick: that note dies with the process)."""

    def __init__(self, when: str) -> None:
        self.when = when

    def committed(self, table: Table) -> None:
        if table.tournament is None:
            return
        if (self.when == "end" and not table.status.open) or (self.when == "open" and table.moves == 0):
            os.kill(os.getpid(), signal.SIGKILL)


async def main(url: str, seed: int, dies: str | None) -> None:
    rng = random.Random(seed)
    store = SqlStore(url)
    service = bootstrap(store, Quiet(), SystemClock(), CONFIG, seed=seed)
    if dies is not None:
        service.observers.add(Dies(dies))
    scheduler = asyncio.create_task(Scheduler.of(service, poll=0.02).restore_and_run())
    while await store.open_tournaments():
        for table in await store.all_open():
            if table.tournament is None or table.status is not Status.PLAYING or table.state is None:
                continue
            game = load_game(table.state)
            for seat, person in enumerate(table.seats):
                legal = game.legal_moves(seat) if person.person is not None else []
                if legal:
                    move = game.format_move(
                        game_info(table.game).levels["hard"].policy.choose(game.view(seat), legal, rng)
                    )
                    await service.handle(Play(Actor(person.person, person.name), table.id, move))
                    break
        await asyncio.sleep(0.005)
    scheduler.cancel()
    await store.close()


if __name__ == "__main__":
    asyncio.run(main(sys.argv[1], int(sys.argv[2]), sys.argv[3] if len(sys.argv) > 3 else None))
