"""What is about the people around the tables rather than one table's play: the ping to those who
asked to hear of a new table (`/notify`), removing someone (`/kick`, `/votekick`: bot/kicks.py)
and telling them, and a season's podium at the next season's start (bot/seasons.py). Mixed into the
Service, which provides the store, the notifier, the settings and the table changes they use."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import replace

from bot import kicks, seasons
from bot.clock import Clock
from bot.commands import Kick
from bot.i18n import translator
from bot.looks import Looks
from bot.notifier import Notifier
from bot.people import Actor, ChatRef, PersonRef
from bot.refusals import Refused
from bot.screens.community import ping_screen, removed_screen
from bot.screens.model import Reply
from bot.screens.ratings import season_podium_screen
from bot.screens.words import GAME_NAMES
from bot.settings import ChatSettings, ServiceConfig
from bot.store import Store
from bot.table_actions import Work
from bot.tables import Table

PODIUM = 3  # a season's podium: its best three of each game


class Community:
    store: Store
    notifier: Notifier
    clock: Clock
    config: ServiceConfig
    platform: str | None
    looks: Looks
    _season_seen: str | None

    # provided by the Service
    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        raise NotImplementedError

    async def lang_of(self, actor: Actor, chat: ChatRef | None = None) -> str:
        raise NotImplementedError

    async def _change(
        self,
        table_id: int,
        actor: Actor,
        change: Callable[[Table, Work], Awaitable[Reply | None]],
        once: str | None = None,
    ) -> Reply:
        raise NotImplementedError

    async def _settle_vote(self, table: Table, work: Work) -> None:
        raise NotImplementedError

    async def _ping(self, table: Table, settings: ChatSettings) -> None:
        """One message naming everyone who asked to hear of a new table here (but its opener)."""
        people = [(p, name) for p, name in await self.store.notify_list(table.chat) if p != table.creator]
        if people:
            await self.notifier.show(table.chat, [ping_screen(table, people, translator(settings.lang))])

    async def _kick(self, cmd: Kick) -> Reply:
        tables = await self.store.open_tables(cmd.chat)
        if not tables:
            raise Refused("there is no game here")

        async def kick(table: Table, work: Work) -> Reply:
            seat = kicks.seat_named(table, cmd.target, cmd.name)
            name, lang = table.seats[seat].name, table.seats[seat].lang
            now = self.clock.now()
            settings = await self.chat_settings(table.chat)
            t = translator(await self.lang_of(cmd.actor, table.chat))
            if cmd.vote:
                kicks.start_vote(table, cmd.actor, seat, now, self.config)
                await self._settle_vote(table, work)
                if table.vote is not None:
                    return Reply(t.gettext("🗳 The vote on {name} is on the board.").format(name=name))
            else:
                kicks.may_kick(table, cmd.actor, seat)
                work.removed.append((kicks.remove(table, seat, now, settings, self.config, "removed"), lang))
            return Reply(t.gettext("🚫 {name} was removed from the table.").format(name=name))

        newest = max(tables, key=lambda t: t.id)
        return await self._change(newest.id, cmd.actor, kick)

    async def _tell_removed(self, table: Table, person: PersonRef, lang: str | None) -> None:
        """The person removed is told in private (their panel, where the platform has one)."""
        own = await self.store.person_lang(person)
        t = translator(own or lang or (await self.chat_settings(table.chat)).lang)
        await self.notifier.show(table.chat, [removed_screen(table, person, t)])

    async def announce_seasons(self) -> int:
        """At a season's start (or the first call after it), each chat that played in the season
        just ended gets its podium, a message per game, where its newest table was (a forum's topic,
        a Discord channel), once whichever process gets there first (`Store.claim_season`).
        Returns how many messages were sent."""
        months = self.config.season_months
        season = seasons.season_of(self.clock.now(), months)
        if season == self._season_seen:
            return 0
        ended = seasons.previous(season, months)
        sent = 0
        for scope in await self.store.season_scopes(ended):
            platform, _, chat_id = scope.partition(":")
            if self.platform is not None and platform != self.platform:
                continue
            if not await self.store.claim_season(scope, ended):
                continue
            chat = await self.store.newest_place(platform, chat_id) or ChatRef(platform, chat_id)
            settings = await self.chat_settings(chat)
            t = translator(settings.lang)
            screens = []
            for game in GAME_NAMES:
                rows = await self.store.leaderboard(game, seasons.scoped(scope, ended), PODIUM)
                if rows:
                    screens.append(replace(season_podium_screen(game, rows, ended, t), look=settings.look))
            if screens:
                await self.notifier.show(chat, await self.looks.applied(screens))
                sent += len(screens)
        self._season_seen = season
        return sent
