"""Opening a table from a chat (a lobby, `/svolota`; a challenge naming people) and cancelling the
chat's newest open table. A new lobby takes the chat's house rules and computers' level for its
game (the command's own rules over them), and the people who asked (`/notify`) are pinged once it
is shown."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol

from bot import lobby
from bot.change import Change
from bot.changer import Changer
from bot.chats import Chats
from bot.clock import Clock
from bot.commands import Cancel, Challenge, Open
from bot.deadlines import Deadline, Kind
from bot.drawing import Drawing
from bot.games import game_info
from bot.i18n import translator
from bot.notifier import Notifier
from bot.observers import Observer
from bot.people import ChatRef, PersonRef
from bot.refusals import Refused
from bot.settings import ChatSettings, ServiceConfig
from bot.store.tables import TableStore, Transaction
from bot.tables import Invite, Seat, Status, Table
from bot.ui.community import ping_screen
from bot.ui.screen import Reply
from core import game_class
from core.options import resolve_options


class OpeningStore(TableStore, Protocol):
    async def notify_list(self, chat: ChatRef) -> list[tuple[PersonRef, str]]: ...


def check_game(game: str, options: dict[str, Any]) -> None:
    """Refuse an unknown game, or house rules it does not have: a table that could never start is
    refused now, not when it starts."""
    try:
        game_info(game)
    except ValueError:
        raise Refused("unknown game {game}", game=str(game)[:30]) from None
    try:
        resolve_options(game_class(game).declared_options, options)
    except ValueError as e:
        raise Refused("not a house rule: {reason}", reason=str(e)[:100]) from None


async def make_room(tx: Transaction, chat: ChatRef, settings: ChatSettings) -> None:
    """Refuse a second open table in a chat that allows one; the chat stays locked until the
    transaction that saves the new table ends (two processes opening at once: one wins)."""
    if not settings.many_tables:
        await tx.lock(f"chat:{chat.platform}:{chat.chat_id}")
        if await tx.open_tables(chat):
            raise Refused("there is already a game here: finish or cancel it first")


class Openings:
    def __init__(
        self,
        store: OpeningStore,
        changer: Changer,
        drawing: Drawing,
        notifier: Notifier,
        chats: Chats,
        clock: Clock,
        config: ServiceConfig,
        observer: Observer,
    ) -> None:
        self._store = store
        self._changer = changer
        self._drawing = drawing
        self._notifier = notifier
        self._chats = chats
        self._clock = clock
        self._config = config
        self._observer = observer

    async def open(self, cmd: Open) -> Reply:
        check_game(cmd.game, cmd.options)
        settings = await self._chats.settings(cmd.chat)

        def lobby_of(table_id: int, now: float) -> Table:
            table = Table(
                id=table_id,
                chat=cmd.chat,
                game=cmd.game,
                creator=cmd.actor.person,
                options={**settings.house_rules.get(cmd.game, {}), **cmd.options},
                level=settings.levels.get(cmd.game, "normal"),
                seats=[Seat(cmd.actor.name, cmd.actor.person, lang=cmd.actor.lang)],
                created_at=now,
                updated_at=now,
            )
            lobby.arm_expiry(table, now, self._config.lobby_seconds)
            return table

        table = await self._new_table(cmd.chat, settings, lobby_of)
        await self._ping(table, settings)
        return Reply(table_id=table.id)

    async def challenge(self, cmd: Challenge) -> Reply:
        check_game(cmd.game, cmd.options)
        targets = [(p, n) for p, n in cmd.targets if p != cmd.actor.person]
        if not targets:
            raise Refused("name someone to challenge")
        if len(targets) + 1 > game_info(cmd.game).max_players:
            raise Refused("too many players for {game}", game=game_info(cmd.game).name)

        def challenge_of(table_id: int, now: float) -> Table:
            table = Table(
                id=table_id,
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
            table.arm(Deadline(table.id, Kind.CHALLENGE_EXPIRY, now + self._config.challenge_seconds))
            return table

        table = await self._new_table(cmd.chat, await self._chats.settings(cmd.chat), challenge_of)
        return Reply(table_id=table.id)

    async def _new_table(self, chat: ChatRef, settings: ChatSettings, build: Callable[[int, float], Table]) -> Table:
        """The table `build` makes from a new id and the time, saved where the chat has room for it
        (`make_room`), then drawn."""
        async with self._store.transaction() as tx:
            await make_room(tx, chat, settings)
            table = build(await tx.new_table_id(), self._clock.now())
            await tx.save(table, -1)
        self._observer.committed(table)
        await self._drawing.redraw(table)
        return table

    async def cancel(self, cmd: Cancel) -> Reply:
        tables = await self._store.open_tables(cmd.chat)
        if not tables:
            raise Refused("there is no game here to cancel")

        async def cancel(table: Table, _change: Change) -> None:
            if not table.status.open:
                raise Refused("this game is over")
            lobby.may_cancel(table, cmd.actor)
            table.status = Status.CANCELLED
            table.deadlines = []
            table.bump(self._clock.now())

        newest = max(tables, key=lambda t: t.id)
        return await self._changer.run(newest.id, cmd.actor, cancel)

    async def _ping(self, table: Table, settings: ChatSettings) -> None:
        """One message naming everyone who asked to hear of a new table here (but its opener)."""
        people = [(p, name) for p, name in await self._store.notify_list(table.chat) if p != table.creator]
        if people:
            await self._notifier.show(table.chat, [ping_screen(table, people, translator(settings.lang))])
