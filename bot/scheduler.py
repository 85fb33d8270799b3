"""One scheduler for every deadline: sleep until the earliest is due (or a short poll, since
another command may arm an earlier one), then fire what is due through the service."""

from __future__ import annotations

import asyncio
import logging

from bot.clock import Clock
from bot.service import Service

log = logging.getLogger(__name__)
HELD_PAUSE = 0.02  # seconds


class Scheduler:
    def __init__(self, service: Service, clock: Clock, poll: float = 0.2) -> None:
        self.service = service
        self.clock = clock
        self.poll = poll

    async def run(self) -> None:
        """Fire deadlines until cancelled; a failing deadline is logged, never fatal."""
        while True:
            due = await self.service.next_due()
            wait = self.poll if due is None else min(self.poll, max(0.0, due - self.clock.now()))
            if wait > 0:
                await asyncio.sleep(wait)
            try:
                fired = await self.service.tick()
            except Exception:  # one broken table must not stop every other table's timers
                log.exception("a deadline failed")
                fired = 0
            if not fired and wait <= 0:  # due, yet held by another process's change: not a busy loop
                await asyncio.sleep(HELD_PAUSE)
