"""The Discord bot's own words are in Russian and Ukrainian too, with the same placeholders; long
answers are split into messages Discord takes; house rules are read as people type them; and
`cardbot discord` logs never show a token."""

from __future__ import annotations

import io
import logging

import pytest

from adapters.discord.handlers import chunks, house_rule, season_word
from adapters.discord.logs import MASK, MaskSecrets, Secrets
from adapters.discord.menu import leaderboard_commands
from adapters.discord.texts import marked, marked_parts
from bot.answers import rules_text
from bot.i18n import placeholders, translator
from bot.people import PersonRef
from bot.ui.screen import Mention, Screen
from tests.bot.test_catalogs import catalog, used_messages

TOKEN = "MTIzNDU2Nzg5MDEyMzQ1Njc4.GhIjKl.secret-token-value_0123456789abcdef"


@pytest.mark.parametrize("lang", ["ru", "uk"])
def test_every_message_of_the_discord_bot_is_translated(lang):
    cat = catalog(lang)
    used = used_messages(("adapters/discord",))
    assert len(used) > 30
    for context, msgid in used:
        assert isinstance(msgid, str)
        message = cat.get(msgid, context=context)
        assert message is not None and message.string and not message.fuzzy, msgid
        assert placeholders(message.string) == placeholders(msgid), msgid


@pytest.mark.parametrize("lang", ["en", "ru", "uk"])
def test_the_rules_fit_in_messages(lang):
    parts = chunks(rules_text(None, translator(lang)))
    assert all(0 < len(p) <= 2000 for p in parts)
    assert "".join(parts).replace("\n", "") == rules_text(None, translator(lang)).replace("\n", "")


def test_a_long_text_is_cut_at_line_ends():
    text = "\n".join(["x" * 900] * 5)
    parts = chunks(text)
    assert [len(p) for p in parts] == [1801, 1801, 900]
    assert chunks("") == ["…"]


def test_house_rules_are_read_as_people_type_them():
    assert house_rule("svolota free_pass on") == ("svolota", "free_pass", True)
    assert house_rule("Демон demon_penalty 2") == ("racing_demon", "demon_penalty", 2)
    assert house_rule("nonsense")[0] is None


def test_tokens_are_masked_in_messages_arguments_tracebacks_and_webhook_urls():
    out = io.StringIO()
    handler = logging.StreamHandler(out)
    handler.addFilter(MaskSecrets(Secrets.of({"DISCORD_BOT_TOKEN": TOKEN})))
    logger = logging.getLogger("tests.discord.mask")
    logger.addHandler(handler)
    logger.propagate = False
    interaction_token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5MDEyMzQ1Njc4OnNlY3JldA"
    try:
        logger.warning("Authorization: Bot %s", TOKEN)
        logger.warning("PATCH https://discord.com/api/v10/webhooks/1234/%s/messages/@original", interaction_token)
        logger.warning("POST http://127.0.0.1/api/v10/interactions/99/%s/callback", interaction_token)
        try:
            raise RuntimeError(f"failed with {TOKEN}")
        except RuntimeError:
            logger.exception("oops")
    finally:
        logger.removeHandler(handler)
    text = out.getvalue()
    assert TOKEN not in text and interaction_token not in text
    assert text.count(MASK) == 4
    assert "/webhooks/1234/<token>/messages/@original" in text


def test_a_season_is_read_as_people_type_it():
    assert season_word(None) is None and season_word("  ") is None  # this season
    assert [season_word(w) for w in ("all", "ALL", "всё", "Усі", "all time")] == ["all"] * 5
    assert season_word(" 2026-11 ") == "2026-11" and season_word("x" * 50) == "x" * 20  # the service judges it


def test_the_leaderboards_footer_names_the_commands_as_the_servers_language_does():
    assert leaderboard_commands(translator("en")) == ("/leaderboard", "/leaderboard season:all")
    this, ever = leaderboard_commands(translator("ru"))
    assert this == "/лидеры" and ever.startswith("/лидеры ") and ever.endswith(":all")


def test_a_ping_is_cut_between_mentions_each_part_notifying_whom_it_names():
    people = [PersonRef("discord", str(100 + i)) for i in range(6)]
    text, marks = "🔔 open —", []
    for i, p in enumerate(people):
        text += "," if i else ""
        text += " "
        marks.append(Mention(len(text), len(text) + 3, p))
        text += f"P{i} "[:3]
    parts = marked_parts(Screen(1, text, marks=tuple(marks)), 30)
    assert all(len(part) <= 30 for part, _people in parts)
    assert [p for _part, named in parts for p in named] == people
    assert "".join(part for part, _ in parts).replace(" ", "") == marked(Screen(1, text, marks=tuple(marks))).replace(
        " ", ""
    )
