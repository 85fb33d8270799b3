"""The service: one entry point for commands, one for deadlines; per-table locking; save before
anyone hears about a change; screens out through the notifier.

A game that finishes takes its results and its people's new ratings (bot/ratings.py) into the
same save as the table (`table.outcome`); leaderboards and stats are read from the store.

Every change goes the same way: lock the table, load it, check who may do what, change it, save it
(version + 1, with its deadlines), then redraw. A refusal changes nothing and is answered privately.
What each button does to a table is in bot/table_actions.py; the commands about a chat or a
person rather than a table (settings, language, look, leaderboard, stats) in bot/chat_commands.py;
drawing tables in bot/drawing.py.

Screens for one person (their panels) are drawn in the look they chose, where they chose one
(bot/looks.py); the chat's screens in the chat's look.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections.abc import Awaitable, Callable
from typing import Any, NamedTuple

from bot import achievements, lobby, ratings, recap, running, seasons
from bot.chat_commands import ChatCommands
from bot.clock import Clock
from bot.commands import (
    Cancel,
    Challenge,
    ChangeSettings,
    Command,
    Kick,
    Leaderboard,
    Notify,
    Open,
    Play,
    Press,
    SetLanguage,
    SetLook,
    Stats,
)
from bot.community import Community
from bot.deadlines import Deadline, Kind
from bot.drawing import Drawing
from bot.firing import Firing
from bot.games import game_info
from bot.i18n import LANGUAGES, translator
from bot.locks import KeyedLocks
from bot.looks import Looks
from bot.notifier import Notifier
from bot.people import Actor, ChatRef
from bot.refusals import Refused
from bot.screens.model import Reply
from bot.screens.words import GAME_NAMES
from bot.settings import ChatSettings, ServiceConfig
from bot.store import Changes, Store, StoreUnavailable
from bot.table_actions import TableActions, Work
from bot.tables import Invite, LoggedMove, Seat, Status, Table
from bot.thinking import Thinker
from bot.tokens import decode
from bot.trouble import Outage, Trouble
from core import IllegalMove, game_class
from core.options import resolve_options

log = logging.getLogger(__name__)
Change = Callable[[Table, Work], Awaitable[Reply | None]]
SETTINGS_TTL = 10.0  # seconds a chat's settings are used before they are read again

MAX_REFUSAL = 200  # characters: a refusal is a toast (Telegram's callback answer holds 200)


class Service(Drawing, Firing, TableActions, ChatCommands, Community):
    def __init__(
        self,
        store: Store,
        notifier: Notifier,
        clock: Clock,
        config: ServiceConfig | None = None,
        seed: int | None = None,
        platform: str | None = None,
    ) -> None:
        """`platform`: the chats whose tables this process draws and whose deadlines it fires,
        when processes of several platforms share a database (None: every table)."""
        self.store = store
        self.platform = platform
        self.notifier = notifier
        self.clock = clock
        self.config = config or ServiceConfig()
        self.seed = seed
        self._locks = KeyedLocks()  # one per table being changed
        self._trouble = Trouble()
        self._outage = Outage(log)
        self.thinker = Thinker()
        self._settings_cache: dict[tuple[str, str], tuple[float, ChatSettings]] = {}
        self.looks = Looks(store, self._outage)
        self._ratings_lock = asyncio.Lock()  # one game's ratings read, computed and saved at a time
        # told (table id, version) after every committed change, drawn in chat or not (a live table)
        self.watch: Callable[[int, int], None] | None = None
        self._season_seen: str | None = None  # the season whose start was announced (announce_seasons)

    # ----- commands -------------------------------------------------------------------------

    async def handle(self, command: Command) -> Reply:
        """Every command gets an answer: a refusal says why; a store that cannot write asks to try
        again; anything unexpected is logged once and answered with a generic refusal."""
        try:
            return await self._handle(command)
        except Refused as refusal:
            return await self._refusal(command.actor, refusal)
        except StoreUnavailable as e:
            self._outage.note(e)
            return await self._refusal(command.actor, Refused("can't save right now: try again in a moment"))
        except Exception as e:
            table_id = _table_named(command)
            log.error("%s failed on table %s: %r", type(command).__name__, table_id, e, exc_info=self._first(table_id))
            if table_id is not None:
                await self._failed(table_id, e)
            return await self._refusal(command.actor, Refused("something went wrong; nothing was changed"))

    async def _handle(self, command: Command) -> Reply:
        match command:
            case Press():
                return await self._press(command)
            case Play():
                move = lambda t, work: self._move(t, command, work)  # noqa: E731
                return await self._change(command.table_id, command.actor, move, command.once)
            case Open():
                return await self._open(command)
            case Challenge():
                return await self._challenge(command)
            case Cancel():
                return await self._cancel(command)
            case ChangeSettings():
                return await self._settings(command)
            case SetLanguage():
                return await self._set_language(command)
            case SetLook():
                return await self._set_look(command)
            case Leaderboard():
                return await self._leaderboard(command)
            case Stats():
                return await self._stats(command)
            case Kick():
                return await self._kick(command)
            case Notify():
                return await self._notify(command)
        raise TypeError(f"not a command: {command!r}")

    async def _refusal(self, actor: Actor, refusal: IllegalMove) -> Reply:
        try:
            lang = await self.lang_of(actor)
        except Exception:  # the store is down: the person's own language, else English
            lang = actor.lang if actor.lang in LANGUAGES else "en"
        text = translator(lang).illegal(refusal)
        return Reply(text if len(text) <= MAX_REFUSAL else text[: MAX_REFUSAL - 1] + "…", ok=False)

    async def lang_of(self, actor: Actor, chat: ChatRef | None = None) -> str:
        own = await self.store.person_lang(actor.person)
        if own:
            return own
        if actor.lang in LANGUAGES:
            return actor.lang
        return (await self.chat_settings(chat)).lang if chat else "en"

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        """The chat's settings, read at most every SETTINGS_TTL seconds (every change and redraw
        needs them; a change made by another process shows within that time). Not to be changed."""
        key = (chat.platform, chat.chat_id)
        cached = self._settings_cache.get(key)
        if cached is not None and time.monotonic() - cached[0] < SETTINGS_TTL:
            return cached[1]
        settings = await self.store.chat_settings(chat)
        self._settings_cache[key] = (time.monotonic(), settings)
        return settings

    async def _save_settings(self, chat: ChatRef, settings: ChatSettings) -> None:
        await self.store.save_chat_settings(chat, settings)
        self._settings_cache[(chat.platform, chat.chat_id)] = (time.monotonic(), settings)

    async def _press(self, press: Press) -> Reply:
        token = decode(press.token)
        if token is None:
            raise Refused("that button is not one of ours")
        press_on = lambda t, work: self._button(t, work, press.actor, token, press.where)  # noqa: E731
        return await self._change(token.table_id, press.actor, press_on, press.once)

    async def _change(self, table_id: int, actor: Actor, change: Change, once: str | None = None) -> Reply:
        """Run `change` on the table under its lock, in one transaction; redraw once it is
        committed, if it changed anything. An update delivered again (`once` seen before by this
        open table) changes nothing: it was answered, or its person was, by the first delivery."""

        async def in_transaction(tx: Changes) -> Changed | None:
            table = await tx.load(table_id)
            if table is None:
                raise Refused("this table no longer exists")
            if table.stopped is not None:
                raise Refused("this game hit an error and was stopped")
            if once is not None and table.status.open and await tx.delivered(table_id, once):
                return None
            before, was_live, was = table.version, self._live(table), table.status
            work = Work(tx)
            reply = await change(table, work) or Reply()
            if table.version != before:
                if once is not None and table.status.open:
                    await tx.note_delivery(table_id, once)
                await self._save(tx, table, before, was)
            return Changed(table, reply, work, before, was_live)

        async with self._locks.hold(table_id):
            done = await self._transaction(in_transaction)
            if done is None:  # delivered again
                return Reply(table_id=table_id)
            table, reply, work, before, was_live = done
            if table.version != before:
                self._watched(table)
            if table.version != before and not (was_live and self._live(table)):
                await self.redraw(table)  # live real-time boards wait for the window
            elif work.panels and self._live(table):
                await self.redraw_panels(table, work.panels)  # ... but a mover sees their own move at once
            for other in work.redraw:
                self._watched(other)
                await self.redraw(other)
            for person, lang in work.removed:
                await self._tell_removed(table, person, lang)
            self._trouble.ok(table_id)
            return Reply(reply.text, reply.ok, tuple(await self.looks.applied(reply.screens)), table.id)

    async def _save(self, tx: Changes, table: Table, before: int, was: Status) -> None:
        """Save a changed table; a game that has just finished takes its results, its people's new
        ratings, achievements and tallies along, in the same step (its recap's key moments too)."""
        if table.status is not Status.FINISHED or was is Status.FINISHED:
            await tx.save(table, before)
            return
        log = [*await tx.moves(table.id), *table.unsaved]  # (the table's own: read before the lock)
        table.moments = recap.key_moments(table, log)
        async with self._ratings_lock:  # no other game's ratings change between reading and saving
            await tx.lock("ratings")  # ... in any process
            table.outcome = await self._outcome(tx, table, log)
            table.changes = ratings.changes(table.outcome)
            await tx.save(table, before)

    async def _outcome(self, tx: Changes, table: Table, log: list[LoggedMove]) -> ratings.Outcome:
        """Results, ratings (lifetime and season) and achievements of a game that has just
        finished (`log`: its whole move log), from what the store holds under the "ratings" lock."""
        season = seasons.season_of(table.updated_at, self.config.season_months)
        result = ratings.result_of(table, running.game_of(table), season)
        persons = [s.person for s in result.people if s.person is not None]
        current: list[ratings.Rating] = []
        if persons:
            for scope in ratings.scopes(table.chat, season):
                current += (await tx.ratings(table.game, scope, persons)).values()
        had = await tx.achievements(persons) if persons else {}
        tallies = await tx.tallies(persons) if persons else {}
        earned, counted = achievements.award(table, result, log, had, tallies)
        table.earned = achievements.awards(table, earned)
        return ratings.Outcome(result, tuple(ratings.rate(result, current)), tuple(earned), tuple(counted))

    @staticmethod
    def _live(table: Table) -> bool:
        return table.status is Status.PLAYING and game_info(table.game).real_time

    # ----- commands that start from a chat --------------------------------------------------

    async def _room_for_one_more(self, tx: Changes, chat: ChatRef) -> None:
        """Refuse a second open table in a chat that allows one; the chat stays locked until the
        transaction that saves the new table ends (two processes opening at once: one wins)."""
        settings = await self.chat_settings(chat)
        if not settings.many_tables:
            await tx.lock(f"chat:{chat.platform}:{chat.chat_id}")
            if await tx.open_tables(chat):
                raise Refused("there is already a game here: finish or cancel it first")

    def _check_game(self, game: str, options: dict[str, Any]) -> None:
        try:
            game_info(game)
        except ValueError:
            raise Refused("unknown game {game}", game=str(game)[:30]) from None
        try:  # a table that could never start is refused now, not when it starts
            resolve_options(game_class(game).declared_options, options)
        except ValueError as e:
            raise Refused("not a house rule: {reason}", reason=str(e)[:100]) from None

    async def _open(self, cmd: Open) -> Reply:
        """A lobby with the chat's house rules and computers' level for the game (the command's own
        rules over them); the people who asked (`/notify`) are pinged once it is shown."""
        self._check_game(cmd.game, cmd.options)
        settings = await self.chat_settings(cmd.chat)
        async with self.store.transaction() as tx:
            await self._room_for_one_more(tx, cmd.chat)
            now = self.clock.now()
            table = Table(
                id=await tx.new_table_id(),
                chat=cmd.chat,
                game=cmd.game,
                creator=cmd.actor.person,
                options={**settings.house_rules.get(cmd.game, {}), **cmd.options},
                level=settings.levels.get(cmd.game, "normal"),
                seats=[Seat(cmd.actor.name, cmd.actor.person, lang=cmd.actor.lang)],
                created_at=now,
                updated_at=now,
            )
            self._arm_lobby(table, now)
            await tx.save(table, -1)
        self._watched(table)
        await self.redraw(table)
        await self._ping(table, settings)
        return Reply(table_id=table.id)

    async def _challenge(self, cmd: Challenge) -> Reply:
        self._check_game(cmd.game, cmd.options)
        targets = [(p, n) for p, n in cmd.targets if p != cmd.actor.person]
        if not targets:
            raise Refused("name someone to challenge")
        if len(targets) + 1 > game_info(cmd.game).max_players:
            raise Refused("too many players for {game}", game=GAME_NAMES[cmd.game])
        async with self.store.transaction() as tx:
            await self._room_for_one_more(tx, cmd.chat)
            now = self.clock.now()
            table = Table(
                id=await tx.new_table_id(),
                chat=cmd.chat,
                game=cmd.game,
                creator=cmd.actor.person,
                status=Status.CHALLENGE,
                options=dict(cmd.options),
                seats=[Seat(cmd.actor.name, cmd.actor.person, lang=cmd.actor.lang)],
                invites=[Invite(p, n) for p, n in dict(targets).items()],
                fill_with_computers=cmd.fill_with_computers,
                created_at=now,
                updated_at=now,
            )
            table.arm(Deadline(table.id, Kind.CHALLENGE_EXPIRY, now + self.config.challenge_seconds))
            await tx.save(table, -1)
        self._watched(table)
        await self.redraw(table)
        return Reply(table_id=table.id)

    async def _cancel(self, cmd: Cancel) -> Reply:
        tables = await self.store.open_tables(cmd.chat)
        if not tables:
            raise Refused("there is no game here to cancel")

        async def cancel(table: Table, _work: Work) -> None:
            if not table.status.open:
                raise Refused("this game is over")
            lobby.may_cancel(table, cmd.actor)
            table.status = Status.CANCELLED
            table.deadlines = []
            table.bump(self.clock.now())

        newest = max(tables, key=lambda t: t.id)
        return await self._change(newest.id, cmd.actor, cancel)


class Changed(NamedTuple):
    """What a change did in its transaction: the table as saved, the answer, the other tables to
    redraw, and the table's version and liveness before."""

    table: Table
    reply: Reply
    work: Work
    before: int
    was_live: bool


def _table_named(command: Command) -> int | None:
    """The table a command is about, if it names one."""
    match command:
        case Press():
            token = decode(command.token)
            return token.table_id if token else None
        case Play():
            return command.table_id
    return None
