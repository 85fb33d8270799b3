"""The secrets a bot process holds, by the variable that sets each: what its logs mask
(adapters/logs.py, adapters/masking.py).

Found by kind, not listed by hand, so a setting added later is masked too: every `SecretStr`
(the bots' tokens, the webhook's secret, the web links' key), every text setting named like a
secret (an OAuth client secret), and the password in any URL (PostgreSQL's in DATABASE_URL).
"""

from __future__ import annotations

from typing import Final

from pydantic import SecretStr
from pydantic_settings import BaseSettings
from sqlalchemy.engine import make_url
from sqlalchemy.exc import ArgumentError

from adapters.sql.settings import DatabaseSettings, ForgetSettings, LinkCodeSettings
from adapters.web.settings import WebSettings

SECRET_WORDS: Final = ("token", "secret", "password")


def bot_secrets(platform: BaseSettings) -> dict[str, str]:
    """A bot's secrets: its platform's settings, the live table's, the database's, the forget key and
    the link codes' key."""
    return secrets_in(platform, WebSettings(), DatabaseSettings(), ForgetSettings(), LinkCodeSettings())


def secrets_in(*settings: BaseSettings) -> dict[str, str]:
    found: dict[str, str] = {}
    for each in settings:
        prefix = str(each.model_config.get("env_prefix", ""))
        for field, value in each:
            name = (prefix + field).upper()
            if isinstance(value, SecretStr):
                found[name] = value.get_secret_value()
            elif isinstance(value, str) and any(word in field.lower() for word in SECRET_WORDS):
                found[name] = value
            elif isinstance(value, str) and (password := url_password(value)):
                found[f"{name} (its password)"] = password
    return {name: value for name, value in found.items() if value}


def url_password(text: str) -> str | None:
    """The password in a URL, decoded (`p%40ss` is `p@ss`), or None."""
    if "://" not in text:
        return None
    try:
        return make_url(text).password
    except (ArgumentError, ValueError):
        return None
