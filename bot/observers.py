"""What outside code is told of the service's work: metrics (adapters/metrics.py), the live table
(adapters/web/hub.py), benchmarks, tracing. They attach here, through `Observers.add`, instead of
replacing the service's methods: what may be watched is this list, and watching changes nothing.

Each hook runs at once, on the event loop, after the fact it reports (a change is committed
before `committed` is called): keep it short. One that raises is logged and the others still run;
the service's work goes on as if nobody watched."""

from __future__ import annotations

import logging
from collections.abc import Callable

from bot.commands import Command
from bot.deadlines import Deadline
from bot.tables import Table
from bot.ui.screen import Reply

log = logging.getLogger(__name__)


class Observer:
    """Override the hooks you need; every one does nothing here."""

    def committed(self, table: Table) -> None:
        """A change of `table` was committed (at `table.version`), whether or not it is drawn."""

    def answered(self, command: Command, reply: Reply, seconds: float, refusal: str | None) -> None:
        """`command` was answered with `reply` after `seconds`; `refusal` is the English template of
        the refusal's reason when it was refused (None: accepted)."""

    def fired(self, deadline: Deadline, acted: int | None, started: float, seconds: float) -> None:
        """A due deadline was fired, from clock time `started` for `seconds`: `acted` 1 if it did
        something, 0 if not, None if it was not fired here (held elsewhere, fired already)."""

    def failed(self, table_id: int | None, error: BaseException) -> None:
        """A command or a deadline failed unexpectedly on this table (None: no table named)."""

    def ticked(self, fired: int) -> None:
        """The scheduler fired a batch of `fired` deadlines (0: none were due, or none could fire)."""

    def restored(self) -> None:
        """Every open table was drawn again on start."""


class Observers(Observer):
    """Every observer attached, told in the order they were added."""

    def __init__(self) -> None:
        self._all: list[Observer] = []

    def add(self, observer: Observer) -> None:
        self._all.append(observer)

    def remove(self, observer: Observer) -> None:
        self._all.remove(observer)

    def committed(self, table: Table) -> None:
        for o in self._all:
            _safely(o.committed, table)

    def answered(self, command: Command, reply: Reply, seconds: float, refusal: str | None) -> None:
        for o in self._all:
            _safely(o.answered, command, reply, seconds, refusal)

    def fired(self, deadline: Deadline, acted: int | None, started: float, seconds: float) -> None:
        for o in self._all:
            _safely(o.fired, deadline, acted, started, seconds)

    def failed(self, table_id: int | None, error: BaseException) -> None:
        for o in self._all:
            _safely(o.failed, table_id, error)

    def ticked(self, fired: int) -> None:
        for o in self._all:
            _safely(o.ticked, fired)

    def restored(self) -> None:
        for o in self._all:
            _safely(o.restored)


def _safely(hook: Callable[..., None], *args: object) -> None:
    try:
        hook(*args)
    except Exception:
        log.exception("an observer's %s failed", getattr(hook, "__name__", hook))
