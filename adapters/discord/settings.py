"""What the Discord bot is told by its environment: the token (a secret, never logged), where
Discord's REST API and gateway are (a fake pair in tests), sharding, and its pace.
Read from the environment, then from `.env` (adapters/settings.py: the environment wins)."""

from __future__ import annotations

from pydantic import SecretStr
from pydantic_settings import SettingsConfigDict

from adapters.settings import PlatformSettings

OFFICIAL_API = "https://discord.com/api/v10"
OFFICIAL_GATEWAY = "wss://gateway.discord.gg/"


class DiscordSettings(PlatformSettings):
    model_config = SettingsConfigDict(env_prefix="DISCORD_", extra="ignore")

    api_url: str = OFFICIAL_API  # the REST base, version included: `<api_url>/users/@me`
    gateway_url: str = OFFICIAL_GATEWAY  # the websocket gateway (discord.py adds `?v=10&encoding=json`)
    # Sharding: AutoShardedBot when `sharded` is set or a shard count is given. Without a count,
    # Discord recommends one (GET /gateway/bot). Several processes each run their own `shard_ids`.
    sharded: bool = False
    shard_count: int | None = None
    shard_ids: list[int] | None = None  # JSON in the environment: DISCORD_SHARD_IDS='[0, 1]'
    sync_commands: bool = True  # overwrite the global slash commands with ours on start
    # A server (guild) id for trying a deploy: on start the commands are synced to that server only,
    # where they show at once (global commands can take a while; these are left as they are).
    test_guild: int | None = None
    guild_ready_timeout: float = 2.0  # seconds discord.py waits for more servers before it is ready
    # Real time: the channel's board is edited at most once per window (the service's reaction window).
    window_seconds: float = 1.5
    # An ephemeral panel can be edited through its interaction for 15 minutes; a minute before
    # that it says so and offers to be refreshed.
    panel_seconds: float = 14 * 60.0
    # The application's OAuth2 client secret (the Developer Portal's OAuth2 page): with it, and the
    # live table served, the card table signs in people who open it as an Activity (activity.py).
    client_secret: SecretStr | None = None

    @property
    def auto_sharded(self) -> bool:
        return self.sharded or self.shard_count is not None or self.shard_ids is not None
