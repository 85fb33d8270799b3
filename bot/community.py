"""What is about the people around the tables rather than one table's play: removing someone
(`/kick`, `/votekick`: bot/kicks.py) and a season's podium at the next season's start
(bot/seasons.py). The ping to those who asked to hear of a new table is the opening's
(bot/openings.py); telling a removed person, the drawing's (bot/drawing.py)."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from bot import kicks, seasons
from bot.bidi import isolated
from bot.change import Change
from bot.changer import Changer
from bot.chats import Chats
from bot.clock import Clock
from bot.commands import Kick
from bot.games import games
from bot.i18n import translator
from bot.looks import Looks
from bot.notifier import Notifier
from bot.people import ChatRef
from bot.ratings import Rating
from bot.refusals import Refused
from bot.settings import ServiceConfig
from bot.store.community import CommunityStore
from bot.tables import Table
from bot.ui.ratings import season_podium_screen
from bot.ui.screen import Reply

PODIUM = 3  # a season's podium: its best three of each game


class CommunityTables(CommunityStore, Protocol):
    async def open_tables(self, chat: ChatRef) -> list[Table]: ...

    async def leaderboard(self, game: str, scope: str, limit: int) -> list[Rating]: ...


class Community:
    def __init__(
        self,
        store: CommunityTables,
        changer: Changer,
        notifier: Notifier,
        chats: Chats,
        looks: Looks,
        clock: Clock,
        config: ServiceConfig,
        platform: str | None,
    ) -> None:
        self._store = store
        self._changer = changer
        self._notifier = notifier
        self._chats = chats
        self._looks = looks
        self._clock = clock
        self._config = config
        self._platform = platform
        self._season_seen: str | None = None  # the season whose start was announced (announce_seasons)

    async def kick(self, cmd: Kick) -> Reply:
        tables = await self._store.open_tables(cmd.chat)
        if not tables:
            raise Refused("there is no game here")

        async def kick(table: Table, change: Change) -> Reply:
            seat = kicks.seat_named(table, cmd.target, cmd.name)
            name, lang = isolated(table.seats[seat].name), table.seats[seat].lang
            now = self._clock.now()
            settings = await self._chats.settings(table.chat)
            t = translator(await self._chats.lang_of(cmd.actor, table.chat))
            if cmd.vote:
                kicks.start_vote(table, cmd.actor, seat, now, self._config)
                removed = kicks.settle(table, now, settings, self._config)
                if removed is not None:
                    change.removed.append(removed)
                if table.vote is not None:
                    return Reply(t.gettext("🗳 The vote on {name} is on the board.").format(name=name))
            else:
                kicks.may_kick(table, cmd.actor, seat)
                change.removed.append((kicks.remove(table, seat, now, settings, self._config, "removed"), lang))
            return Reply(t.gettext("🚫 {name} was removed from the table.").format(name=name))

        newest = max(tables, key=lambda t: t.id)
        return await self._changer.run(newest.id, cmd.actor, kick)

    async def announce_seasons(self) -> int:
        """At a season's start (or the first call after it), each chat that played in the season
        just ended gets its podium, a message per game, where its newest table was (a forum's topic,
        a Discord channel), once whichever process gets there first (`CommunityStore.claim_season`).
        Returns how many messages were sent."""
        months = self._config.season_months
        season = seasons.season_of(self._clock.now(), months)
        if season == self._season_seen:
            return 0
        ended = seasons.previous(season, months)
        sent = 0
        for scope in await self._store.season_scopes(ended):
            platform, _, chat_id = scope.partition(":")
            if self._platform is not None and platform != self._platform:
                continue
            if not await self._store.claim_season(scope, ended):
                continue
            chat = await self._store.newest_place(platform, chat_id) or ChatRef(platform, chat_id)
            settings = await self._chats.settings(chat)
            t = translator(settings.lang)
            screens = []
            for game in games():
                rows = await self._store.leaderboard(game, seasons.scoped(scope, ended), PODIUM)
                if rows:
                    screens.append(replace(season_podium_screen(game, rows, ended, t), look=settings.look))
            if screens:
                await self._notifier.show(chat, await self._looks.applied(screens))
                sent += len(screens)
        self._season_seen = season
        return sent
