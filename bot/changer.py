"""Every change of a table goes the same way: take the table's lock, load it, let the step check
who may do what and change it, save it (version + 1, with its deadlines: bot/saver.py) and
commit, then tell the observers and redraw (the sender's own screens in the look they chose).
Nobody hears of a change before it is committed; a refusal (`Refused`, raised by the step)
changes nothing and is answered by the service.

A live real-time board is not redrawn by a change: it waits for its window (bot/timers.py), while
a mover's own panel shows their move at once.

A platform that delivers an update again (the bot died before confirming it) brings the same
`once` key: a change seen before by this open table changes nothing."""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import NamedTuple, TypeVar

from bot.change import Change, Step
from bot.drawing import Drawing
from bot.failures import Failures
from bot.locks import KeyedLocks
from bot.looks import Looks
from bot.observers import Observer
from bot.people import Actor
from bot.refusals import Refused
from bot.running import is_live
from bot.saver import Saver
from bot.store.errors import StaleTable
from bot.store.tables import TableStore, Transaction
from bot.tables import Table
from bot.ui.screen import Reply

log = logging.getLogger(__name__)
ATTEMPTS = 3  # a change whose table someone else saved meanwhile runs again on what they saved
T = TypeVar("T")


class Changer:
    def __init__(
        self,
        store: TableStore,
        locks: KeyedLocks,
        saver: Saver,
        drawing: Drawing,
        looks: Looks,
        failures: Failures,
        observer: Observer,
    ) -> None:
        self._store = store
        self._locks = locks  # one per table being changed
        self._saver = saver
        self._drawing = drawing
        self._looks = looks
        self._failures = failures
        self._observer = observer

    async def run(
        self,
        table_id: int,
        actor: Actor,
        step: Step,
        once: str | None = None,
        committed: Callable[[Reply], Awaitable[None]] | None = None,
    ) -> Reply:
        """Run `step` on the table under its lock, in one transaction; redraw once it is
        committed, if it changed anything. `committed` (commands.py `Press.committed`) hears the
        step's reply once it is committed, before the redraw."""

        async def in_transaction(tx: Transaction) -> Changed | None:
            table = await tx.load(table_id)
            if table is None:
                raise Refused("this table no longer exists")
            if table.stopped is not None:
                raise Refused("this game hit an error and was stopped")
            if once is not None and table.status.open and await tx.delivered(table_id, once):
                return None
            before, was_live, was = table.version, is_live(table), table.status
            change = Change(tx)
            reply = await step(table, change) or Reply()
            if table.version != before:
                if once is not None and table.status.open:
                    await tx.note_delivery(table_id, once)
                await self._saver.save(tx, table, before, was)
            return Changed(table, reply, change, before, was_live)

        async with self._locks.hold(table_id):
            done = await self.transaction(in_transaction)
            if done is None:  # delivered again
                return Reply(table_id=table_id)
            table, reply, change, before, was_live = done
            if committed is not None:
                await committed(reply)
            if table.version != before:
                self._observer.committed(table)
            if table.version != before and not (was_live and is_live(table)):
                await self._drawing.redraw(table)  # live real-time boards wait for the window
            elif change.panels and is_live(table):
                await self._drawing.redraw_panels(table, change.panels)  # ... but a mover sees their own move at once
            for other in change.redraw:
                self._observer.committed(other)
                await self._drawing.redraw(other)
            for person, lang in change.removed:
                await self._drawing.tell_removed(table, person, lang)
            self._failures.ok(table_id)
            return Reply(reply.text, reply.ok, tuple(await self._looks.applied(reply.screens)), table.id)

    async def transaction(self, body: Callable[[Transaction], Awaitable[T]]) -> T:
        """`body` in a store transaction, committed. A save that finds its table at another version
        (a writer outside this process: with SQLite, whose loads lock nothing, `StaleTable` at the
        commit) changes nothing, and the body runs again on the table as it now is."""
        for _ in range(ATTEMPTS - 1):
            try:
                async with self._store.transaction() as tx:
                    return await body(tx)
            except StaleTable:
                log.info("a table was saved by someone else meanwhile: the change runs again")
        async with self._store.transaction() as tx:  # the last attempt: StaleTable now is a failure
            return await body(tx)


class Changed(NamedTuple):
    """What a change did in its transaction: the table as saved, the answer, the change (with what
    is to be done now), and the table's version and liveness before."""

    table: Table
    reply: Reply
    change: Change
    before: int
    was_live: bool
