"""A tournament driven through the real service (tests/bot/harness.py) on a fake clock: its commands,
its board's buttons, and time passing with the scheduler's two jobs (the tables' deadlines, the
tournaments' ticks)."""

from __future__ import annotations

from typing import Any

from bot.commands import CreateTournament, ManageTournament, Press
from bot.people import Actor, ChatRef
from bot.tournament import Tournament
from bot.ui.screen import Reply, Screen
from tests.bot.harness import CHAT, Harness, person

ADMIN = person("Zed", admin=True)


def create(h: Harness, actor: Actor = ADMIN, game: str = "speed", fmt: str = "swiss", **fields: Any) -> Reply:
    fields.setdefault("signup_minutes", 5)
    return h.run(h.service.handle(CreateTournament(fields.pop("chat", CHAT), actor, game, fmt, **fields)))


def manage(h: Harness, action: str, name: str = "", actor: Actor = ADMIN, chat: ChatRef = CHAT) -> Reply:
    return h.run(h.service.handle(ManageTournament(chat, actor, action, name=name)))


def board(h: Harness) -> Screen:
    for _, screens in reversed(h.notifier.calls):
        for s in screens:
            if s.table_id < 0 and s.slot == "tournament":
                return s
    raise AssertionError("no tournament board drawn")


def press(h: Harness, actor: Actor, label: str, where: ChatRef | None = CHAT, screen: Screen | None = None) -> Reply:
    """Press the board's button whose label holds `label` (of `screen`: an older board's, stale)."""
    shown = screen or board(h)
    token = next(b.token for row in shown.buttons for b in row if label in b.label)
    assert token is not None
    return h.run(h.service.handle(Press(actor, token, where=where)))


def tournament(h: Harness, tid: int | None = None) -> Tournament:
    t = h.run(h.store.load_tournament(tid if tid is not None else -board(h).table_id))
    assert t is not None
    return t


def screens_of(h: Harness, slot_start: str) -> list[Screen]:
    return [s for _, shown in h.notifier.calls for s in shown if s.table_id < 0 and s.slot.startswith(slot_start)]


def play_on(h: Harness, seconds: float, step: float = 2.0) -> None:
    """Let time pass: the tables' deadlines fire as they fall due, the tournaments tick after each step."""
    end = h.clock.now() + seconds
    while h.clock.now() < end:
        h.advance(min(step, end - h.clock.now()))
        h.run(h.service.tournaments.tick())


def until_over(h: Harness, tid: int, most: float = 20_000, step: float = 2.0) -> Tournament:
    """Play on until the tournament is over (or `most` seconds went by: then it failed to end)."""
    end = h.clock.now() + most
    while h.clock.now() < end:
        play_on(h, 30, step)
        t = tournament(h, tid)
        if not t.stage.open:
            return t
    raise AssertionError(f"the tournament did not end: {tournament(h, tid)}")
