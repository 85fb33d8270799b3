"""The scheduler sleeps until the earliest deadline, or a poll; a change committed meanwhile that
arms an earlier one wakes it at once (bot/scheduler.py `Alarm`), so a computer whose turn a
person's move has just begun is not kept waiting for the poll."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace
from typing import Any, cast

from bot.clock import SystemClock
from bot.deadlines import Deadline, Kind
from bot.scheduler import Alarm, Scheduler
from bot.tables import Table

A_LONG_POLL = 60.0  # seconds: far longer than the test waits, so only the alarm can wake it


def table_with(*dues: float) -> Table:
    return cast(Table, SimpleNamespace(deadlines=[Deadline(1, Kind.COMPUTER, due) for due in dues]))


class Deadlines:
    """A stand-in for the service's firing: what is due, and the ticks asked of it."""

    def __init__(self) -> None:
        self.due: float | None = None
        self.ticks: list[float | None] = []
        self.ticked = asyncio.Event()

    async def next_due(self) -> float | None:
        return self.due

    async def tick(self, due: float | None = None) -> int:
        if due is not None:
            self.ticks.append(due)
            self.ticked.set()
            self.due = None
        return 0 if due is None else 1

    def store_failed(self, error: BaseException) -> None:
        raise error


class Nothing:
    async def announce_seasons(self) -> None:
        pass


def test_a_deadline_armed_while_the_scheduler_sleeps_fires_without_waiting_for_the_poll() -> None:
    async def run() -> list[float | None]:
        clock, firing = SystemClock(), Deadlines()
        scheduler = Scheduler(cast(Any, firing), cast(Any, None), cast(Any, Nothing()), clock, poll=A_LONG_POLL)
        running = asyncio.create_task(scheduler.run())
        await asyncio.sleep(0.05)  # asleep: nothing is due
        firing.due = clock.now()
        scheduler.alarm.committed(table_with(firing.due))  # a move committed that arms it
        try:
            await asyncio.wait_for(firing.ticked.wait(), 10)  # (not the minute of the poll)
        finally:
            running.cancel()
        return firing.ticks

    assert len(asyncio.run(run())) == 1


def test_the_alarm_rings_only_for_a_deadline_due_before_the_sleep_ends() -> None:
    async def run() -> list[bool]:
        alarm, rung = Alarm(), []
        for dues in [(), (20.0,), (5.0, 20.0)]:
            alarm.listen()
            sleeping = asyncio.create_task(alarm.sleep(A_LONG_POLL, until=10.0))
            await asyncio.sleep(0)
            alarm.committed(table_with(*dues))
            done, _ = await asyncio.wait([sleeping], timeout=0.2)
            rung.append(bool(done))
            sleeping.cancel()
        alarm.committed(table_with(0.0))  # awake (firing): nothing to ring for
        alarm.listen()  # ... and what rang before does not cut the next sleep short
        sleeping = asyncio.create_task(alarm.sleep(A_LONG_POLL, until=10.0))
        done, _ = await asyncio.wait([sleeping], timeout=0.2)
        sleeping.cancel()
        return [*rung, bool(done)]

    assert asyncio.run(run()) == [False, False, True, False]


def test_a_deadline_armed_while_the_earliest_is_read_is_not_missed() -> None:
    async def run() -> bool:
        alarm = Alarm()
        alarm.listen()
        alarm.committed(table_with(1e9))  # (while the store was read: any deadline may be earlier)
        sleeping = asyncio.create_task(alarm.sleep(A_LONG_POLL, until=10.0))
        done, _ = await asyncio.wait([sleeping], timeout=1)
        sleeping.cancel()
        return bool(done)

    assert asyncio.run(run())
