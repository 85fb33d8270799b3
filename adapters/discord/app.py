"""The Discord bot put together: discord.py's `commands.Bot` (or `AutoShardedBot` when sharded) with
the slash commands on its tree, the dynamic items for our components, and the service on the
database; the chat layer draws the channels' messages (adapters/chat, with messages.py), the panels
are ephemeral (panel_screens.py), and the scheduler runs beside it (adapters/chat/companions.py).

On start: what runs beside the bot (the live table, the deadlines), then log in over REST, tried
until Discord answers (adapters/chat/connection.py), log the invite URL (`invite_url`: from the
application id, with the scopes and permissions the README states), sync the slash commands
(localised by the translator; globally, or with DISCORD_TEST_GUILD to that one server only, where
they show at once), and connect to the gateway at once: interactions are answered while the tables
are redrawn. No privileged intent is needed: interactions come to every bot; the `guilds` intent is
asked for (the channel cache) and `guild_messages`, to know that messages are posted (and deleted)
below a board, which may bury it (without message content, and discord.py keeps no message cache).

With CARDBOT_WEB_URL set, the live table (adapters/web) is served beside it, on CARDBOT_WEB_LISTEN:
the service tells it of every change, and each person's ephemeral panel links to it with a token
signed for them (`live_link`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final

import aiohttp
import discord
from discord.ext import commands

from adapters.chat.companions import Companions
from adapters.chat.connection import Connection, Unfixable, describe
from adapters.chat.lifetime import live_until_stopped
from adapters.chat.notifier import ChatNotifier
from adapters.chat.posts import Place
from adapters.chat.records import Records
from adapters.discord.components import MAX_URL
from adapters.discord.direct import DirectChannels
from adapters.discord.endpoints import point_at
from adapters.discord.handlers import Handlers
from adapters.discord.identities import PLATFORM
from adapters.discord.items import ours as ours_id
from adapters.discord.items import register
from adapters.discord.menu import CommandTranslator
from adapters.discord.messages import DiscordMessages
from adapters.discord.notifier import DiscordScreens
from adapters.discord.panel_screens import PanelScreens
from adapters.discord.panels import Panels
from adapters.discord.presses import Presses
from adapters.discord.quick_match import QuickMatchCommand
from adapters.discord.settings import DiscordSettings
from adapters.discord.tree import CommandTree, add_commands
from adapters.web.settings import WebSettings
from bot.bootstrap import bootstrap
from bot.clock import Clock, SystemClock
from bot.match_ticks import MatchTicks
from bot.people import PersonRef
from bot.scheduler import Scheduler
from bot.settings import ServiceConfig
from bot.store import Store

if TYPE_CHECKING:
    from adapters.web.server import WebServer

log = logging.getLogger(__name__)


# What the bot needs in a channel (adapters/discord/README.md, "The application"): View Channels, Send Messages, Send
# Messages in Threads, Embed Links, Read Message History, Use Application Commands.
PERMISSIONS = discord.Permissions(
    view_channel=True,
    send_messages=True,
    send_messages_in_threads=True,
    embed_links=True,
    read_message_history=True,
    use_application_commands=True,
)
INVITE_SCOPES = ("bot", "applications.commands")


INVALID_TOKEN = 4004  # the gateway's close code for a token it refuses
TOKEN_ADVICE = "Discord refused the bot token: set DISCORD_BOT_TOKEN to the token of the bot's Developer Portal page"


def refused_login(error: Exception) -> str | None:
    """What to do when Discord refuses the token (a 401 on login): nothing else is fatal."""
    return TOKEN_ADVICE if isinstance(error, discord.LoginFailure) else None


def invite_url(application_id: int, permissions: discord.Permissions = PERMISSIONS) -> str:
    """The link that adds the bot to a server (its application id is the client id)."""
    scopes = "+".join(INVITE_SCOPES)
    return (
        f"https://discord.com/oauth2/authorize?client_id={application_id}"
        f"&scope={scopes}&permissions={permissions.value}"
    )


def intents() -> discord.Intents:
    wanted = discord.Intents.none()
    wanted.guilds = True
    wanted.guild_messages = True  # MESSAGE_CREATE / MESSAGE_DELETE: what buries a board (adapters/chat/below.py)
    return wanted


def no_prefix(bot: Any, message: discord.Message) -> list[str]:
    """No text commands (every command is a slash command): a message mentioning the bot, which
    the guild messages intent brings with its content, is no command to look for."""
    return []


def dispatchable(interaction: discord.Interaction[Any], custom_id: str) -> bool:
    """Whether discord.py's dynamic items will take this press: the component is on the message
    it came from (they rebuild the item from there)."""
    message = interaction.message
    if message is None:
        return False
    data: Any = interaction.data or {}
    kind = data.get("component_type")
    for row in message.components:
        for child in getattr(row, "children", [row]):
            if getattr(child, "custom_id", None) == custom_id and child.type.value == kind:
                return True
    return False


def live_link(server: WebServer, url: str, person: PersonRef, name: str, lang: str, table_id: int) -> str | None:
    """The person's link to the table's live table, with a fresh token signed for them (without
    their name if it makes the link too long for a button: the page then calls them by their id)."""
    for who in dict.fromkeys((name, "")):
        link = f"{url.rstrip('/')}/?t={table_id}&link={server.sign(person, who, lang, table_id)}"
        if len(link) <= MAX_URL:
            return link
    return None


class DiscordBot:
    platform: Final = PLATFORM

    def __init__(
        self,
        settings: DiscordSettings,
        store: Store,
        records: Records,
        clock: Clock | None = None,
        config: ServiceConfig | None = None,
        seed: int | None = None,
        web: WebSettings | None = None,
    ) -> None:
        """`store`: the service's; `records`: the platform's messages and uploaded pictures
        (adapters/chat/records.py; `SqlStore.records` beside a database). `web`: the live table's
        settings (None: from the environment, CARDBOT_WEB_*)."""
        point_at(settings)
        self.settings = settings
        quiet = discord.AllowedMentions.none()
        shards: dict[str, Any] = {}  # AutoShardedBot's own
        if settings.auto_sharded:
            shards["shard_count"] = settings.shard_count
            if settings.shard_ids is not None:
                shards["shard_ids"] = settings.shard_ids
        kind = commands.AutoShardedBot if settings.auto_sharded else commands.Bot
        self.client: commands.Bot | commands.AutoShardedBot = kind(
            command_prefix=no_prefix,
            intents=intents(),
            help_command=None,
            allowed_mentions=quiet,
            guild_ready_timeout=settings.guild_ready_timeout,
            max_messages=None,  # keep no messages: nothing reads them
            tree_cls=CommandTree,
            **shards,
        )
        clock = clock or SystemClock()
        config = config or ServiceConfig(window_seconds=settings.window_seconds)
        self.web_settings = web if web is not None else WebSettings()
        if self.web_settings.url:
            config = replace(config, live_table=True)
        self.store = store
        self.records = records
        self.panels = Panels(settings.panel_seconds)
        messages = DiscordMessages(self.client)
        self.channels = ChatNotifier(messages, records, clock=clock)
        chat = self.channels
        self.panel_screens = PanelScreens(
            chat.writers, chat.pictures, chat.shown, chat.stats, messages, self.panels, self.client
        )
        direct = DirectChannels(self.client)  # quick match's boards (issue #38)
        self.notifier = DiscordScreens(self.channels, self.panel_screens, direct)
        self.service = bootstrap(store, self.notifier, clock, config, seed=seed, platform=PLATFORM)
        self.scheduler = Scheduler.of(self.service)
        self.web: WebServer | None = None  # the live table, when served
        self._activities = False  # people sign in to the card table as an Activity (DISCORD_CLIENT_SECRET)
        if self.web_settings.url:
            from adapters.web.server import WebServer  # (loaded only when served)

            self.web = WebServer(self.service, store, self.web_settings, settings.bot_token.get_secret_value())
            if settings.client_secret is not None:  # the card table as an Activity: its sign-in
                from adapters.discord.activity import ActivitySignIn

                signing = ActivitySignIn(
                    settings.api_url,
                    lambda: self.client.application_id,
                    settings.client_secret,
                    settings.bot_token,
                    self.service,
                    self.web.sign,
                )
                signing.mount(self.web.app)
                self._activities = True
            messages.pages = self.web.pages
        matcher = MatchTicks(self.service.quick, PLATFORM)  # quick match (#38)
        self.companions = Companions(self.scheduler, self.notifier, self.web, matcher)
        self.presses = Presses(self.service, self.panel_screens, self.panels)
        pages = self.web.pages if self.web is not None else None
        add_commands(self.client.tree, Handlers(self.service, self.channels, self._launches_activity, pages))
        QuickMatchCommand(self.service, direct).add(self.client.tree)
        register(self.client, self.presses)
        self.client.add_listener(self._unclaimed, "on_interaction")
        self.client.add_listener(self._posted, "on_message")
        self.client.add_listener(self._deleted, "on_raw_message_delete")
        self.connection = Connection("discord")
        self._gateway: asyncio.Task[None] | None = None

    async def _unclaimed(self, interaction: discord.Interaction[Any]) -> None:
        """A component press no dynamic item takes (a custom id not ours, or a message without
        the component) is still answered: the service refuses it politely."""
        if interaction.type is not discord.InteractionType.component:
            return
        custom_id = interaction.custom_id or ""
        if ours_id(custom_id) and dispatchable(interaction, custom_id):
            return
        data: Any = interaction.data or {}
        values = data.get("values") or []
        await self.presses.press(interaction, str(values[0]) if values else custom_id)

    async def _posted(self, message: discord.Message) -> None:
        """A message in a channel (anyone's, the bot's own too): it may bury a board."""
        self.channels.below.seen(Place(str(message.channel.id)), message.id)

    async def _deleted(self, payload: discord.RawMessageDeleteEvent) -> None:
        self.channels.below.gone(Place(str(payload.channel_id)), payload.message_id)

    def _launches_activity(self) -> bool:
        """Whether /play opens the card table as an Activity: people can sign in to it here, and
        the application has Activities (its EMBEDDED flag, from Discord's READY)."""
        return self._activities and self.client.application_flags.embedded

    # ----- life ------------------------------------------------------------------------------

    async def start(self) -> None:
        """What needs no platform first (the live table, health, the deadlines), then log in until
        Discord answers (adapters/chat/connection.py), sync the commands, connect to the gateway.
        Raises `Unfixable` when Discord refuses the token."""
        await self.companions.start()
        await self.connection.establish(self._login, refused_login)
        if self.client.application_id is not None:
            log.info("invite the bot to a server: %s", invite_url(self.client.application_id))
        await self.client.tree.set_translator(CommandTranslator())
        if self.settings.sync_commands:
            await self._sync()
        if self.web is not None:
            self.panel_screens.live = functools.partial(live_link, self.web, self.web_settings.url or "")
        self._gateway = asyncio.create_task(self.client.connect())

    async def _login(self) -> None:
        try:
            await self.client.login(self.settings.bot_token.get_secret_value())
        except BaseException:
            # discord.py opens a session (and a connector, closed with it) on each login: the
            # next attempt gets new ones, and none is left open
            await self.client.http.close()
            self.client.http.connector = discord.utils.MISSING
            raise

    async def _sync(self) -> None:
        """Overwrite the slash commands with ours: the global ones (Discord may take a while to show
        them), or with a test server the ones of that server only (shown at once; the global ones
        are left as they are)."""
        tree = self.client.tree
        guild_id = self.settings.test_guild
        guild = discord.Object(id=guild_id) if guild_id is not None else None
        if guild is not None:
            tree.copy_global_to(guild=guild)
        try:
            synced = await tree.sync(guild=guild)
        except (discord.HTTPException, aiohttp.ClientError, OSError, TimeoutError) as e:
            log.warning("could not sync the slash commands: %s", describe(e))
            return
        if guild is None:
            log.info("synced %d slash commands", len(synced))
        else:
            log.info("synced %d slash commands to the test server %d", len(synced), guild_id)

    async def ready(self, timeout: float = 10.0) -> None:
        """Wait until the gateway has said READY (and the guilds are in)."""
        await asyncio.wait_for(self.client.wait_until_ready(), timeout)

    def connected(self) -> bool:
        """The gateway is ready and open: for /healthz (adapters/health.py)."""
        return bool(self.client.is_ready() and not self.client.is_closed())

    async def ended(self) -> None:
        """When the gateway connection ends for good: discord.py reconnects on its own after a drop,
        and gives up only on what retrying cannot fix (raised as `Unfixable`)."""
        assert self._gateway is not None
        try:
            await self._gateway
        except discord.ConnectionClosed as e:
            if e.code == INVALID_TOKEN:
                raise Unfixable(TOKEN_ADVICE) from e
            raise
        except discord.PrivilegedIntentsRequired as e:
            raise Unfixable("Discord refused an intent this bot asks for: see adapters/discord/README.md") from e

    async def stop(self) -> None:
        await self.companions.stop()
        await self.client.close()
        if self._gateway is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(self._gateway, 5)
            self._gateway = None

    def run(self) -> None:
        """Run until stopped (Ctrl-C, SIGTERM); raises `Unfixable` when retrying cannot help."""
        asyncio.run(live_until_stopped(self))
