"""The Telegram bot put together: python-telegram-bot's Application (the token, the Bot API server,
flood control: rate_limits.py, the handlers) in front of the service on the database; the chat
layer draws its screens (adapters/chat, with messages.py), and the scheduler runs beside it
(adapters/chat/companions.py).

On start: what runs beside the bot (the live table, the deadlines), then the Bot API, tried until it
answers (adapters/chat/connection.py), then updates, the command menu in every language set
meanwhile. Updates arrive by long polling, or by webhook when TELEGRAM_WEBHOOK_URL is set.

With CARDBOT_WEB_URL set, the live table (adapters/web) is served beside it, on CARDBOT_WEB_LISTEN:
the service tells it of every change, and panels open it as a Mini App (keyboards.py).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Final
from urllib.parse import urlsplit

from telegram import Update
from telegram.error import BadRequest, InvalidToken, NetworkError, TelegramError
from telegram.ext import (
    AIORateLimiter,
    Application,
    ApplicationBuilder,
    CallbackQueryHandler,
    ChatMemberHandler,
    CommandHandler,
    ContextTypes,
    InlineQueryHandler,
    MessageHandler,
    TypeHandler,
    filters,
)

from adapters.chat.companions import Companions
from adapters.chat.connection import Connection
from adapters.chat.lifetime import live_until_stopped
from adapters.chat.notifier import ChatNotifier
from adapters.chat.pacing import Pacer
from adapters.chat.records import Records
from adapters.chat.uploads import Uploads
from adapters.telegram.answers import Answers, stays
from adapters.telegram.handlers import Commands
from adapters.telegram.identities import PLATFORM, Directory, chat_of
from adapters.telegram.inline import InlineMode
from adapters.telegram.keyboards import LiveLinks
from adapters.telegram.logs import quiet_urls
from adapters.telegram.members import ChatMembers
from adapters.telegram.menu import set_menu
from adapters.telegram.messages import TelegramMessages
from adapters.telegram.pacing import TelegramPace
from adapters.telegram.play_pictures import PlayPictures
from adapters.telegram.presses import Presses
from adapters.telegram.quick_match import QuickMatchCommands
from adapters.telegram.rate_limits import RateLimits
from adapters.telegram.settings import TelegramSettings
from adapters.web.settings import WebSettings
from bot.bootstrap import bootstrap
from bot.clock import Clock, SystemClock
from bot.games import game_info, games
from bot.match_ticks import MatchTicks
from bot.scheduler import Scheduler
from bot.settings import ServiceConfig
from bot.store import Store

if TYPE_CHECKING:
    from adapters.web.server import WebServer

log = logging.getLogger(__name__)

UPDATES: Final = [
    Update.MESSAGE,
    Update.CALLBACK_QUERY,
    Update.INLINE_QUERY,
    Update.MY_CHAT_MEMBER,
]
POLL_TIMEOUT: Final = 10  # seconds a getUpdates call waits for an update
RATE_LIMIT_RETRIES: Final = 1  # a RetryAfter is waited out and the request sent once more


def refused_token(error: Exception) -> str | None:
    """What to do when the Bot API refuses the token (getMe's 401 or 404): nothing else is fatal."""
    if isinstance(error, InvalidToken):
        return "Telegram refused the bot token: set TELEGRAM_BOT_TOKEN to the token @BotFather gives (/token)"
    return None


class TelegramBot:
    platform: Final = PLATFORM

    def __init__(
        self,
        settings: TelegramSettings,
        store: Store,
        records: Records,
        clock: Clock | None = None,
        config: ServiceConfig | None = None,
        seed: int | None = None,
        poll_timeout: int = POLL_TIMEOUT,
        web: WebSettings | None = None,
    ) -> None:
        """`store`: the service's; `records`: the platform's messages and uploaded pictures
        (adapters/chat/records.py; `SqlStore.records` beside a database). `web`: the live table's
        settings (None: from the environment, CARDBOT_WEB_*)."""
        quiet_urls()  # before the Bot is built: it logs its URL, token included, at DEBUG
        self.settings = settings
        self.poll_timeout = poll_timeout
        writes = AIORateLimiter(
            overall_max_rate=settings.overall_per_second,
            overall_time_period=1,
            group_max_rate=settings.group_per_minute,
            group_time_period=settings.minute,
            max_retries=RATE_LIMIT_RETRIES,
        )
        self.application: Application[Any, Any, Any, Any, Any, Any] = (
            ApplicationBuilder()
            .token(settings.bot_token.get_secret_value())
            .base_url(settings.base_url)
            .base_file_url(settings.base_file_url)
            .rate_limiter(RateLimits(writes))  # answers and checks pass the chats' buckets
            .read_timeout(settings.read_timeout)
            .concurrent_updates(True)  # the service locks each table; presses must not queue behind one another
            .build()
        )
        clock = clock or SystemClock()
        config = config or ServiceConfig(window_seconds=settings.window_seconds)
        self.web_settings = web if web is not None else WebSettings()
        if self.web_settings.url:
            config = replace(config, live_table=True)
        bot = self.application.bot
        group = Pacer(settings.group_per_minute, settings.minute, settings.group_burst)
        self.pace = TelegramPace(group, Pacer(settings.private_per_second, 1.0))
        self.store = store
        self.records = records
        self.directory = Directory()  # people by @username, and their @username for turn alerts
        self.messages = TelegramMessages(bot, self.directory.username)
        self.uploads = Uploads(records, PLATFORM)
        self.notifier = ChatNotifier(self.messages, records, self.pace, self.uploads, clock)
        self.answers = Answers(
            bot, self.notifier.writers, self.notifier.below, self.notifier.pictures, lambda: self.messages.live
        )
        self.service = bootstrap(store, self.notifier, clock, config, seed=seed, platform=PLATFORM)
        self.scheduler = Scheduler.of(self.service)
        self.web: WebServer | None = None  # the live table, when served
        if self.web_settings.url:
            from adapters.web.server import WebServer  # (loaded only when served)

            token = settings.bot_token.get_secret_value()
            members = ChatMembers(self.application.bot)  # spectators: people of the table's chat only
            pages = [settings.webapp_url] if settings.webapp_url else []  # the Mini App, if served elsewhere
            self.web = WebServer(self.service, store, self.web_settings, token, members=members, pages=pages)
        matcher = MatchTicks(self.service.quick, PLATFORM)  # quick match (#38)
        self.companions = Companions(self.scheduler, self.notifier, self.web, matcher)
        self.connection = Connection("telegram")
        self._menu: asyncio.Task[None] | None = None
        self._add_handlers()

    def _add_handlers(self) -> None:
        app = self.application
        commands = Commands(self.service, self.notifier, self.answers, self.directory)
        self.play_pictures = PlayPictures(app.bot, self.uploads, self.pace, self.settings.picture_chat)
        presses = Presses(self.service, self.notifier)
        inline = InlineMode(self.service, self.answers, self.play_pictures)
        app.add_handler(TypeHandler(Update, self._seen), group=-2)
        app.add_handler(TypeHandler(Update, commands.remember), group=-1)
        app.add_handler(CommandHandler([game_info(game).command for game in games()], commands.game))
        app.add_handler(CommandHandler("leaderboard", commands.leaderboard))
        app.add_handler(CommandHandler("stats", commands.stats))
        app.add_handler(CommandHandler("notify", commands.notify))
        app.add_handler(CommandHandler(["kick", "votekick"], commands.kick))
        app.add_handler(CommandHandler("settings", commands.settings))
        app.add_handler(CommandHandler("look", commands.look))
        app.add_handler(CommandHandler("cancel", commands.cancel))
        app.add_handler(CommandHandler("tournament", commands.tournament))
        app.add_handler(CommandHandler("forget", commands.forget))
        app.add_handler(CommandHandler("link", commands.linking.link))  # (/link: adapters/telegram/linking.py)
        app.add_handler(CommandHandler("unlink", commands.linking.unlink))
        app.add_handler(CommandHandler("rules", commands.rules))
        app.add_handler(CommandHandler("help", commands.help))
        # quick match (issue #38): the command, and the deep link that queues from the private chat
        quick = QuickMatchCommands(self.service, self.notifier, self.answers)
        app.add_handler(CommandHandler("quickmatch", quick.quickmatch))
        app.add_handler(CommandHandler("start", quick.start_link, filters.Regex(r"^/start(@\w+)? qm-")))
        app.add_handler(CommandHandler("start", commands.start))
        app.add_handler(ChatMemberHandler(commands.membership, ChatMemberHandler.MY_CHAT_MEMBER))
        app.add_handler(CallbackQueryHandler(presses.press))
        app.add_handler(InlineQueryHandler(inline.query))
        app.add_handler(MessageHandler(filters.VIA_BOT & filters.TEXT, inline.played))
        app.add_error_handler(self._failed)

    async def _seen(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        """Every message the bot receives in a chat (a play sent "via" it too) stays there, below
        the boards before it: the chat layer counts them to tell a buried board (adapters/chat/below.py)."""
        if update.message is not None:
            stays(self.notifier.below, chat_of(update.message), update.message.message_id)

    # ----- life ------------------------------------------------------------------------------

    async def start(self) -> None:
        """What needs no platform first (the live table, health, the deadlines), then the Bot API
        until it answers (adapters/chat/connection.py), then updates: by long polling, or by
        webhook when a URL is set. Raises `Unfixable` when Telegram refuses the token."""
        url = self.settings.webapp_url or self.web_settings.url or ""
        pages = self.web.pages if self.web is not None else None
        if self.web is not None:  # (the group link waits for the username)
            self.messages.live = LiveLinks(url, self.settings.webapp_name, pages=pages)
        await self.companions.start()
        app = self.application
        await self.connection.establish(app.initialize, refused_token)
        # the menu and the profile in every language (64 requests) go beside the updates, not first
        if self.settings.set_menu:
            self._menu = asyncio.create_task(set_menu(app.bot))
        if self.web is not None:
            self.messages.live = LiveLinks(url, self.settings.webapp_name, app.bot.username, pages)
            if not self.messages.live.mini_app:  # Telegram refuses a Mini App not on HTTPS: no button, no lost panel
                log.warning("the live table's URL is not https://: Telegram gets no button to it")
        assert app.updater is not None
        if self.settings.webhook_url:
            await app.updater.start_webhook(**self._webhook(), bootstrap_retries=-1)
        else:
            await app.updater.start_polling(
                poll_interval=0,
                timeout=self.poll_timeout,
                allowed_updates=UPDATES,
                bootstrap_retries=-1,
                error_callback=self._poll_failed,
            )
        await app.start()

    def _poll_failed(self, error: TelegramError) -> None:
        """A failed getUpdates (PTB tries again on its own): told to the error handler, as
        `run_polling` would, so that it is logged in one line and /healthz sees it."""
        self.application.create_task(self.application.process_error(update=None, error=error))

    async def _failed(self, update: object, context: ContextTypes.DEFAULT_TYPE) -> None:
        kind = type(update).__name__ if update is not None else "polling"
        error = context.error
        if isinstance(error, NetworkError) and not isinstance(error, BadRequest):  # a 502, a timeout: retried
            log.warning("handling %s failed: %s", kind, error)
            return
        log.error("handling %s failed", kind, exc_info=error)

    def connected(self) -> bool:
        """Polling (or serving the webhook): for /healthz (adapters/health.py)."""
        updater = self.application.updater
        return bool(self.application.running and updater is not None and updater.running)

    async def ended(self) -> None:
        """Never, on its own: PTB polls (or serves the webhook) until it is stopped."""
        await asyncio.Event().wait()

    async def stop(self) -> None:
        if self._menu is not None:
            self._menu.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._menu
            self._menu = None
        app = self.application
        assert app.updater is not None
        if app.updater.running:
            await app.updater.stop()
        if app.running:
            await app.stop()
        await self.companions.stop()
        await app.shutdown()

    def run(self) -> None:
        """Run until stopped (Ctrl-C, SIGTERM); raises `Unfixable` when retrying cannot help."""
        asyncio.run(live_until_stopped(self))

    def _webhook(self) -> dict[str, Any]:
        """Telegram posts to the public URL; the server listens at its path, behind a proxy."""
        s = self.settings
        assert s.webhook_url
        return {
            "listen": s.listen,
            "port": s.port,
            "url_path": urlsplit(s.webhook_url).path.lstrip("/"),
            "webhook_url": s.webhook_url,
            "secret_token": s.webhook_secret.get_secret_value() if s.webhook_secret else None,
            "allowed_updates": UPDATES,
        }
