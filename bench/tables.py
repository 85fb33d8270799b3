"""What the store benches share (bench.service, bench.load): the tables they open, one person
and computers each, the panels they press, the databases they run on, and their percentiles."""

from __future__ import annotations

import statistics
import time
from collections.abc import Iterable
from pathlib import Path

from bot.commands import Open, Press
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.service import Service
from bot.store import Store
from bot.tables import Status
from bot.tokens import Token, decode
from bot.ui.screen import Screen

SEATS = {"svolota": 4, "speed": 2, "racing_demon": 4}
GAMES = ["svolota", "speed", "racing_demon"]


class LastPanels(RecordingNotifier):
    """Keeps only the newest panel per person, so memory stays flat over a long run."""

    def __init__(self) -> None:
        super().__init__()
        self.panels: dict[PersonRef, Screen] = {}

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        for s in screens:
            if s.audience is not None:
                self.panels[s.audience] = s


def rss() -> int:
    """This process's resident set size, bytes."""
    import os

    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


async def open_table(service: Service, store: Store, i: int) -> tuple[int, Actor]:
    """Table number `i` (its game in turn from GAMES) in a chat of its own: one person, computers
    in the other seats, started."""
    name = GAMES[i % len(GAMES)]
    actor = Actor(PersonRef("bench", str(i)), f"P{i}")
    reply = await service.handle(Open(ChatRef("bench", str(i)), actor, name))
    assert reply.table_id is not None, reply.text
    for action in ["add_computer"] * (SEATS[name] - 1) + ["start"]:
        table = await store.load(reply.table_id)
        assert table is not None
        if table.status is Status.LOBBY:
            await service.handle(Press(actor, Token(table.id, table.version, action).encode(), where=table.chat))
    return reply.table_id, actor


async def open_tables(service: Service, store: Store, count: int, start: int = 0) -> list[tuple[int, Actor]]:
    """`count` tables, one person and computers each, started."""
    return [await open_table(service, store, i) for i in range(start, start + count)]


def next_move(notifier: LastPanels, actor: Actor) -> str | None:
    """The first move button of the person's newest panel, if one was drawn since the last call
    (each drawn panel is pressed at most once)."""
    panel = notifier.panels.pop(actor.person, None)
    moves = [b.token or "" for row in panel.buttons for b in row if _is_move(b.token)] if panel else []
    return moves[0] if moves else None


def _is_move(token: str | None) -> bool:
    decoded = decode(token or "")
    return decoded is not None and decoded.action == "move"


def sqlite_url(folder: Path) -> str:
    """A new SQLite file in `folder` (open_store migrates it)."""
    return f"sqlite:///{folder / f'bench-{time.monotonic_ns()}.db'}"


def p50_p99(latencies: Iterable[float]) -> tuple[float, float]:
    """The median and the 99th percentile of `latencies` (seconds), in milliseconds."""
    lat = sorted(latencies)
    if not lat:
        return 0.0, 0.0
    return statistics.median(lat) * 1000, lat[max(0, int(len(lat) * 0.99) - 1)] * 1000


def postgres_url() -> str | None:
    """A fresh migrated database on a throwaway server with fsync on, or None (said why) if there is
    no PostgreSQL server here."""
    from tests import postgres  # the bench runs from the repository, beside its tests

    if not postgres.available():
        print(
            "postgresql store: no PostgreSQL server (install Debian's postgresql or set "
            "CARDBOT_TEST_POSTGRES_URL); skipped"
        )
        return None
    try:
        return postgres.fresh_database(durable=True)
    except Exception as e:
        if postgres.required():
            raise
        print(f"postgresql store: the PostgreSQL server did not start ({e}); skipped")
        return None
