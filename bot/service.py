"""The service: every command in, one answer out.

It is a router: `handlers` maps each command type to the handler that owns it (built in one place,
bot/bootstrap.py, where each handler is handed only what it uses), and `handle` runs it. Every
command gets an answer: a refusal says why, in the sender's language; a store that cannot write
asks to try again; anything unexpected is logged once and answered with a generic refusal.

The handlers and what they hold:
- bot/table_actions.py: a table's buttons and moves (`Press`, `Play`);
- bot/openings.py: a new lobby or challenge, cancelling (`Open`, `Challenge`, `Cancel`);
- bot/chat_commands.py: a chat's settings, a person's language and look, `/notify`, leaderboards
  and stats;
- bot/community.py: removing someone (`Kick`), and a season's podiums (for the scheduler);
- bot/tournaments.py: tournaments (`CreateTournament`, `ManageTournament`, their boards' presses)
  and their runner (for the scheduler).
Each change of a table goes through bot/changer.py (lock, load, change, save, commit, redraw);
deadlines through bot/firing.py (driven by bot/scheduler.py); drawing through bot/drawing.py.

Its parts that adapters use directly are attributes: `chats` (a chat's settings, a person's
language), `looks`, `drawing` (`restore` on start), `firing` and `community` (the scheduler's),
`observers` (metrics and the live table attach there), and the ports it was built on.
"""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import Any

from bot.chats import Chats
from bot.clock import Clock
from bot.commands import Command, Play, Press
from bot.community import Community
from bot.drawing import Drawing
from bot.failures import Failures
from bot.firing import Firing
from bot.i18n import LANGUAGES, translator
from bot.locks import KeyedLocks
from bot.looks import Looks
from bot.notifier import Notifier
from bot.observers import Observers
from bot.people import Actor
from bot.quick_match import QuickMatches
from bot.refusals import Refused
from bot.settings import ServiceConfig
from bot.store import Store, StoreUnavailable
from bot.tokens import NO_TABLE, decode
from bot.tournaments import Tournaments
from bot.ui.screen import Reply
from core import IllegalMove

log = logging.getLogger(__name__)
MAX_REFUSAL = 200  # characters: a refusal is a toast (Telegram's callback answer holds 200)

Handler = Callable[[Any], Awaitable[Reply]]


@dataclass(eq=False)
class Service:
    handlers: Mapping[type[Any], Handler]  # command type -> the handler that owns it
    # the ports it was built on
    store: Store
    notifier: Notifier
    clock: Clock
    config: ServiceConfig
    platform: str | None  # the chats whose tables this process draws and fires (None: every table)
    # its parts (bot/bootstrap.py)
    chats: Chats
    looks: Looks
    drawing: Drawing
    firing: Firing
    community: Community
    failures: Failures
    locks: KeyedLocks  # one per table while it is changed
    observers: Observers
    tournaments: Tournaments  # the tournaments' runner (the scheduler's), bot/tournaments.py
    quick: QuickMatches  # quick match's queues (issue #38): its matcher ticks beside the scheduler

    async def handle(self, command: Command) -> Reply:
        started = time.perf_counter()
        refusal: IllegalMove | None = None
        try:
            handler = self.handlers.get(type(command))
            if handler is None:
                raise TypeError(f"not a command: {command!r}")
            reply = await handler(command)
        except Refused as refused:
            refusal = refused
        except StoreUnavailable as e:
            self.failures.outage.note(e)
            refusal = Refused("can't save right now: try again in a moment")
        except Exception as e:
            table_id = _table_named(command)
            first = self.failures.first(table_id)
            log.error("%s failed on table %s: %r", type(command).__name__, table_id, e, exc_info=first)
            await self.failures.failed(table_id, e)
            refusal = Refused("something went wrong; nothing was changed")
        if refusal is not None:
            reply = await self._refused(command.actor, refusal)
        template = refusal.template if refusal is not None else None
        self.observers.answered(command, reply, time.perf_counter() - started, template)
        return reply

    async def _refused(self, actor: Actor, refusal: IllegalMove) -> Reply:
        try:
            lang = await self.chats.lang_of(actor)
        except Exception:  # the store is down: the person's own language, else English
            lang = actor.lang if actor.lang in LANGUAGES else "en"
        text = translator(lang).illegal(refusal)
        return Reply(text if len(text) <= MAX_REFUSAL else text[: MAX_REFUSAL - 1] + "…", ok=False)


def _table_named(command: Command) -> int | None:
    """The table a command is about, if it names one."""
    match command:
        case Press():
            token = decode(command.token)
            return token.table_id if token and token.table_id != NO_TABLE else None
        case Play():
            return command.table_id
    return None
