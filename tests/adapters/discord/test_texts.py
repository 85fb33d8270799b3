"""The Discord bot's own words are in Russian and Ukrainian too, with the same placeholders; long
answers are split into messages Discord takes; house rules are read as people type them; and
`cardbot discord` logs never show a token."""

from __future__ import annotations

import io
import logging

import pytest

from adapters.discord.handlers import chunks, house_rule
from adapters.discord.logs import MASK, MaskToken
from bot.answers import rules_text
from bot.i18n import placeholders, translator
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
    handler.addFilter(MaskToken(TOKEN))
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
