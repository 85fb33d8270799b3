"""A person's own look (how cards are shown on their panels), read from the store and kept.

Read at most every LOOK_TTL seconds per person: a redraw draws every seated person's panel, and a
real-time game redraws every window (a minute, not a chat's ten seconds: a busy bot has many more
people than chats, and few ever choose). Kept on each Seat instead, a new choice would have to
change every open table of the person, in every chat. A choice made through this process shows at
each panel's next drawing; through another process on the same database, within LOOK_TTL. The
LOOKS_KEPT people read most recently are kept. Time is the service's clock. A store that cannot be
read gives None (the chat's look), asked again next time."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from cachetools import TTLCache

from bot.clock import Clock
from bot.people import PersonRef
from bot.store.errors import StoreUnavailable
from bot.store.people import PeopleStore
from bot.trouble import Outage
from bot.ui.screen import Screen

LOOK_TTL = 60.0  # seconds a person's own look is used before it is read again
LOOKS_KEPT = 10_000  # people whose own look is kept in memory (those read longest ago go first)


class Looks:
    def __init__(self, store: PeopleStore, outage: Outage, clock: Clock) -> None:
        self.store = store
        self._outage = outage
        self._kept: TTLCache[PersonRef, str | None] = TTLCache(LOOKS_KEPT, LOOK_TTL, timer=clock.now)

    async def of(self, person: PersonRef) -> str | None:
        """The look the person chose for their own panels (None: none, each chat's look)."""
        if person in self._kept:
            return self._kept[person]
        try:
            look = await self.store.person_look(person)
        except StoreUnavailable as e:
            self._outage.note(e)
            return None
        self.chose(person, look)
        return look

    def chose(self, person: PersonRef, look: str | None) -> None:
        """The person's look as now known (they chose it through this process, or it was read)."""
        self._kept[person] = look

    async def applied(self, screens: Sequence[Screen]) -> list[Screen]:
        """Each person's own screens (their panels) in the look they chose, where they chose one;
        the chat's screens as they are, in the chat's look."""
        drawn = []
        for screen in screens:
            own = None if screen.audience is None else await self.of(screen.audience)
            drawn.append(screen if own is None or own == screen.look else replace(screen, look=own))
        return drawn
