"""What the service does when a table fails (bot/trouble.py counts): its traceback is logged once,
its deadlines rest with a growing pause, and after GIVE_UP failures in a row it is set aside
(`TableStore.set_aside`) and its chat told; every other table goes on. A store that cannot write
fails every table alike: logged once a minute (`Outage`), no table's fault."""

from __future__ import annotations

import logging

from bot.chats import Chats
from bot.clock import Clock
from bot.notifier import Notifier
from bot.observers import Observer
from bot.store.tables import TableStore
from bot.trouble import GIVE_UP, Outage, Trouble
from bot.ui.render import stopped_screens

log = logging.getLogger(__name__)


class Failures:
    def __init__(
        self, store: TableStore, chats: Chats, notifier: Notifier, clock: Clock, outage: Outage, observer: Observer
    ) -> None:
        self._store = store
        self._chats = chats
        self._notifier = notifier
        self._clock = clock
        self._observer = observer
        self.outage = outage
        self._trouble = Trouble()

    def first(self, table_id: int | None) -> bool:
        """Whether a failure on this table is its first in a row (its traceback is logged once)."""
        return table_id is None or self._trouble.count(table_id) == 0

    def ok(self, table_id: int) -> None:
        self._trouble.ok(table_id)

    def resting(self, now: float) -> list[int]:
        """The tables that failed lately, whose deadlines wait before the next try."""
        return self._trouble.resting(now)

    async def failed(self, table_id: int | None, error: BaseException) -> None:
        """A table failed: after GIVE_UP failures in a row, set it aside and tell its chat."""
        self._observer.failed(table_id, error)
        if table_id is None or self._trouble.failed(table_id, self._clock.now()) < GIVE_UP:
            return
        try:
            table = await self._store.set_aside(table_id, f"{type(error).__name__}: {error}")
        except Exception as e:  # the store itself is failing: the next failure tries again
            self.outage.note(e)
            return
        self._trouble.forget(table_id)
        log.error("table %s set aside after %d failures in a row (`cardbot tables` lists it)", table_id, GIVE_UP)
        if table is not None:
            self._observer.committed(table)
            lang = (await self._chats.settings(table.chat)).lang
            await self._notifier.show(table.chat, stopped_screens(table, lang))
