"""Firing deadlines (bot/timers.py says what each one does).

Deadlines are fired a bounded batch at a time, each in its own transaction, with the event loop free
between them, several tables' at once (`TableStore.firing_lanes`). A table that fails (its
deadline raises) is tried again with a growing pause and, after a few failures in a row, set
aside: its chat is told and every other table goes on (bot/failures.py).
"""

from __future__ import annotations

import asyncio
import logging

from bot.changer import Changer
from bot.chats import Chats
from bot.clock import Clock
from bot.deadlines import Deadline
from bot.drawing import Drawing
from bot.failures import Failures
from bot.locks import KeyedLocks
from bot.observers import Observer
from bot.running import is_live
from bot.saver import Saver
from bot.settings import ServiceConfig
from bot.store.errors import StoreUnavailable
from bot.store.tables import TableStore, Transaction
from bot.tables import Table
from bot.thinking import Thinker
from bot.timers import decision, fire

log = logging.getLogger(__name__)
BATCH = 32  # deadlines taken at once: the loop turns to presses between batches and between deadlines


class Firing:
    def __init__(
        self,
        store: TableStore,
        locks: KeyedLocks,
        changer: Changer,
        saver: Saver,
        drawing: Drawing,
        chats: Chats,
        thinker: Thinker,
        failures: Failures,
        clock: Clock,
        config: ServiceConfig,
        platform: str | None,
        observer: Observer,
    ) -> None:
        self._store = store
        self._locks = locks
        self._changer = changer
        self._saver = saver
        self._drawing = drawing
        self._chats = chats
        self.thinker = thinker  # computers that search think off the loop
        self._failures = failures
        self._clock = clock
        self._config = config
        self._platform = platform
        self._observer = observer

    async def tick(self, due: float | None = None) -> int:
        """Fire one batch of due deadlines (at most BATCH, earliest first), each in its own
        transaction, turning to other work (presses, redraws) between them, a table's in order and
        up to `TableStore.firing_lanes` tables side by side; return how many were
        fired (whether or not they changed anything). The scheduler calls it again at once while
        more are due.

        Processes sharing a database take their own batches (PostgreSQL: adapters/sql/leases.py);
        each deadline fires where its table is claimed (`Transaction.claim`, SKIP LOCKED), and a
        deadline already fired elsewhere is no longer among its table's. A table this process is
        changing, or one resting after a failure, waits for a later batch. `due`: the earliest due
        time, as the caller has just read it (the scheduler: no second read)."""
        now = self._clock.now()
        if due is None or due > now:  # a read: most ticks find nothing to claim
            due = await self._store.next_due(self._platform)
        if due is None or due > now:
            self._observer.ticked(0)
            return 0
        skip = {*self._locks.keys(), *self._failures.resting(now)}
        tables: dict[int, list[Deadline]] = {}
        for deadline in await self._store.due_batch(now, BATCH, self._platform, skip):
            tables.setdefault(deadline.table_id, []).append(deadline)
        lanes = asyncio.Semaphore(self._store.firing_lanes)
        fired = sum(await asyncio.gather(*(self._fire_in_turn(deadlines, lanes) for deadlines in tables.values())))
        self._observer.ticked(fired)
        return fired

    async def next_due(self) -> float | None:
        return await self._store.next_due(self._platform)

    def store_failed(self, error: BaseException) -> None:
        """The store failed outside any table (the scheduler's reads): one log line a minute."""
        self._failures.outage.note(error)

    async def _fire_in_turn(self, deadlines: list[Deadline], lanes: asyncio.Semaphore) -> int:
        """One table's due deadlines, in order, in one of the firing lanes (bot/store/tables.py)."""
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
        started = self._clock.now()
        async with self._locks.hold(deadline.table_id):
            table, acted, redraw = await self._changer.transaction(lambda tx: self._fire(tx, deadline))
            if acted is not None and table is not None:
                self._observer.committed(table)
            if redraw and table is not None:
                await self._drawing.redraw(table)
            self._failures.ok(deadline.table_id)
        self._observer.fired(deadline, acted, started, self._clock.now() - started)
        return acted

    async def _fire_safely(self, deadline: Deadline) -> int | None:
        """`fire`, where a failure is this table's alone: tried again later, then set aside. A
        store that cannot write fails every table alike: logged once a minute, tried again."""
        try:
            return await self.fire(deadline)
        except StoreUnavailable as e:
            self._failures.outage.note(e)
        except Exception as e:
            first = self._failures.first(deadline.table_id)
            log.error("a %s deadline failed on table %s: %r", deadline.kind, deadline.table_id, e, exc_info=first)
            await self._failures.failed(deadline.table_id, e)
        return None

    async def _fire(self, tx: Transaction, deadline: Deadline) -> tuple[Table | None, int | None, bool]:
        """The table, 1 if the deadline did something (0 if not, None if not fired here), and
        whether to redraw it."""
        table = await tx.claim(deadline.table_id)
        if table is None or table.stopped is not None or deadline not in table.deadlines:
            return table, None, False  # held by another process, set aside, or fired already
        before, was_live, was = table.version, is_live(table), table.status
        table.deadlines.remove(deadline)
        settings = await self._chats.settings(table.chat)
        thought = decision(table, deadline)
        chosen = None if thought is None else await self.thinker.choose(*thought)
        acted = fire(table, deadline, self._clock.now(), settings, self._config, chosen)
        await self._saver.save(tx, table, before, was)
        # a real-time game that has just ended shows its result
        return table, int(acted), acted or (was_live and not is_live(table))
