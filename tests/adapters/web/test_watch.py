"""The service's observers (the live table's hub among them): told of every committed change
(presses and fired deadlines alike), and never able to fail one."""

from __future__ import annotations

from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.observers import Observer
from bot.service import Service
from bot.tables import Table
from tests.adapters.web.live import svolota_for_two


def _service() -> tuple[Service, RecordingNotifier, FakeClock]:
    notifier, clock = RecordingNotifier(), FakeClock()
    return bootstrap(MemoryStore(), notifier, clock), notifier, clock


async def test_every_committed_change_is_told_with_its_version():
    service, notifier, clock = _service()
    seen: list[tuple[int, int]] = []

    class Seen(Observer):
        def committed(self, table: Table) -> None:
            seen.append((table.id, table.version))

    service.observers.add(Seen())
    table_id = await svolota_for_two(service, notifier)
    table = await service.store.load(table_id)
    assert table is not None
    assert seen == [(table_id, v) for v in range(table.version + 1)]  # opened at 0, then each press
    clock.advance(61)  # Ann's turn timer plays for her
    while await service.firing.tick():
        pass
    after = await service.store.load(table_id)
    assert after is not None and after.version > table.version and seen[-1] == (table_id, after.version)


async def test_a_failing_watcher_never_fails_a_change():
    service, notifier, _clock = _service()

    class Broken(Observer):
        def committed(self, table: Table) -> None:
            raise RuntimeError("the live table is down")

    service.observers.add(Broken())
    table_id = await svolota_for_two(service, notifier)  # every press answered ok
    table = await service.store.load(table_id)
    assert table is not None and table.status.open and table.version > 0
