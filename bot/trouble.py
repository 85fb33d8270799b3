"""Counting what fails that is not a refusal (bot/failures.py acts on it).

A table whose deadline or move raises is tried again with a growing pause; after `GIVE_UP`
failures in a row it is set aside (`TableStore.set_aside`). A store that cannot write is no
table's fault: people are asked to try again, and the log says so once per `QUIET` seconds, not
once per attempt (`Outage`)."""

from __future__ import annotations

import logging
import time

GIVE_UP = 3  # failures in a row before a table is set aside
FIRST_PAUSE = 1.0  # seconds before a failed deadline is tried again; doubles each time
QUIET = 60.0  # seconds between two log lines about the same outage


class Trouble:
    def __init__(self) -> None:
        self._failures: dict[int, tuple[int, float]] = {}  # table -> (failures in a row, not before)

    def failed(self, table_id: int, now: float) -> int:
        """Note a failure; how many in a row the table has had."""
        count = self._failures.get(table_id, (0, 0.0))[0] + 1
        self._failures[table_id] = (count, now + FIRST_PAUSE * 2 ** (count - 1))
        return count

    def ok(self, table_id: int) -> None:
        if self._failures:
            self._failures.pop(table_id, None)

    def resting(self, now: float) -> list[int]:
        """The tables that failed lately, whose deadlines wait before the next try."""
        return [table_id for table_id, (_count, not_before) in self._failures.items() if now < not_before]

    def count(self, table_id: int) -> int:
        """Failures in a row so far."""
        return self._failures.get(table_id, (0, 0.0))[0]

    def forget(self, table_id: int) -> None:
        self._failures.pop(table_id, None)


class Outage:
    """One log line per QUIET seconds while the store cannot write."""

    def __init__(self, log: logging.Logger) -> None:
        self.log = log
        self._last = -QUIET
        self._missed = 0

    def note(self, error: BaseException) -> None:
        now = time.monotonic()
        if now - self._last >= QUIET:
            more = f" (and {self._missed} more since the last line)" if self._missed else ""
            self.log.error("the database cannot save right now: %s%s", error, more)
            self._last, self._missed = now, 0
        else:
            self._missed += 1
