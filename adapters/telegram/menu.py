"""The command menu Telegram shows, in every language of the bot (English the default): all
commands in groups, the personal ones in private chats."""

from __future__ import annotations

import logging

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats
from telegram.error import TelegramError

from adapters.telegram.texts import PRIVATE_MENU, describe, menu
from bot.i18n import LANGUAGES, SOURCE_LANGUAGE, translator

log = logging.getLogger(__name__)


def commands(names: tuple[str, ...], lang: str) -> list[BotCommand]:
    t = translator(lang)
    return [BotCommand(name, describe(name, t)) for name in names]


async def set_menu(bot: Bot) -> None:
    for lang in LANGUAGES:
        # English for every other language; Telegram names a language by its ISO 639-1 code
        code = None if lang == SOURCE_LANGUAGE else lang.split("_")[0]
        try:
            await bot.set_my_commands(commands(menu(), lang), BotCommandScopeAllGroupChats(), code)
            await bot.set_my_commands(commands(PRIVATE_MENU, lang), BotCommandScopeAllPrivateChats(), code)
        except TelegramError as e:
            log.warning("could not set the %s command menu: %s", lang, e)
