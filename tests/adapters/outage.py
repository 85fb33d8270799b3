"""A platform outage for the fake servers (tests/adapters/telegram/fake_api.py,
tests/adapters/discord/fake_discord.py): while it lasts, every request is answered with a server
error, or held unanswered until the client gives up (or the outage ends), in turn.

A held request never reaches the platform's back end (a front end that stopped forwarding): it is
not carried out, so a client that tries it again makes one message, not two. Either way the fake
records the request with the status it got (`HELD` for a held one), and `met`/`held` count them.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from bot.commands import Command, Press
from bot.deadlines import Deadline
from bot.observers import Observer
from bot.tokens import decode
from bot.ui.screen import Reply, Screen

HELD = 504  # the status a held request is recorded with (and answered, if its client still waits)


@dataclass
class Outage:
    statuses: tuple[int, ...] = (500,)  # the server errors answered, in turn
    hold: int = 0  # every `hold`th request is held instead (0: none)
    met: int = 0  # requests that met the outage
    held: int = 0  # ... of which were held
    _over: asyncio.Event = field(default_factory=asyncio.Event)

    async def meet(self) -> int:
        """The status the request is answered with, once the outage has done with it."""
        self.met += 1
        if self.hold and self.met % self.hold == 0:
            self.held += 1
            await self._over.wait()  # (cancelled when the client gives up first)
            return HELD
        return self.statuses[self.met % len(self.statuses)]

    def end(self) -> None:
        """The platform is back: held requests are let go (answered HELD, never carried out)."""
        self._over.set()


class Witness(Observer):
    """What the service did during a drill, as its observers tell it: the presses of a move it
    accepted (a move the store must log), and the deadlines it fired."""

    def __init__(self) -> None:
        self.accepted: list[str] = []  # the presser's id, a press at a time
        self.deadlines: list[tuple[Deadline, int | None, float]] = []  # (deadline, acted, fired at)

    def answered(self, command: Command, reply: Reply, seconds: float, refusal: str | None) -> None:
        token = decode(command.token) if isinstance(command, Press) else None
        if token is not None and token.action == "move" and refusal is None:
            assert isinstance(command, Press)
            self.accepted.append(command.actor.person.user_id)

    def fired(self, deadline: Deadline, acted: int | None, started: float, seconds: float) -> None:
        self.deadlines.append((deadline, acted, started))

    def fired_between(self, start: float, end: float) -> list[Deadline]:
        """The deadlines due in [start, end) that were fired here and acted."""
        return [d for d, acted, _ in self.deadlines if acted and start <= d.due < end]


class Asked:
    """The newest table version the service asked the notifier to draw, by (table, audience: ""
    the chat, else the person's id): what a board or panel must show once the platform is back.
    (A real-time board is drawn once a window, so the table's own version may be ahead of it.)"""

    def __init__(self, notifier: Any) -> None:
        self.versions: dict[tuple[int, str], int] = {}
        show = notifier.show

        async def noted(chat: Any, screens: list[Screen]) -> None:
            for screen in screens:
                key = (screen.table_id, screen.audience.user_id if screen.audience else "")
                self.versions[key] = max(self.versions.get(key, 0), screen.version)
            await show(chat, screens)

        notifier.show = noted


PRESS_EVERY = 10  # seconds of the clock between two rounds of presses while the platform is down


@dataclass(frozen=True)
class Ridden:
    """What happened while the platform was down."""

    real_seconds: float
    presses: int  # made by people meanwhile
    moved: int  # moves logged meanwhile
    fired: list[Deadline]  # deadlines fired meanwhile


async def ride_out(
    bot: Any,
    witness: Witness,
    table_id: int,
    seconds: float,
    step: float,
    pause: float,
    press_everyone: Callable[[], Awaitable[int]],
    end: Callable[[], None],
) -> Ridden:
    """`seconds` of the bot's clock with the platform down, moved `step` at a time (`pause` real
    seconds between), people pressing every PRESS_EVERY seconds (`press_everyone`: how many
    pressed); then no deadline due in that time is left unfired, and the outage ends (`end`)."""
    clock, store = bot.clock, bot.store
    moves_before = len(await store.moves(table_id))
    real_start, start = time.monotonic(), clock.now()
    presses = 0
    while clock.now() - start < seconds:
        if round(clock.now() - start) % PRESS_EVERY == 0:
            presses += await press_everyone()
        await bot.advance(step)
        await asyncio.sleep(pause)
    down = clock.now()
    due = await bot.service.firing.next_due()
    assert due is None or due > down, "a deadline due during the outage was not fired"
    moved = len(await store.moves(table_id)) - moves_before
    fired = witness.fired_between(start, down)
    end()
    return Ridden(time.monotonic() - real_start, presses, moved, fired)


def nothing_lost(ridden: Ridden, log: list[Any], witness: Witness) -> None:
    """No deadline due in the outage skipped (`ride_out` checked) or fired twice; every move the
    service accepted from a press is in the game's `log`, and no other person's move; the game went
    on without the platform."""
    keys = [(d.kind, d.due, d.seat, d.version) for d in ridden.fired]
    assert ridden.fired and len(keys) == len(set(keys)), keys
    assert sum(1 for m in log if m.by == "person") == len(witness.accepted)
    assert ridden.moved > 0
