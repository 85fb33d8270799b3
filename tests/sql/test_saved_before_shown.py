"""Nobody hears of a change before it is committed (DESIGN.md, "Nothing lost"): every screen the
service hands the notifier, of a press or of a deadline, shows a table version the database file
already holds, read by a connection of its own at the moment of drawing. Whole games of each kind
are played on a real SQLite file, whose saves are written at the end of a change (and with other
changes' saves): a redraw moved before the save or the commit draws a version not yet stored."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from bot.notifier import RecordingNotifier
from bot.people import ChatRef
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.ui.screen import Screen
from tests.bot.harness import ANN, BOB, CY, Harness
from tests.sql.databases import sql_store


class StoredFirst(RecordingNotifier):
    """Checks, as each screen is shown, that its table's version is committed in the file."""

    def __init__(self, path: str) -> None:
        super().__init__()
        self.path = path
        self.checked = 0
        self.ahead: list[tuple[int, int, int | None]] = []  # (table, version shown, version stored)

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        with sqlite3.connect(self.path) as conn:  # (a reader: sees what is committed, nothing else)
            for s in screens:
                if s.table_id and s.version:
                    stored = conn.execute("SELECT version FROM tables WHERE id = ?", (s.table_id,)).fetchone()
                    self.checked += 1
                    if stored is None or stored[0] < s.version:
                        self.ahead.append((s.table_id, s.version, None if stored is None else stored[0]))
        conn.close()
        await super().show(chat, screens)


def harness(tmp_path: Path, config: ServiceConfig, seed: int) -> tuple[Harness, StoredFirst]:
    store = sql_store("sqlite", tmp_path)
    notifier = StoredFirst(store.url.removeprefix("sqlite:///"))
    return Harness(config, seed=seed, notifier=notifier, store=store), notifier


def test_a_svolota_game_shows_only_committed_versions(tmp_path: Path) -> None:
    h, seen = harness(tmp_path, ServiceConfig(computer_think=0.5), seed=3)
    t = h.open(ANN, "svolota").table_id
    h.press(BOB, t, "Join")
    h.press(ANN, t, "+ Computer")
    h.press(ANN, t, "Start")
    pressed = 0
    while h.table(t).status.open and pressed < 400:  # people press the first move on their panel
        for actor in (ANN, BOB):
            panel = h.notifier.last(t, actor.person, "panel")
            token = next((b.token for row in (panel.buttons if panel else ()) for b in row if b.token), None)
            if token and h.press_token(actor, token, None).ok:
                pressed += 1
        h.advance(1, step=0.5)
    assert h.table(t).status is Status.FINISHED, "the game did not end"
    assert pressed > 5 and seen.checked > 50
    assert seen.ahead == []


def test_real_time_games_show_only_committed_versions(tmp_path: Path) -> None:
    h, seen = harness(tmp_path, ServiceConfig(idle_seconds=3), seed=5)
    speed = h.open(ANN, "speed").table_id
    h.press(BOB, speed, "Join")
    demon = h.open(CY, "racing_demon", chat=ChatRef("test", "chat-2")).table_id
    h.press(CY, demon, "+ Computer")
    h.advance(4000, step=1)
    assert not h.table(speed).status.open and not h.table(demon).status.open
    assert seen.checked > 50
    assert seen.ahead == []
