"""Where the database is: `DATABASE_URL`, any SQLAlchemy URL; by default a SQLite file in the
working directory. The key of forgotten people's marks (bot/forgotten.py): `CARDBOT_FORGET_KEY`,
else derived from the bot's token (adapters/sql/startup.py). Read from the environment, then from
`.env` (adapters/settings.py)."""

from __future__ import annotations

from pydantic import Field, SecretStr
from pydantic_settings import SettingsConfigDict

from adapters.settings import CardbotSettings
from adapters.sql.store import FIRING_LANES


class DatabaseSettings(CardbotSettings):
    model_config = SettingsConfigDict(extra="ignore")

    database_url: str = "sqlite:///cardbot.db"


class FiringSettings(CardbotSettings):
    """Deadlines of different tables fired side by side in one process: `CARDBOT_FIRING_LANES`
    (adapters/sql/store.py `FIRING_LANES`)."""

    model_config = SettingsConfigDict(env_prefix="CARDBOT_", extra="ignore")

    firing_lanes: int = Field(default=FIRING_LANES, ge=1, le=64)


class ForgetSettings(CardbotSettings):
    model_config = SettingsConfigDict(env_prefix="CARDBOT_", extra="ignore")

    forget_key: SecretStr | None = None  # the same in every process of one deployment


class LinkCodeSettings(CardbotSettings):
    """The key of link codes' digests (bot/account_links.py): `CARDBOT_LINK_CODE_KEY`, else
    `CARDBOT_FORGET_KEY`; the same in the Telegram and the Discord process, or a code shown by one is
    unknown to the other (adapters/sql/startup.py `link_code_key`)."""

    model_config = SettingsConfigDict(env_prefix="CARDBOT_", extra="ignore")

    link_code_key: SecretStr | None = None
