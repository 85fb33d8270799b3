"""The commands about a chat or a person rather than a table: a chat's settings, a person's
language and look, `/notify`, the leaderboard and a person's stats (read from the store; ratings
are written with the table that finished, bot/saver.py).

A linked person (bot/account_links.py) is one in the global scope: their global stats, chart and
achievements are their identity's, and the global leaderboard names each linked person as the
platform asking shows them (a chat's scope is one platform's already)."""

from __future__ import annotations

from dataclasses import replace
from typing import Protocol

from bot import ratings, seasons
from bot.account_links import shared
from bot.answers import look_name
from bot.chats import Chats
from bot.clock import Clock
from bot.commands import ChangeSettings, Leaderboard, Notify, SetLanguage, SetLook, Stats
from bot.games import games
from bot.history import History
from bot.i18n import language_named, languages_listed, translator
from bot.looks import Looks
from bot.openings import check_game
from bot.pages import ChatPage
from bot.people import ChatRef, PersonRef
from bot.refusals import Refused
from bot.settings import ServiceConfig, apply_setting, look_named
from bot.store.account_links import LinkStore
from bot.store.chats import ChatStore
from bot.store.people import PeopleStore
from bot.ui.rating_chart import rating_chart
from bot.ui.ratings import leaderboard_screen, public_page_screen, stats_screen, stats_title
from bot.ui.screen import Reply

TOP_OF_ONE_GAME = 10  # leaderboard rows for one game
TOP_OF_EVERY_GAME = 5  # rows of each game when every game is shown


class ChatCommandsStore(ChatStore, PeopleStore, History, LinkStore, Protocol):
    async def notify_list(self, chat: ChatRef) -> list[tuple[PersonRef, str]]: ...

    async def set_notify(self, chat: ChatRef, person: PersonRef, name: str, on: bool) -> None: ...


class ChatCommands:
    def __init__(
        self, store: ChatCommandsStore, chats: Chats, looks: Looks, clock: Clock, config: ServiceConfig
    ) -> None:
        self._store = store
        self._chats = chats
        self._looks = looks
        self._clock = clock
        self._config = config

    async def change_settings(self, cmd: ChangeSettings) -> Reply:
        if not cmd.actor.admin:
            raise Refused("only a chat admin can change the settings")
        settings = await self._store.chat_settings(cmd.chat)
        apply_setting(settings, cmd, self._clock.now())
        await self._chats.save(cmd.chat, settings)
        t = translator(settings.lang)
        if cmd.name == "page_public" and settings.page_public_since is not None:
            return Reply(screens=(public_page_screen(_page_of(cmd.chat, settings.page_public_since), t),))
        return Reply(t.gettext("Settings saved."))

    async def notify(self, cmd: Notify) -> Reply:
        """Toggle (or set) the person's "tell me when a game opens here"."""
        listed = any(person == cmd.actor.person for person, _ in await self._store.notify_list(cmd.chat))
        on = not listed if cmd.on is None else cmd.on
        await self._store.set_notify(cmd.chat, cmd.actor.person, cmd.actor.name, on)
        t = translator(await self._chats.lang_of(cmd.actor, cmd.chat))
        if on:
            return Reply(t.gettext("🔔 I'll tell you when a game opens here. /notify again to stop."))
        return Reply(t.gettext("🔕 No more pings from this chat."))

    async def set_language(self, cmd: SetLanguage) -> Reply:
        lang = language_named(cmd.lang)
        if lang is None:
            raise Refused("languages: {languages}", languages=languages_listed())
        await self._chats.save_person_lang(cmd.actor.person, lang)
        return Reply(translator(lang).gettext("Language saved."))

    async def set_look(self, cmd: SetLook) -> Reply:
        look = look_named(cmd.look)
        await self._store.set_person_look(cmd.actor.person, look)
        self._looks.chose(cmd.actor.person, look)  # their next panel shows it
        t = translator(await self._chats.lang_of(cmd.actor))
        return Reply(t.gettext("Look saved: {look}.").format(look=look_name(look, t)))

    async def leaderboard(self, cmd: Leaderboard) -> Reply:
        """This season's leaderboard unless another season, or all time, is asked for."""
        if cmd.game is not None:
            check_game(cmd.game, {})
        season = self._season_asked(cmd.season)
        shown = [cmd.game] if cmd.game is not None else games()
        limit = TOP_OF_ONE_GAME if cmd.game is not None else TOP_OF_EVERY_GAME
        scope = ratings.GLOBAL if cmd.everywhere else ratings.chat_scope(cmd.chat)
        if season is not None:
            scope = seasons.scoped(scope, season)
        boards = [(game, await self._store.leaderboard(game, scope, limit)) for game in shown]
        if cmd.everywhere:  # linked people by the names this platform shows
            names = await self._store.names_on(
                cmd.actor.person.platform, {r.person for _g, rows in boards for r in rows}
            )
            if names:
                boards = [(g, [replace(r, name=names.get(r.person, r.name)) for r in rows]) for g, rows in boards]
        settings = await self._chats.settings(cmd.chat)
        page = None if cmd.everywhere else _page_of(cmd.chat, settings.page_public_since)
        screen = leaderboard_screen(
            boards, cmd.everywhere, translator(settings.lang), season, commands=cmd.commands, page=page
        )
        return Reply(screens=(screen,))

    def _season_asked(self, word: str | None) -> str | None:
        """The season a leaderboard shows: the current one (no word), none (all time) or the one named."""
        months = self._config.season_months
        if word is None:
            return seasons.season_of(self._clock.now(), months)
        if word.strip().lower() == seasons.ALL_TIME:
            return None
        season = seasons.named(word, months)
        if season is None:
            raise Refused("a season is written like {example}", example=seasons.season_of(self._clock.now(), months))
        return season

    async def stats(self, cmd: Stats) -> Reply:
        person = cmd.person or cmd.actor.person
        scope = ratings.GLOBAL if cmd.everywhere else ratings.chat_scope(cmd.chat)
        ids = await self._store.identities([person])  # (linked: bot/account_links.py)
        identity = ids.get(person, person)
        whose = identity if shared(scope) else person
        rows = await self._store.person_stats(whose, scope)
        season = seasons.season_of(self._clock.now(), self._config.season_months)
        season_rows = await self._store.person_stats(whose, seasons.scoped(scope, season))
        earned = await self._store.achievements_of(identity)
        linked = await self._store.names_on(person.platform, [identity]) if ids and shared(scope) else {}
        if identity in linked:  # as this platform shows them
            name: str | None = linked[identity]
        elif rows:
            name = max(rows, key=lambda r: r.updated_at).name
        else:
            name = cmd.actor.name if person == cmd.actor.person else None
        t = translator(await self._chats.lang_of(cmd.actor, cmd.chat))
        own = person == cmd.actor.person
        chart = None
        if name:  # (the points of the scope shown; a picture only where the chat's look has them)
            points = await self._store.rating_points(whose, scope)
            chart = rating_chart(stats_title(name, cmd.everywhere, t), points, t, self._config.season_months)
        look = (await self._chats.settings(cmd.chat)).look
        screen = stats_screen(
            rows,
            name,
            cmd.everywhere,
            cmd.actor.person,
            t,
            earned=earned,
            season_rows=season_rows,
            own=own,
            chart=chart,
            look=look,
        )
        return Reply(screens=(screen,))


def _page_of(chat: ChatRef, public_since: float | None) -> ChatPage:
    """The chat's page (its threads share one): its public link while its admins keep it public."""
    return ChatPage(ChatRef(chat.platform, chat.chat_id), public_since)
