"""Where the database is: `DATABASE_URL`, any SQLAlchemy URL; by default a SQLite file in the
working directory. Read from the environment, then from `.env` (adapters/settings.py)."""

from __future__ import annotations

from pydantic_settings import SettingsConfigDict

from adapters.settings import CardbotSettings


class DatabaseSettings(CardbotSettings):
    model_config = SettingsConfigDict(extra="ignore")

    database_url: str = "sqlite:///cardbot.db"
