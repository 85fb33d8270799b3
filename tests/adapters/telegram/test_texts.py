"""The Telegram bot's own words: translated into Russian and Ukrainian, and its command menu
within Telegram's limits in every language."""

from __future__ import annotations

import re

import pytest

from adapters.telegram.menu import commands
from adapters.telegram.texts import DESCRIPTION_LIMIT, PRIVATE_MENU, SHORT_DESCRIPTION_LIMIT, help_text, menu, profile
from bot.answers import rules_text
from bot.guide import legend
from bot.i18n import LANGUAGES, translator
from tests.bot.test_catalogs import catalog, used_messages


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_message_of_the_telegram_bot_is_translated(lang):
    cat = catalog(lang)
    used = used_messages(("adapters/telegram",))
    assert len(used) > 15  # the scan finds the adapter's own messages (rules and settings live in bot/)
    missing = [m for _context, m in used if not (found := cat.get(m)) or not found.string]
    assert not missing


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_menu_fits_telegram(lang):
    for names in (menu(), PRIVATE_MENU):
        for command in commands(names, lang):
            assert re.fullmatch(r"[a-z0-9_]{1,32}", command.command)
            assert 1 <= len(command.description) <= 256


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_profile_fits_telegram(lang):
    description, short = profile(translator(lang))
    assert 1 <= len(description) <= DESCRIPTION_LIMIT and 1 <= len(short) <= SHORT_DESCRIPTION_LIMIT
    assert "/svolota" in description and ("Svolota" in short or "Сволота" in short)


@pytest.mark.parametrize("lang", LANGUAGES)
def test_help_and_rules_fit_one_message(lang):
    t = translator(lang)
    assert len(help_text(t)) < 4096
    assert len(rules_text(None, t)) < 4096
    for game in ("svolota", "speed", "racing_demon"):  # /help explains what every game's screens write
        assert all(line in help_text(t) for line in legend(game, t))
