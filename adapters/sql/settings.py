"""Where the database is: `DATABASE_URL`, any SQLAlchemy URL; by default a SQLite file in the
working directory."""

from __future__ import annotations

from pydantic_settings import BaseSettings, SettingsConfigDict


class DatabaseSettings(BaseSettings):
    model_config = SettingsConfigDict(extra="ignore")

    database_url: str = "sqlite:///cardbot.db"
