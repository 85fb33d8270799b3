"""What the live table is told by its environment (prefix CARDBOT_WEB_), then by `.env`
(adapters/settings.py: the environment wins)."""

from __future__ import annotations

from pydantic import SecretStr
from pydantic_settings import SettingsConfigDict

from adapters.settings import CardbotSettings
from adapters.web.auth import link_secret
from adapters.web.origins import origin_of


class WebSettings(CardbotSettings):
    model_config = SettingsConfigDict(env_prefix="CARDBOT_WEB_", extra="ignore")

    url: str | None = None  # the public HTTPS base (https://cards.example.org); None: no live table
    listen: str = "127.0.0.1:8080"  # host:port the server binds (port 0: any free port, for tests)
    secret: SecretStr | None = None  # the links' HMAC key; None: derived from the bot's token
    link_seconds: float = 900  # a Discord link's life
    page_days: float = 30  # the life of a link to a player's, a group's or a replay's page handed out in a chat
    max_age: float = 3600  # how old a Telegram initData may be

    def link_key(self, bot_token: str) -> bytes:
        """The links' HMAC key: `secret` when set (the same in every process of one bot), else
        derived from the bot's token."""
        return self.secret.get_secret_value().encode() if self.secret else link_secret(bot_token)

    @property
    def host(self) -> str:
        return self.listen.rpartition(":")[0] or "127.0.0.1"

    @property
    def port(self) -> int:
        return int(self.listen.rpartition(":")[2])

    @property
    def origin(self) -> str | None:
        """The origin browsers send for pages of `url` (scheme://host[:port], no default port); None
        without a url."""
        return origin_of(self.url) if self.url else None
