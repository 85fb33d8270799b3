"""What the Telegram bot is told by its environment: the token (a secret, never logged), where the
Bot API is (a self-hosted server, or a fake one in tests), polling or webhook, and its pace.
Read from the environment, then from `.env` (adapters/settings.py: the environment wins)."""

from __future__ import annotations

from pydantic import SecretStr
from pydantic_settings import SettingsConfigDict

from adapters.settings import PlatformSettings

OFFICIAL_API = "https://api.telegram.org"


class TelegramSettings(PlatformSettings):
    model_config = SettingsConfigDict(env_prefix="TELEGRAM_", extra="ignore")

    api_url: str = OFFICIAL_API  # the Bot API server: `<api_url>/bot<token>/<method>`
    # Webhook mode when a public URL is set (Telegram posts updates to it); else long polling.
    webhook_url: str | None = None
    webhook_secret: SecretStr | None = None  # checked in the X-Telegram-Bot-Api-Secret-Token header
    listen: str = "127.0.0.1"  # the webhook server's address (behind a reverse proxy)
    port: int = 8443
    # Set the command menu and the bot's description in every language on start (64 requests):
    # of several processes on one bot, one is enough (docs/operating.md), as Discord's sync.
    set_menu: bool = True
    # Real time: the group's board is redrawn at most once per window (the service's reaction window).
    window_seconds: float = 2.0
    # Flood control: Telegram allows about 30 messages a second in all, 20 a minute in one group
    # and about one a second in one private chat.
    overall_per_second: float = 30.0
    group_per_minute: int = 20
    group_burst: int = 5  # of the minute's messages, how many may go at once (the rest are spread)
    private_per_second: float = 1.0
    minute: float = 60.0  # the length of the "minute" above (tests shorten it)
    # Seconds to wait for the Bot API's answer to a request (python-telegram-bot's default): past
    # it the request counts as failed, and a board's write is tried again once Telegram answers.
    read_timeout: float = 5.0
    # Where pictures of inline-mode plays are uploaded to learn their file ids (each deleted at
    # once): a private channel or group only the bot writes in. Unset: the asker's private chat.
    picture_chat: int | None = None
    # The live table (adapters/web, served when CARDBOT_WEB_URL is set) as a Mini App: its URL for
    # Telegram (unset: CARDBOT_WEB_URL), and its short name from BotFather's /newapp, by which a
    # group's board links to it (`https://t.me/<bot>/<name>?startapp=t<table>`; unset: no link there).
    webapp_url: str | None = None
    webapp_name: str | None = None

    @property
    def base_url(self) -> str:
        return self.api_url.rstrip("/") + "/bot"

    @property
    def base_file_url(self) -> str:
        return self.api_url.rstrip("/") + "/file/bot"
