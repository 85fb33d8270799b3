"""Firing deadlines, and what happens when a table fails. Mixed into the Service, which provides the
store, the locks, the clock and the saving and drawing of a table (bot/service.py).

Deadlines are fired a bounded batch at a time, each in its own transaction, with the event loop free
between them, several tables' at once (`Store.firing_lanes`). A table that fails (its
deadline or a move raises) is tried again with a growing pause and, after a few failures in a row,
set aside: its chat is told and every other table goes on (bot/trouble.py).
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Awaitable, Callable
from typing import TypeVar

from bot.clock import Clock
from bot.deadlines import Deadline
from bot.locks import KeyedLocks
from bot.notifier import Notifier
from bot.people import ChatRef
from bot.screens.render import stopped_screens
from bot.settings import ChatSettings, ServiceConfig
from bot.store import Changes, StaleTable, Store, StoreUnavailable
from bot.tables import Status, Table
from bot.thinking import Thinker
from bot.timers import decision, fire
from bot.trouble import GIVE_UP, Outage, Trouble

log = logging.getLogger("bot.service")
BATCH = 32  # deadlines taken at once: the loop turns to presses between batches and between deadlines
ATTEMPTS = 3  # a change whose table someone else saved meanwhile runs again on what they saved
T = TypeVar("T")


class Firing:
    store: Store
    notifier: Notifier
    clock: Clock
    config: ServiceConfig
    platform: str | None
    _locks: KeyedLocks
    _trouble: Trouble
    _outage: Outage
    thinker: Thinker  # computers that search think off the loop
    watch: Callable[[int, int], None] | None  # told of every committed change (Service.watch)

    # provided by the Service
    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        raise NotImplementedError

    async def _save(self, tx: Changes, table: Table, before: int, was: Status) -> None:
        raise NotImplementedError

    @staticmethod
    def _live(table: Table) -> bool:
        raise NotImplementedError

    async def redraw(self, table: Table) -> None:
        raise NotImplementedError

    # ----- time -----------------------------------------------------------------------------

    async def tick(self) -> int:
        """Fire one batch of due deadlines (at most BATCH, earliest first), each in its own
        transaction, turning to other work (presses, redraws) between them, a table's in order and
        up to `Store.firing_lanes` tables side by side; return how many were
        fired (whether or not they changed anything). The scheduler calls it again at once while
        more are due.

        Processes sharing a database may read the same batch: each deadline fires where its table
        is claimed (`Changes.claim`, SKIP LOCKED), and a deadline already fired elsewhere is no
        longer among its table's. A table this process is changing, or one resting after a
        failure, waits for a later batch."""
        now = self.clock.now()
        due = await self.store.next_due(self.platform)  # a read: most ticks find nothing to claim
        if due is None or due > now:
            return 0
        skip = {*self._locks.keys(), *self._trouble.resting(now)}
        tables: dict[int, list[Deadline]] = {}
        for deadline in await self.store.due_batch(now, BATCH, self.platform, skip):
            tables.setdefault(deadline.table_id, []).append(deadline)
        lanes = asyncio.Semaphore(self.store.firing_lanes)
        return sum(await asyncio.gather(*(self._fire_in_turn(deadlines, lanes) for deadlines in tables.values())))

    async def _fire_in_turn(self, deadlines: list[Deadline], lanes: asyncio.Semaphore) -> int:
        """One table's due deadlines, in order, in one of the firing lanes (bot/store.py)."""
        fired = 0
        async with lanes:
            for deadline in deadlines:
                if self._locks.busy(deadline.table_id):  # a press took it meanwhile: the next batch
                    break
                fired += await self._fire_safely(deadline) is not None
                await asyncio.sleep(0)  # a press that came in meanwhile goes first
        return fired

    async def fire(self, deadline: Deadline) -> int | None:
        """Fire one due deadline through the locked path: 1 if it did something, 0 if not, None
        if it was not fired here (its table held by another process, or fired already)."""
        async with self._locks.hold(deadline.table_id):
            table, acted, redraw = await self._transaction(lambda tx: self._fire(tx, deadline))
            if acted is not None and table is not None:
                self._watched(table)
            if redraw and table is not None:
                await self.redraw(table)
            self._trouble.ok(deadline.table_id)
            return acted

    async def _transaction(self, body: Callable[[Changes], Awaitable[T]]) -> T:
        """`body` in a store transaction, committed. A save that finds its table at another version
        (a writer outside this process: with SQLite, whose loads lock nothing, `bot.store.StaleTable`
        at the commit) changes nothing, and the body runs again on the table as it now is."""
        for _ in range(ATTEMPTS - 1):
            try:
                async with self.store.transaction() as tx:
                    return await body(tx)
            except StaleTable:
                log.info("a table was saved by someone else meanwhile: the change runs again")
        async with self.store.transaction() as tx:  # the last attempt: StaleTable now is a failure
            return await body(tx)

    async def _fire_safely(self, deadline: Deadline) -> int | None:
        """`fire`, where a failure is this table's alone: tried again later, then set aside. A
        store that cannot write fails every table alike: logged once a minute, tried again."""
        try:
            return await self.fire(deadline)
        except StoreUnavailable as e:
            self._outage.note(e)
        except Exception as e:
            first = self._first(deadline.table_id)
            log.error("a %s deadline failed on table %s: %r", deadline.kind, deadline.table_id, e, exc_info=first)
            await self._failed(deadline.table_id, e)
        return None

    def store_failed(self, error: BaseException) -> None:
        """The store failed outside any table (the scheduler's reads): one log line a minute."""
        self._outage.note(error)

    async def _fire(self, tx: Changes, deadline: Deadline) -> tuple[Table | None, int | None, bool]:
        """The table, 1 if the deadline did something (0 if not, None if not fired here), and
        whether to redraw it."""
        table = await tx.claim(deadline.table_id)
        if table is None or table.stopped is not None or deadline not in table.deadlines:
            return table, None, False  # held by another process, set aside, or fired already
        before, was_live, was = table.version, self._live(table), table.status
        table.deadlines.remove(deadline)
        settings = await self.chat_settings(table.chat)
        thought = decision(table, deadline)
        chosen = None if thought is None else await self.thinker.choose(*thought)
        acted = fire(table, deadline, self.clock.now(), settings, self.config, chosen)
        await self._save(tx, table, before, was)
        # a real-time game that has just ended shows its result
        return table, int(acted), acted or (was_live and not self._live(table))

    def _watched(self, table: Table) -> None:
        """Tell `watch` (a live table) of a committed change. Whatever it does wrong stays there:
        the change is saved and the chat is still to hear of it."""
        if self.watch is None:
            return
        try:
            self.watch(table.id, table.version)
        except Exception:
            log.exception("the watcher of table %s failed", table.id)

    async def next_due(self) -> float | None:
        return await self.store.next_due(self.platform)

    # ----- failures -------------------------------------------------------------------------

    def _first(self, table_id: int | None) -> bool:
        """Whether a failure on this table is its first in a row (its traceback is logged once)."""
        return table_id is None or self._trouble.count(table_id) == 0

    async def _failed(self, table_id: int, error: BaseException) -> None:
        """A table failed: after GIVE_UP failures in a row, set it aside and tell its chat."""
        if self._trouble.failed(table_id, self.clock.now()) < GIVE_UP:
            return
        try:
            table = await self.store.set_aside(table_id, f"{type(error).__name__}: {error}")
        except Exception as e:  # the store itself is failing: the next failure tries again
            self._outage.note(e)
            return
        self._trouble.forget(table_id)
        log.error("table %s set aside after %d failures in a row (`cardbot tables` lists it)", table_id, GIVE_UP)
        if table is not None:
            self._watched(table)
            lang = (await self.chat_settings(table.chat)).lang
            await self.notifier.show(table.chat, stopped_screens(table, lang))
