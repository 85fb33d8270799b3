"""Where the service is put together: every part made once, each handed only what it uses, and
the registry of which part handles which command. Adapters, tests and benchmarks build a service
here; nothing else constructs the parts."""

from __future__ import annotations

import logging

from bot.changer import Changer
from bot.chat_commands import ChatCommands
from bot.chats import Chats
from bot.clock import Clock
from bot.commands import (  # quick match (issue #38)
    Cancel,
    Challenge,
    ChangeSettings,
    CreateTournament,
    Forget,
    Kick,
    Leaderboard,
    LeaveQueue,
    Link,
    ManageTournament,
    Notify,
    Open,
    Play,
    Press,
    QuickMatch,
    SetLanguage,
    SetLook,
    Stats,
    Unlink,
)
from bot.community import Community
from bot.drawing import Drawing
from bot.failures import Failures
from bot.firing import Firing
from bot.forgetter import Forgetter, is_forget_press
from bot.linker import Linker
from bot.locks import KeyedLocks
from bot.looks import Looks
from bot.match_screens import MatchScreens
from bot.notifier import Notifier
from bot.observers import Observers
from bot.openings import Openings
from bot.quick_match import QuickMatches, is_queue_press
from bot.saver import Saver
from bot.service import Handler, Service
from bot.settings import ServiceConfig
from bot.store import Store
from bot.table_actions import TableActions
from bot.thinking import Thinker
from bot.tournaments import Tournaments, is_tournament_press
from bot.trouble import Outage
from bot.ui.screen import Reply


def bootstrap(
    store: Store,
    notifier: Notifier,
    clock: Clock,
    config: ServiceConfig | None = None,
    seed: int | None = None,
    platform: str | None = None,
) -> Service:
    """A service on these ports. `seed`: deal the same games again (tests, the console; None: a
    fresh random deal each game). `platform`: the chats whose tables this process draws and whose
    deadlines it fires, when processes of several platforms share a database (None: every table)."""
    config = config or ServiceConfig()
    notifier = MatchScreens(notifier)  # a quick match's board in its people's private places (issue #38)
    observers = Observers()
    outage = Outage(logging.getLogger("bot.service"))
    chats = Chats(store, clock)
    looks = Looks(store, outage, clock)
    locks = KeyedLocks()
    saver = Saver(config)
    failures = Failures(store, chats, notifier, clock, outage, observers)
    drawing = Drawing(store, notifier, chats, looks, clock, config, platform, observers)
    changer = Changer(store, locks, saver, drawing, looks, failures, observers)
    firing = Firing(
        store, locks, changer, saver, drawing, chats, Thinker(), failures, clock, config, platform, observers
    )
    tables = TableActions(changer, chats, clock, config, seed)
    openings = Openings(store, changer, drawing, notifier, chats, clock, config, observers)
    chat_commands = ChatCommands(store, chats, looks, clock, config)
    community = Community(store, changer, notifier, chats, looks, clock, config, platform)
    forgetter = Forgetter(store, chats, looks)
    quick = QuickMatches(store, drawing, notifier, chats, clock, config, observers, seed)
    linker = Linker(store, chats, clock, saver.rating_writes)  # (/link: bot/account_links.py)
    # tournaments (issue #38): told of every commit (a table of theirs that closes), run by the scheduler
    tournaments = Tournaments(store, changer, drawing, notifier, chats, clock, config, seed, platform, observers)
    observers.add(tournaments)

    async def press(cmd: Press) -> Reply:
        """A table's button, /forget's confirmation, a quick-match queue's or a tournament's board
        (which name no table)."""
        if is_queue_press(cmd):
            return await quick.press(cmd)
        if is_tournament_press(cmd):
            return await tournaments.press(cmd)
        return await (forgetter.press if is_forget_press(cmd) else tables.press)(cmd)

    handlers: dict[type, Handler] = {
        Press: press,
        Play: tables.play,
        Open: openings.open,
        Challenge: openings.challenge,
        Cancel: openings.cancel,
        ChangeSettings: chat_commands.change_settings,
        SetLanguage: chat_commands.set_language,
        SetLook: chat_commands.set_look,
        Notify: chat_commands.notify,
        Leaderboard: chat_commands.leaderboard,
        Stats: chat_commands.stats,
        Kick: community.kick,
        Forget: forgetter.forget,
        QuickMatch: quick.join,
        LeaveQueue: quick.leave,
        Link: linker.link,
        Unlink: linker.unlink,
        CreateTournament: tournaments.create,
        ManageTournament: tournaments.manage,
    }
    return Service(
        handlers,
        store=store,
        notifier=notifier,
        clock=clock,
        config=config,
        platform=platform,
        chats=chats,
        looks=looks,
        drawing=drawing,
        firing=firing,
        community=community,
        failures=failures,
        locks=locks,
        observers=observers,
        quick=quick,
        tournaments=tournaments,
    )
