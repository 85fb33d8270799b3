"""A computer that searches thinks off the event loop, on a share of its budget when several
decisions wait; one that does not search decides on the spot."""

from __future__ import annotations

import asyncio
import random
import threading
from dataclasses import dataclass, field
from typing import Any

from bot.settings import ServiceConfig
from bot.thinking import Thinker
from core import load_game
from tests.bot.harness import ANN, Harness


@dataclass
class Recorded:
    """A searching policy that notes where it ran, with what share, and how many ran at once."""

    share: float = 1.0
    log: list[tuple[str, float]] = field(default_factory=list)
    gate: threading.Event = field(default_factory=threading.Event)

    def within(self, share: float) -> Recorded:
        return Recorded(share, self.log, self.gate)

    def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
        self.log.append((threading.current_thread().name, self.share))
        self.gate.wait(5)
        return legal[0]


def test_a_search_runs_in_the_thinking_thread_while_the_loop_goes_on() -> None:
    async def scenario() -> tuple[list[tuple[str, float]], int]:
        policy, thinker, ticks = Recorded(), Thinker(), 0
        task = asyncio.create_task(thinker.choose(policy, None, ["a", "b"], random.Random(1)))
        while not policy.log:  # the loop keeps turning while the search runs
            ticks += 1
            await asyncio.sleep(0.001)
        policy.gate.set()
        assert await task == "a"
        return policy.log, ticks

    log, ticks = asyncio.run(scenario())
    assert log[0][0].startswith("cardbot-think") and ticks >= 1


def test_decisions_waiting_together_share_the_budget() -> None:
    async def scenario() -> list[float]:
        policy, thinker = Recorded(), Thinker()
        tasks = [asyncio.create_task(thinker.choose(policy, None, ["a"], random.Random(i))) for i in range(3)]
        await asyncio.sleep(0)
        assert thinker.waiting == 3
        policy.gate.set()
        await asyncio.gather(*tasks)
        assert thinker.waiting == 0
        return [share for _, share in policy.log]

    assert asyncio.run(scenario()) == [1.0, 1 / 2, 1 / 3]


def test_a_policy_that_does_not_search_decides_on_the_loop() -> None:
    where: list[str] = []

    class Quick:
        def choose(self, view: Any, legal: list[Any], rng: random.Random) -> Any:
            where.append(threading.current_thread().name)
            return legal[-1]

    async def scenario() -> Any:
        return await Thinker().choose(Quick(), None, ["a", "b"], random.Random(1))

    assert asyncio.run(scenario()) == "b"
    assert where == [threading.main_thread().name]


def test_a_table_of_hard_computers_plays_to_its_end_through_the_thinker() -> None:
    h = Harness(ServiceConfig(computer_think=0.5), seed=3)
    t = h.open(ANN, "svolota").table_id
    h.press(ANN, t, "House rules")
    h.press(ANN, t, "Computers")  # normal → hard
    h.press(ANN, t, "Done")
    while len(h.table(t).seats) < 3:
        h.press(ANN, t, "+ Computer")
    thought: list[str] = []
    think = h.service.firing.thinker.choose

    async def counted(policy: Any, *args: Any) -> Any:
        thought.append(type(policy).__name__)
        return await think(policy, *args)

    h.service.firing.thinker.choose = counted
    h.press(ANN, t, "Start")
    for _ in range(400):
        if not h.table(t).status.open:
            break
        if load_game(h.table(t).state).state.turn == 0:  # Ann: the first move her panel offers
            assert h.press_token(ANN, h.screen(t, ANN, "panel").buttons[0][0].token).ok
        else:
            h.advance(3, step=1)
    table = h.table(t)
    assert not table.status.open
    assert [s.level for s in table.seats if s.computer] == ["hard", "hard"]
    computers = [m for m in h.log(t) if m.by == "computer"]
    assert computers and len(thought) == len(computers) and set(thought) == {"SearchPolicy"}
