"""The command menu Telegram shows, in every language of the bot (English the default): all
commands in groups, the personal ones in private chats; and the bot's description and short
description in each language."""

from __future__ import annotations

import logging

from telegram import Bot, BotCommand, BotCommandScopeAllGroupChats, BotCommandScopeAllPrivateChats
from telegram.error import TelegramError

from adapters.telegram.texts import PRIVATE_MENU, describe, menu, profile
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
            description, short = profile(translator(lang))
            await bot.set_my_description(description, language_code=code)
            await bot.set_my_short_description(short, language_code=code)
        except TelegramError as e:
            log.warning("could not set the %s command menu and description: %s", lang, e)
