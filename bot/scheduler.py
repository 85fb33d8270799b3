"""One scheduler for every deadline: sleep until the earliest is due (or a short poll: another
process may arm an earlier one; a change committed here that arms one earlier rings the `Alarm`,
which ends the sleep at once), then fire what is due (bot/firing.py), a bounded batch
at a time, so presses and redraws go on while a backlog is worked off (after a restart, or under
load); at a season's start, its podiums (bot/community.py); and the tournaments' moves
(bot/tournaments.py: a table of theirs that closed, sign-up's close, a round's limit)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import math

from bot.clock import Clock
from bot.community import Community
from bot.drawing import Drawing
from bot.firing import Firing
from bot.observers import Observer
from bot.service import Service
from bot.tables import Table
from bot.tournaments import Tournaments

log = logging.getLogger(__name__)
HELD_PAUSE = 0.02  # seconds: due, yet nothing could fire (held by another process, or resting)


class Alarm(Observer):
    """Ends the scheduler's sleep when a change committed in this process arms a deadline due
    before the sleep would end (a person's move that hands the turn to a computer, a new round's
    window), so that it fires on time, not up to a poll late. Told of every commit
    (bot/observers.py); while the scheduler is busy firing it looks at nothing."""

    def __init__(self) -> None:
        self._rung = asyncio.Event()
        self._until = -math.inf  # the sleep's end; -inf: not asleep, nothing to ring for

    def committed(self, table: Table) -> None:
        until = self._until
        if until > -math.inf and any(d.due < until for d in table.deadlines):
            self._rung.set()

    def listen(self) -> None:
        """From now on any deadline armed rings: called before the earliest due one is read, so
        that one armed meanwhile is not missed."""
        self._until = math.inf
        self._rung.clear()

    async def sleep(self, seconds: float, until: float) -> None:
        """Sleep `seconds` (until clock time `until`), or less if a deadline due earlier is armed."""
        self._until = until
        if not self._rung.is_set():
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self._rung.wait(), seconds)
        self._until = -math.inf


class Scheduler:
    def __init__(
        self,
        firing: Firing,
        drawing: Drawing,
        community: Community,
        clock: Clock,
        poll: float = 0.2,
        tournaments: Tournaments | None = None,
    ) -> None:
        self.firing = firing
        self.drawing = drawing
        self.community = community
        self.clock = clock
        self.poll = poll
        self.tournaments = tournaments
        self.alarm = Alarm()  # (rung by the service's commits where it is attached: `of`)

    @classmethod
    def of(cls, service: Service, poll: float = 0.2) -> Scheduler:
        """The scheduler of a service's deadlines and tournaments, on its clock, woken by its commits."""
        scheduler = cls(service.firing, service.drawing, service.community, service.clock, poll, service.tournaments)
        service.observers.add(scheduler.alarm)
        return scheduler

    async def restore_and_run(self) -> None:
        """Redraw the open tables (`Drawing.restore`), then `run`: started beside the bot, so that
        presses are answered while a thousand tables are still being redrawn. A store that cannot
        be read leaves the redraws to the tables' next changes; the deadlines fire all the same."""
        try:
            await self.drawing.restore()
            if self.tournaments is not None:
                await self.tournaments.restore()
        except Exception as e:
            self.firing.store_failed(e)
        await self.run()

    async def run(self) -> None:
        """Fire deadlines until cancelled; nothing that fails stops it (a failing table is set
        aside by itself; a store that cannot be read is waited out, logged once a minute)."""
        while True:
            try:
                self.alarm.listen()
                due = await self.firing.next_due()
                wait = self.poll if due is None else min(self.poll, max(0.0, due - self.clock.now()))
                if wait > 0:
                    await self.alarm.sleep(wait, self.clock.now() + wait)
                fired = await self.firing.tick(due)  # (due by now, or read again)
                await self.community.announce_seasons()  # a season that has just begun: last one's podiums
                if self.tournaments is not None:  # tables of theirs that closed, their times come, the sweep
                    await self.tournaments.tick()
            except Exception as e:  # the store itself failing: try again after a poll
                self.firing.store_failed(e)
                await asyncio.sleep(self.poll)
                continue
            # a batch that fired something: straight on to the next (its awaits let presses in);
            # due but nothing could fire: pause, not a busy loop
            await asyncio.sleep(0 if fired or wait > 0 else HELD_PAUSE)
