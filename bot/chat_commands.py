"""The commands about a chat or a person rather than a table: a chat's settings, a person's
language and look, the leaderboard and a person's stats (read from the store; ratings are written
with the table that finished, bot/service.py)."""

from __future__ import annotations

import time
from typing import Any

from bot import ratings
from bot.answers import look_name
from bot.commands import ChangeSettings, Leaderboard, SetLanguage, SetLook, Stats
from bot.i18n import LANGUAGES, translator
from bot.looks import Looks
from bot.people import Actor, ChatRef
from bot.refusals import Refused
from bot.screens.model import Reply
from bot.screens.ratings import leaderboard_screen, stats_screen
from bot.screens.words import GAME_NAMES
from bot.settings import ChatSettings, apply_setting, look_named
from bot.store import Store

TOP_OF_ONE_GAME = 10  # leaderboard rows for one game
TOP_OF_EVERY_GAME = 5  # rows of each game when every game is shown


class ChatCommands:
    store: Store
    _settings_cache: dict[tuple[str, str], tuple[float, ChatSettings]]
    looks: Looks

    # provided by the Service
    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        raise NotImplementedError

    async def lang_of(self, actor: Actor, chat: ChatRef | None = None) -> str:
        raise NotImplementedError

    def _check_game(self, game: str, options: dict[str, Any]) -> None:
        raise NotImplementedError

    async def _settings(self, cmd: ChangeSettings) -> Reply:
        if not cmd.actor.admin:
            raise Refused("only a chat admin can change the settings")
        settings = await self.store.chat_settings(cmd.chat)
        apply_setting(settings, cmd)
        await self.store.save_chat_settings(cmd.chat, settings)
        self._settings_cache[(cmd.chat.platform, cmd.chat.chat_id)] = (time.monotonic(), settings)
        return Reply(translator(settings.lang).gettext("Settings saved."))

    async def _set_language(self, cmd: SetLanguage) -> Reply:
        if cmd.lang not in LANGUAGES:
            raise Refused("languages: {languages}", languages=", ".join(LANGUAGES))
        await self.store.set_person_lang(cmd.actor.person, cmd.lang)
        return Reply(translator(cmd.lang).gettext("Language saved."))

    async def _set_look(self, cmd: SetLook) -> Reply:
        look = look_named(cmd.look)
        await self.store.set_person_look(cmd.actor.person, look)
        self.looks.chose(cmd.actor.person, look)  # their next panel shows it
        t = translator(await self.lang_of(cmd.actor))
        return Reply(t.gettext("Look saved: {look}.").format(look=look_name(look, t)))

    async def _leaderboard(self, cmd: Leaderboard) -> Reply:
        if cmd.game is not None:
            self._check_game(cmd.game, {})
        games = [cmd.game] if cmd.game is not None else list(GAME_NAMES)
        limit = TOP_OF_ONE_GAME if cmd.game is not None else TOP_OF_EVERY_GAME
        scope = ratings.GLOBAL if cmd.everywhere else ratings.chat_scope(cmd.chat)
        boards = [(game, await self.store.leaderboard(game, scope, limit)) for game in games]
        lang = (await self.chat_settings(cmd.chat)).lang
        return Reply(screens=(leaderboard_screen(boards, cmd.everywhere, translator(lang)),))

    async def _stats(self, cmd: Stats) -> Reply:
        person = cmd.person or cmd.actor.person
        scope = ratings.GLOBAL if cmd.everywhere else ratings.chat_scope(cmd.chat)
        rows = await self.store.person_stats(person, scope)
        if rows:
            name: str | None = max(rows, key=lambda r: r.updated_at).name
        else:
            name = cmd.actor.name if person == cmd.actor.person else None
        t = translator(await self.lang_of(cmd.actor, cmd.chat))
        return Reply(screens=(stats_screen(rows, name, cmd.everywhere, cmd.actor.person, t),))
