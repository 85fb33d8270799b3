"""The service with an in-memory store, a fake clock and a recording notifier, driven like a chat."""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import Any

from sqlalchemy import text

from adapters.sql.engine import make_engine
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Cancel, Challenge, ChangeSettings, Open, Play, Press
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import ServiceConfig
from bot.store import Store
from bot.tables import LoggedMove, Status, Table
from bot.tokens import decode
from bot.ui.screen import Button, Reply, Screen

CHAT = ChatRef("test", "chat-1")

# The store a new Harness gets; tests/bot/conftest.py swaps in a real SQLite one for the service suites.
make_store: Callable[[], Store] = MemoryStore


def person(name: str, admin: bool = False, lang: str | None = None) -> Actor:
    return Actor(PersonRef("test", name.lower()), name, lang=lang, admin=admin)


ANN, BOB, CY, DAN = person("Ann"), person("Bob"), person("Cy"), person("Dan")


class Harness:
    def __init__(
        self,
        config: ServiceConfig | None = None,
        seed: int = 1,
        notifier: RecordingNotifier | None = None,
        store: Store | None = None,
    ) -> None:
        self.clock = FakeClock()
        self.notifier = notifier or RecordingNotifier()
        self.store = store or make_store()
        self.service = bootstrap(self.store, self.notifier, self.clock, config, seed=seed)
        self.loop = asyncio.new_event_loop()

    def run(self, coro: Any) -> Any:
        return self.loop.run_until_complete(coro)

    # ----- commands -------------------------------------------------------------------------

    def open(self, actor: Actor, game: str, chat: ChatRef = CHAT, **options: Any) -> Reply:
        return self.run(self.service.handle(Open(chat, actor, game, options)))

    def challenge(self, actor: Actor, game: str, *targets: Actor, fill: bool = False, chat: ChatRef = CHAT) -> Reply:
        pairs = tuple((t.person, t.name) for t in targets)
        return self.run(self.service.handle(Challenge(chat, actor, game, pairs, fill_with_computers=fill)))

    def press_token(self, actor: Actor, token: str, where: ChatRef | str | None = "its chat") -> Reply:
        """Press a button in the table's own chat (or `where`: another chat, or None for a private panel)."""
        if where == "its chat":
            decoded = decode(token)
            table = self.run(self.service.store.load(decoded.table_id)) if decoded else None
            where = table.chat if table else CHAT
        assert not isinstance(where, str)
        return self.run(self.service.handle(Press(actor, token, where=where)))

    def press(self, actor: Actor, table_id: int, label: str) -> Reply:
        """Press the button whose label contains `label` on the table's public screen."""
        return self.press_token(actor, self.button(table_id, label).token or "")

    def play(self, actor: Actor, table_id: int, move: str) -> Reply:
        """A move typed in the person's private chat (judged for their own seat)."""
        return self.run(self.service.handle(Play(actor, table_id, move)))

    def cancel(self, actor: Actor, chat: ChatRef = CHAT) -> Reply:
        return self.run(self.service.handle(Cancel(chat, actor)))

    def setting(self, actor: Actor, name: str, value: Any, game: str | None = None) -> Reply:
        return self.run(self.service.handle(ChangeSettings(CHAT, actor, name, value, game)))

    # ----- time -----------------------------------------------------------------------------

    def advance(self, seconds: float, step: float = 0.25) -> None:
        """Let time pass, firing deadlines as they fall due."""
        end = self.clock.now() + seconds
        # (the earliest due time read after a tick is the next step's: nothing is written between,
        # and one read a step fewer is a third of a SQL store's reads in a whole game)
        due = self.run(self.service.firing.next_due())
        while due is not None and due <= end:
            self.clock.advance(max(0.0, due - self.clock.now()))
            self.run(self.service.firing.tick())
            after = self.run(self.service.firing.next_due())
            if after == due:  # held back (a table resting after a failure)
                self.clock.advance(min(step, max(0.0, end - self.clock.now())))
                if self.clock.now() >= end:
                    break
            due = after
        self.clock.advance(max(0.0, end - self.clock.now()))

    def spoil(self, table_id: int) -> None:
        """Make the table's saved game unreadable (as a bug or a bad upgrade could)."""
        broken = '{"game": "svolota", "broken": true}'
        if isinstance(self.store, MemoryStore):
            table = self.table(table_id)
            table.state = broken
            self.store._rows[table_id] = json.dumps(table.to_dict())
            self.store._tables[table_id] = table
            return
        engine = make_engine(self.store.url)  # type: ignore[attr-defined]
        with engine.begin() as conn:
            conn.execute(text("UPDATE tables SET state = :broken WHERE id = :id"), {"broken": broken, "id": table_id})
        engine.dispose()
        self.store.rows.forget(table_id)  # type: ignore[attr-defined]  # (SQLite: its own copy of the table)

    # ----- what people see ------------------------------------------------------------------

    def table(self, table_id: int) -> Table:
        table = self.run(self.store.load(table_id))
        assert table is not None
        return table

    def log(self, table_id: int) -> list[LoggedMove]:
        return self.run(self.store.moves(table_id))

    def screen(self, table_id: int, actor: Actor | None = None, slot: str | None = None) -> Screen:
        screen = self.notifier.last(table_id, None if actor is None else actor.person, slot)
        assert screen is not None, "no screen drawn"
        return screen

    def button(self, table_id: int, label: str, actor: Actor | None = None) -> Button:
        screen = self.screen(table_id, actor, "panel" if actor else "table")
        for row in screen.buttons:
            for b in row:
                if label in b.label:
                    return b
        raise AssertionError(f"no button {label!r} in {[b.label for r in screen.buttons for b in r]}")

    def notifications(self) -> int:
        return len(self.notifier.calls)


# ----- whole games, for tests that check every screen a real game draws -----------------------


def played_out(h: Harness, table_id: int, seconds: float = 4000) -> Harness:
    h.advance(seconds, step=1)
    assert not h.table(table_id).status.open, "the game did not end"
    return h


def a_svolota_game(players: int) -> Harness:
    """A Svolota game of `players` seats (people, then computers) played to its end."""
    h = Harness(ServiceConfig(computer_think=0.5), seed=players)
    t = h.open(ANN, "svolota").table_id
    for person in (BOB, CY, DAN)[: players - 1]:
        h.press(person, t, "Join")
    while len(h.table(t).seats) < players:
        h.press(ANN, t, "+ Computer")
    if h.table(t).status is Status.LOBBY:
        h.press(ANN, t, "Start")
    return played_out(h, t)


def a_speed_game() -> Harness:
    h = Harness(ServiceConfig(idle_seconds=3), seed=5)
    t = h.open(ANN, "speed").table_id
    h.press(BOB, t, "Join")
    return played_out(h, t)


def a_racing_demon_round_of_eight() -> Harness:
    h = Harness(ServiceConfig(idle_seconds=3), seed=8)
    t = h.open(ANN, "racing_demon").table_id
    for person in (BOB, CY, DAN):
        h.press(person, t, "Join")
    for _ in range(4):
        h.press(ANN, t, "+ Computer")
    return played_out(h, t)


def counting_reads(store: Store, method: str, monkeypatch: Any) -> list[PersonRef]:
    """The people `store.<method>` (person_lang, person_look) is asked about, in order."""
    asked: list[PersonRef] = []
    read = getattr(store, method)

    async def counted(who: PersonRef) -> str | None:
        asked.append(who)
        result: str | None = await read(who)
        return result

    monkeypatch.setattr(store, method, counted)
    return asked
