"""SQLite holds a real-time game's windows in memory, not in timer rows (adapters/sql/held.py): a
window that changes nothing writes nothing, and a restart still resumes every game with its windows
(made again after a kill, handed over after a clean stop). PostgreSQL stores them (several
processes share its tables): tests/sql/test_recovery.py restarts both."""

from __future__ import annotations

import asyncio
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any

from sqlalchemy import event, func, select

from adapters.sql.held import HeldDeadlines
from adapters.sql.rows import timers
from adapters.sql.store import SqlStore
from bot.bootstrap import bootstrap
from bot.deadlines import Deadline, Kind
from bot.notifier import RecordingNotifier
from bot.settings import ServiceConfig
from bot.tables import Status
from tests.bot.harness import ANN, BOB, Harness
from tests.sql.databases import fresh_url

CONFIG = ServiceConfig(idle_seconds=3600)  # nobody is replaced while the windows run idle


def a_live_game(url: str) -> tuple[Harness, int]:
    """Racing Demon, Ann and a computer, just dealt."""
    h = Harness(CONFIG, store=SqlStore(url))
    t = h.open(ANN, "racing_demon").table_id
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    assert h.table(t).status is Status.PLAYING
    return h, t


def window_rows(store: SqlStore) -> int:
    with store.engine.connect() as conn:
        return int(conn.scalar(select(func.count()).select_from(timers).where(timers.c.kind == Kind.WINDOW)) or 0)


@contextmanager
def writes(store: SqlStore) -> Iterator[list[str]]:
    """The statements that write, run on the store's engine meanwhile."""
    seen: list[str] = []

    def note(conn: Any, cursor: Any, statement: str, *args: Any) -> None:
        if statement.lstrip().split()[0].upper() in ("INSERT", "UPDATE", "DELETE"):
            seen.append(statement)

    event.listen(store.engine, "before_cursor_execute", note)
    try:
        yield seen
    finally:
        event.remove(store.engine, "before_cursor_execute", note)


def test_a_window_is_held_in_memory_and_one_that_changes_nothing_writes_nothing(tmp_path):
    h = Harness(CONFIG, store=SqlStore(fresh_url("sqlite", tmp_path)))
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")  # two people, no computer: nothing moves unless they do
    table = h.table(t)
    assert table.status is Status.PLAYING
    assert [d.kind for d in table.deadlines] == [Kind.WINDOW]  # the table as read has its window
    assert window_rows(h.store) == 0  # ... but no row holds it
    version = table.version
    h.advance(2.5)  # the first windows settle what the board shows ...
    with writes(h.store) as seen:
        h.advance(10)  # ... and the next ten show nothing new
    window = h.store.rows.held.window(t)
    assert window is not None and h.clock.now() < window.due <= h.clock.now() + CONFIG.window_seconds
    assert seen == []
    assert h.table(t).version == version
    assert h.play(ANN, t, _a_move(h, t)).ok  # still playable


def _a_move(h: Harness, t: int) -> str:
    from core import load_game

    state = h.table(t).state
    assert state is not None
    return load_game(state).moves("0")[0]


def test_a_restart_after_a_kill_opens_every_live_games_window_again(tmp_path):
    url = fresh_url("sqlite", tmp_path)
    h, t = a_live_game(url)
    h.advance(3)
    moves = len(h.log(t))
    # killed: the windows in its memory are lost (the next process finds no row of them)
    assert window_rows(h.store) == 0
    store = SqlStore(url)
    service = bootstrap(store, RecordingNotifier(), h.clock, CONFIG, seed=1)
    loop = asyncio.new_event_loop()
    due = loop.run_until_complete(service.firing.next_due())
    assert due is not None and due <= h.clock.now()  # the window is made again, due at once
    assert loop.run_until_complete(service.firing.tick()) >= 1
    window = store.rows.held.window(t)
    assert window is not None and window.due > h.clock.now()  # ... and it closed, arming the next
    for _ in range(30):  # the game goes on: the computer plays on what the windows show
        h.clock.advance(1)
        loop.run_until_complete(service.firing.tick())
    assert len(loop.run_until_complete(store.moves(t))) > moves
    loop.run_until_complete(store.close())


def test_a_clean_stop_hands_its_deadlines_to_the_next_process(tmp_path):
    url = fresh_url("sqlite", tmp_path)
    h, t = a_live_game(url)
    h.advance(2.5)
    held = h.store.rows.held.of(t)
    assert sorted(d.kind for d in held) == [Kind.COMPUTER, Kind.WINDOW]  # the window and the computer's look
    assert window_rows(h.store) == 0
    h.run(h.store.close())
    assert window_rows(h.store) == 1  # written as it stopped (the look too)
    store = SqlStore(url)
    loop = asyncio.new_event_loop()
    assert loop.run_until_complete(store.next_due()) == min(d.due for d in held)
    assert store.rows.held.of(t) == held  # the same deadlines, not made again
    assert window_rows(store) == 0  # taken into memory
    loop.run_until_complete(store.close())


def test_a_game_set_aside_holds_nothing_and_taken_back_gets_its_window_again(tmp_path):
    url = fresh_url("sqlite", tmp_path)
    h, t = a_live_game(url)
    h.advance(2)
    h.run(h.store.set_aside(t, "a bug"))
    assert h.store.rows.held.of(t) == ()  # nothing of it fires meanwhile
    h.advance(5)
    moves = len(h.log(t))
    assert h.run(h.store.retry(t))  # (as `cardbot tables --retry` would, from any process)
    h.advance(10)
    assert h.store.rows.held.window(t) is not None and window_rows(h.store) == 0  # the row taken into memory
    assert len(h.log(t)) > moves  # the game goes on


def test_deadlines_due_at_the_same_moment_are_all_held_and_due_earliest_first() -> None:
    """Two computers whose reaction time has passed since the board was drawn both look at `now`
    (bot/running.py `arm_real_time`), and on a clock that has not moved a window falls due with
    them: each is held and fires (the held deadlines' heap once compared them: TypeError)."""
    held = HeldDeadlines()
    window, look, other_look = (
        Deadline(7, Kind.WINDOW, 100.0),
        Deadline(7, Kind.COMPUTER, 100.0, seat=1),
        Deadline(7, Kind.COMPUTER, 100.0, seat=2),
    )
    held.put(7, (window, look, other_look))
    held.put(3, (Deadline(3, Kind.WINDOW, 100.0),))
    held.put(7, (window, look, replace(other_look, due=101.0)))  # one of them armed again
    assert held.next_due() == 100.0
    assert [(d.table_id, d.kind, d.seat) for d in held.due(100.0, 10)] == [
        (3, Kind.WINDOW, None),
        (7, Kind.COMPUTER, 1),
        (7, Kind.WINDOW, None),
    ]
    held.put(7, ())
    held.put(3, ())
    assert held.next_due() is None
