"""One scheduler for every deadline: sleep until the earliest is due (or a short poll, since
another command may arm an earlier one), then fire what is due (bot/firing.py), a bounded batch
at a time, so presses and redraws go on while a backlog is worked off (after a restart, or under
load); at a season's start, its podiums (bot/community.py); and the tournaments' moves
(bot/tournaments.py: a table of theirs that closed, sign-up's close, a round's limit)."""

from __future__ import annotations

import asyncio
import logging

from bot.clock import Clock
from bot.community import Community
from bot.drawing import Drawing
from bot.firing import Firing
from bot.service import Service
from bot.tournaments import Tournaments

log = logging.getLogger(__name__)
HELD_PAUSE = 0.02  # seconds: due, yet nothing could fire (held by another process, or resting)


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

    @classmethod
    def of(cls, service: Service, poll: float = 0.2) -> Scheduler:
        """The scheduler of a service's deadlines and tournaments, on its clock."""
        return cls(service.firing, service.drawing, service.community, service.clock, poll, service.tournaments)

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
                due = await self.firing.next_due()
                wait = self.poll if due is None else min(self.poll, max(0.0, due - self.clock.now()))
                if wait > 0:
                    await asyncio.sleep(wait)
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
