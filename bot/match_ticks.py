"""Quick match's periodic matcher: every `poll` seconds, `QuickMatches.tick` (bot/quick_match.py)
lets go of those who waited too long and opens the tables the queues make now (the computers
someone asked for after a wait, a Svolota table once its oldest has gathered long enough). Started
beside the scheduler (adapters/chat/companions.py); nothing that fails stops it (a store that cannot
be read is logged, and tried again on the next tick)."""

from __future__ import annotations

import asyncio
import logging

from bot.quick_match import QuickMatches

log = logging.getLogger(__name__)
POLL = 1.0  # seconds between ticks: the waits the matcher counts are tens of seconds


class MatchTicks:
    def __init__(self, quick: QuickMatches, platform: str | None, poll: float = POLL) -> None:
        self.quick = quick
        self.platform = platform
        self.poll = poll

    async def run(self) -> None:
        while True:
            try:
                await self.quick.tick(self.platform)
            except Exception as e:
                log.warning("the quick-match matcher failed; trying again: %r", e)
            await asyncio.sleep(self.poll)
