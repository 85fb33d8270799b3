"""One bot process of the several-processes test (test_three_processes.py): a service of its own on
the shared database and the wall clock, playing every person's seat of every open table (mostly a
hard computer's choice of move, sometimes any legal one) while firing whatever deadlines are due,
until no table is open. Like a process behind a load balancer, it takes any person's move for any
table.

    python -m tests.processes.bot_process DATABASE_URL SEED OUT.json SECONDS

It writes what it saw: the moves it was told were accepted, the deadlines it fired (committed: a
firing whose save was refused, its table moved on by another process, and run again is not), and
errors."""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
import traceback
from typing import Any

from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.clock import SystemClock
from bot.commands import Play
from bot.deadlines import Deadline
from bot.games import game_info
from bot.notifier import RecordingNotifier
from bot.observers import Observer
from bot.people import Actor
from bot.settings import ServiceConfig
from bot.tables import Status
from core import load_game
from core.computer import RandomPolicy

CONFIG = ServiceConfig(window_seconds=0.2, computer_think=0.05, idle_seconds=5.0)
# People play Racing Demon this long, then leave it to the deadlines: a round whose people are
# stuck waits on a computer; idle, they get computer stand-ins, which end it (slowly: a computer
# moves at most once a drawing of the board).
PEOPLE_SECONDS = 30.0


class Fired(Observer):
    """The deadlines this process fired, as the service says once each firing is committed."""

    def __init__(self, fired: list[Any]) -> None:
        self.seen = fired

    def fired(self, deadline: Deadline, acted: int | None, started: float, seconds: float) -> None:
        if acted is not None:  # (None: not fired here, its table held elsewhere or the deadline gone)
            self.seen.append([deadline.table_id, deadline.kind, deadline.due, deadline.version, deadline.seat])


class Quiet(RecordingNotifier):
    async def show(self, chat: Any, screens: Any) -> None:
        pass


async def main(url: str, seed: int, out: str, seconds: float) -> None:
    rng = random.Random(seed)
    store = SqlStore(url)
    service = bootstrap(store, Quiet(), SystemClock(), CONFIG, seed=seed)
    seen: dict[str, list[Any]] = {"accepted": [], "fired": [], "errors": []}
    service.observers.add(Fired(seen["fired"]))
    start = time.monotonic()
    end = start + seconds
    last_press: dict[int, float] = {}  # table id -> when a person of this process last moved there
    while time.monotonic() < end:
        people_play = time.monotonic() - start < PEOPLE_SECONDS
        try:
            tables = await store.all_open()
            if not tables:
                break
            rng.shuffle(tables)
            for table in tables:
                if table.status is not Status.PLAYING or table.state is None:
                    continue
                if table.game == "racing_demon" and not people_play:
                    continue
                # at a person's pace in a real-time game: no more than a move a window (pressing
                # hundreds a second, people keep every computer looking at a board already old)
                pressed = last_press.get(table.id, 0.0)
                if game_info(table.game).real_time and time.monotonic() - pressed < CONFIG.window_seconds:
                    continue
                game = load_game(table.state)
                people = [(i, s) for i, s in enumerate(table.seats) if s.person is not None]
                seat, person = rng.choice(people)
                legal = game.legal_moves(seat)
                if not legal:
                    continue
                # mostly a good move (the games end sooner), sometimes any legal one; not in Racing
                # Demon, where moving runs to and fro at random keeps a round from ever ending
                any_move = table.game != "racing_demon" and rng.random() < 0.2
                policy = RandomPolicy() if any_move else game_info(table.game).levels["hard"].policy
                move = game.format_move(policy.choose(game.view(seat), legal, rng))
                assert person.person is not None
                reply = await service.handle(Play(Actor(person.person, person.name), table.id, move))
                last_press[table.id] = time.monotonic()
                if reply.ok:
                    seen["accepted"].append([table.id, seat, move])
            await service.firing.tick()
        except Exception:
            seen["errors"].append(traceback.format_exc())
        await asyncio.sleep(rng.uniform(0.0, 0.005))
    with open(out, "w") as f:
        json.dump(seen, f)


if __name__ == "__main__":
    url, seed, out, seconds = sys.argv[1], int(sys.argv[2]), sys.argv[3], float(sys.argv[4])
    asyncio.run(main(url, seed, out, seconds))
