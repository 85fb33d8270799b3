"""Where every settings class reads from: the environment, then a `.env` file.

Each class (adapters/sql, telegram, discord, web, pictures settings.py, and logging's in
adapters/logs.py) derives from `CardbotSettings`. A variable set in the environment wins over the
same one in the file, so `.env` holds a deployment's settings and the environment can still
override one of them for a single run. The file is `.env` in the working directory, or the path in `CARDBOT_ENV_FILE`
(read at each construction, not at import); a missing file is no error. `.env.example` at the
repository's root lists every variable, its default and its meaning (a test keeps it exact).
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Final

from pydantic import SecretStr
from pydantic_settings import BaseSettings, DotEnvSettingsSource, PydanticBaseSettingsSource

ENV_FILE: Final = ".env"
ENV_FILE_VARIABLE: Final = "CARDBOT_ENV_FILE"
# Every variable the bot reads begins with one of these (tests/adapters/test_config.py keeps it so):
# what a test or a benchmark clears so that a developer's own settings do not reach the bot it runs.
VARIABLE_PREFIXES: Final = ("CARDBOT_", "TELEGRAM_", "DISCORD_", "DATABASE_")


def env_file() -> Path:
    """The settings file: `CARDBOT_ENV_FILE`, else `.env` in the working directory."""
    return Path(os.environ.get(ENV_FILE_VARIABLE) or ENV_FILE)


class CardbotSettings(BaseSettings):
    """A settings class read from the environment first, then from `env_file()`."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        dotenv = DotEnvSettingsSource(settings_cls, env_file=env_file(), env_file_encoding="utf-8")
        return init_settings, env_settings, dotenv, file_secret_settings


class PlatformSettings(CardbotSettings):
    """A chat platform's settings (adapters/telegram/settings.py, adapters/discord/settings.py): its
    bot's token at least (a secret, never logged), under the platform's prefix (TELEGRAM_BOT_TOKEN)."""

    bot_token: SecretStr
