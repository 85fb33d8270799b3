"""Restart recovery: a scripted evening of games, with the service stopped and started again on the
same database at many points, ends exactly as the same script run without a stop.

Each restart is a new engine, store and service on the file, sharing only the clock (time goes on
while the bot is down); nothing survives in memory. Moves made before a stop must be in the log,
deadlines armed before it must fire once after it (those already due fire at once, in order)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest

from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open, Play, Press
from bot.notifier import RecordingNotifier
from bot.people import ChatRef
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.tokens import Token
from core import load_game
from tests.bot.harness import ANN, BOB, CY, DAN
from tests.sql.databases import fresh_url

pytestmark = pytest.mark.slow  # restarts at every step of a game

CONFIG = ServiceConfig(idle_seconds=20, computer_think=2.0)
STEPS = 160


class Bot:
    """The bot process: dies and comes back; the database and the clock stay."""

    def __init__(self, url: str, clock: FakeClock) -> None:
        self.url, self.clock, self.loop = url, clock, asyncio.new_event_loop()
        self.start()

    def start(self) -> None:
        self.store = SqlStore(self.url)
        self.service = bootstrap(self.store, RecordingNotifier(), self.clock, CONFIG, seed=4)
        self.run(self.service.drawing.restore())

    def restart(self) -> None:
        self.run(self.store.close())
        self.start()

    def run(self, coro):
        return self.loop.run_until_complete(coro)

    def press(self, actor, table_id: int, action: str) -> None:
        table = self.run(self.store.load(table_id))
        self.run(self.service.handle(Press(actor, Token(table_id, table.version, action).encode(), where=table.chat)))

    def advance(self, seconds: float) -> None:
        end = self.clock.now() + seconds
        while (due := self.run(self.service.firing.next_due())) is not None and due <= end:
            self.clock.advance(max(0.0, due - self.clock.now()))
            self.run(self.service.firing.tick())
        self.clock.advance(max(0.0, end - self.clock.now()))


def evening(url: str, restart_at: set[int]) -> dict[str, object]:
    """Svolota (two people and a computer) and Speed (two people) side by side; people make the
    first legal move on some steps and sleep through others (their timers and stand-ins play)."""
    bot = Bot(url, FakeClock())
    svolota = bot.run(bot.service.handle(Open(ChatRef("test", "a"), ANN, "svolota"))).table_id
    bot.press(BOB, svolota, "join")
    bot.press(ANN, svolota, "add_computer")
    bot.press(ANN, svolota, "start")
    speed = bot.run(bot.service.handle(Open(ChatRef("test", "b"), CY, "speed"))).table_id
    bot.press(DAN, speed, "join")
    people = {svolota: (ANN, BOB), speed: (CY, DAN)}
    for step in range(STEPS):
        if step in restart_at:
            bot.restart()
        for table_id, (first, second) in people.items():
            table = bot.run(bot.store.load(table_id))
            if table.status is not Status.PLAYING or step % 3 == 2:
                continue  # asleep this step
            game = load_game(table.state)
            for seat, person in ((0, first), (1, second)):
                moves = game.moves(str(seat))
                if moves and (step + seat) % 4 != 3:
                    bot.run(bot.service.handle(Play(person, table_id, moves[0])))
                    break
        bot.advance(70.0 if step % 20 == 19 else 2.5 if step % 5 else 45.0)  # long waits: timers pile up
    bot.advance(3600)
    outcome: dict[str, object] = {}
    for table_id in people:
        table = bot.run(bot.store.load(table_id))
        outcome[f"{table_id} status"] = table.status
        outcome[f"{table_id} state"] = table.state
        outcome[f"{table_id} log"] = [(m.seat, m.move, m.at, m.by) for m in bot.run(bot.store.moves(table_id))]
        outcome[f"{table_id} moves"] = table.moves
    bot.run(bot.store.close())
    return outcome


_UNBROKEN: dict[str, dict[str, object]] = {}


def unbroken_evening(db_kind: str, folder: Path) -> dict[str, object]:
    """The evening without a restart, played once per kind of database (it is the same every time)."""
    if db_kind not in _UNBROKEN:
        _UNBROKEN[db_kind] = evening(fresh_url(db_kind, folder / "reference"), set())
    return _UNBROKEN[db_kind]


# Restarts every step on SQLite; on PostgreSQL every 8th, which falls on each step of the 5-step
# rhythm in turn (the restart is the same code on both, and a PostgreSQL restart costs a suite on
# two cores most: 160 of them took 30 s of it). A run of a few restarts in a row, then none for a
# long while, was a test of its own: a process that lives many steps loses only what one that lives
# one step loses, which the restart at every step already finds (11 CPU-seconds of the slow tier).
EVERY = {"sqlite": 1, "postgres": 8}


def test_restarts_at_every_step_change_nothing(db_kind, tmp_path):
    reference = unbroken_evening(db_kind, tmp_path)
    assert all(reference[f"{t} status"] is Status.FINISHED for t in (1, 2)), "the script plays both games out"
    assert len(reference["1 log"]) > 30 and len(reference["2 log"]) > 30
    assert {by for *_, by in reference["1 log"]} >= {"person", "timer", "computer"}
    restarts = set(range(0, STEPS, EVERY[db_kind]))
    assert evening(fresh_url(db_kind, tmp_path / "every-step"), restarts) == reference
