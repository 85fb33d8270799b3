"""The store the bot runs on: the database in DATABASE_URL, upgraded to the newest schema first
(the bot migrates on start, so a deploy is: stop, pull, start)."""

from __future__ import annotations

import hashlib

from adapters.sql.migrate import upgrade
from adapters.sql.settings import DatabaseSettings, FiringSettings, ForgetSettings, LinkCodeSettings
from adapters.sql.store import SqlStore
from bot.account_links import UNKEYED

FORGET_SALT = b"cardbot forget key"


def open_store(url: str | None = None, bot_token: str | None = None) -> SqlStore:
    """`bot_token`: the bot's, from which the key of forgotten people's marks is derived unless
    CARDBOT_FORGET_KEY sets it (a new token then forgets the marks: see docs/operating.md)."""
    url = url or DatabaseSettings().database_url
    upgrade(url)
    return SqlStore(
        url,
        forget_key=forget_key(ForgetSettings(), bot_token),
        link_key=link_code_key(LinkCodeSettings(), ForgetSettings()),
        firing_lanes=FiringSettings().firing_lanes,
    )


def forget_key(settings: ForgetSettings, bot_token: str | None) -> bytes | None:
    if settings.forget_key is not None and settings.forget_key.get_secret_value():
        return settings.forget_key.get_secret_value().encode()
    if bot_token:
        return hashlib.sha256(FORGET_SALT + bot_token.encode()).digest()
    return None


LINK_SALT = b"cardbot link key"


def link_code_key(settings: LinkCodeSettings, forget: ForgetSettings) -> bytes:
    """The key of link codes' digests, shared by every process of a deployment: CARDBOT_LINK_CODE_KEY,
    else CARDBOT_FORGET_KEY; without either, a key everyone knows (bot/account_links.py `UNKEYED`: set one)."""
    for secret in (settings.link_code_key, forget.forget_key):
        if secret is not None and secret.get_secret_value():
            return hashlib.sha256(LINK_SALT + secret.get_secret_value().encode()).digest()
    return UNKEYED
