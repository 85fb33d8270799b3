"""One bot process of the quick-match kill test (test_quick_match_kill.py): a service on the shared
database runs one quick-match tick over the people waiting there, and the process dies (`os._exit`,
as SIGKILL: nothing rolled back or closed by it) as it sends the `nth` statement that begins with
`start` to the database, or, with no `start`, right after the tick.

    python -m tests.processes.quick_match_tick DATABASE_URL [START NTH]

Exit status: KILLED when it died where it was told to; 0 when the tick ended without reaching it."""

from __future__ import annotations

import asyncio
import os
import sys
from typing import Any

from sqlalchemy import event

from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.notifier import RecordingNotifier

KILLED = 9
NOW = 1_000_000.0  # the child's clock: the people waiting joined a little before it


async def tick(url: str, start: str | None, nth: int) -> None:
    store = SqlStore(url)
    seen = 0

    def die(conn: Any, cursor: Any, sql: str, *rest: Any) -> None:
        nonlocal seen
        if start is not None and " ".join(sql.split()).upper().startswith(start):
            seen += 1
            if seen == nth:
                os._exit(KILLED)

    event.listen(store.engine, "before_cursor_execute", die)
    service = bootstrap(store, RecordingNotifier(), FakeClock(NOW), seed=1)
    assert service.quick is not None
    await service.quick.tick()
    if start is None:
        os._exit(KILLED)  # right after the tick
    await store.close()


if __name__ == "__main__":
    url, *point = sys.argv[1:]
    asyncio.run(tick(url, point[0] if point else None, int(point[1]) if point else 0))
