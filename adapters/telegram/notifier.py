"""Screens into Telegram messages: the notifier port of the service.

Each screen has a place: the table's board in the chat (and forum topic), or a person's panel in
their private chat. The first screen for a place is sent as a new message, whose id the store
remembers (`remember_message`); every later one edits that message. One writer per place draws
its screens one at a time; a screen that arrives while the writer waits for its turn (the chat's
pace, pacing.py) or while an edit is in flight replaces the one waiting, so only the newest is
drawn (a fast game edits its board as often as the group's limit allows, never more).

An edit that would show exactly what the message shows already is not sent (Telegram would answer
"message is not modified", and the call would spend the chat's pace). Marked spans of a screen's
text become entities: a person named becomes a `text_mention` (it notifies them; `@username` in
the text when `usernames` knows theirs), a time left a `date_time` entity with relative format that
clients count down themselves (Bot API 10.0).

A screen with a picture is a photo with its text as the caption (messages.py); a photo cannot
become text, so a screen that goes back to text is sent anew and the old message deleted (the
store's message row says which kind a message is: photos.py).

A lobby's ping (slot PING: the people who asked to hear of new games, named by mentions that
notify them) and a season's podium (slot SEASON, table 0: a photo with its caption where the chat's
look has pictures) are each a new message of their own, paced like any other write, never edited
nor remembered (posts.py).

The turn alert (slot ALERT) is a new message, not an edit: a new alert deletes the table's previous
one first, so the chat holds at most one; the same person keeping the turn gets their alert edited
(`Alert.new_message`); the final alert screen deletes it. The store's message row keeps its id with
whose turn it announced (`alert_note`), so a restart or another process carries on with the same
alert.

A board buried under the chat's messages (more than `buried.BURIED` of them below it: people's
messages the bot received, its own that stay; not turn alerts) is sent again at the bottom instead
of being edited, without a notification, and the old message deleted; its buttons carry the table,
not the message, so both work. What is below a board is known in memory only (buried.py): a restart
starts counting afresh, and each process counts what it sees.

Normal events, not failures: "message is not modified" (drawn already), a message that was
deleted or can no longer be edited (a new one is sent), a person who never started the bot or
blocked it (their panel is skipped; they are told how to start it when they press a button), a
`RetryAfter` that outlasted the rate limiter's own retry (the screen waits that long and goes
again, unless a newer one has replaced it).
"""

from __future__ import annotations

import asyncio
import datetime as dtm
import json
import logging
import warnings
from collections import Counter
from collections.abc import Callable, Iterable
from typing import Final

from telegram import Bot, InlineKeyboardMarkup, ReplyParameters
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError

from adapters.telegram.buried import Below
from adapters.telegram.entities import rendered
from adapters.telegram.keyboards import MAX_TEXT, LiveLinks, markup_of
from adapters.telegram.messages import UPLOAD_BUDGET, Messages
from adapters.telegram.pacing import Pacer
from adapters.telegram.photos import Photos, note_of, read_note
from adapters.telegram.posts import Key, Post, Shown, drawn_digest, post_of
from adapters.telegram.reach import Reach
from bot.people import ChatRef
from bot.screens.model import ALERT, NO_ALERT, Screen, alert_note, read_alert_note
from bot.store import Store

log = logging.getLogger(__name__)

NOT_MODIFIED: Final = "message is not modified"
GONE: Final = ("message to edit not found", "message can't be edited", "message_id_invalid")
# Edits of a message that is not of the kind the row says (another process drew it meanwhile).
WRONG_KIND: Final = ("there is no text in the message", "there is no caption in the message", "there is no media")
NETWORK_ATTEMPTS: Final = 3
NOT_A_TABLE: Final = 0  # leaderboards, stats, season podiums: never edited, never remembered

REMEMBERED: Final = 10_000  # messages whose drawn content is kept, to skip edits that change nothing


def retry_seconds(exc: RetryAfter) -> float:
    with warnings.catch_warnings():  # PTB warns about the int form of retry_after
        warnings.simplefilter("ignore")
        after = exc.retry_after
    return after.total_seconds() if isinstance(after, dtm.timedelta) else float(after)


class TelegramNotifier(Reach):
    def __init__(
        self,
        bot: Bot,
        store: Store,
        group: Pacer,
        private: Pacer,
        usernames: Callable[[str], str | None] = lambda user_id: None,
    ) -> None:
        self.bot = bot
        self.usernames = usernames  # a person's @username by their id, where known
        self._drawn: dict[Key, tuple[str, Shown]] = {}  # what each message shows now: (message id, content)
        self.store = store
        self.group = group
        self.private = private
        self._pending: dict[Key, Post] = {}
        self._writers: dict[Key, asyncio.Task[None]] = {}
        self._reachable: dict[str, bool] = {}  # person -> whether their private chat takes messages
        self._saying = 0  # one-off messages on their way
        self._holds: Counter[str] = Counter()  # chat -> presses being answered there (see `hold`)
        self._released: dict[str, asyncio.Event] = {}  # chat -> set when its last hold ends
        self.below = Below()  # the messages that stay in each group chat, to tell a buried board
        self.photos = Photos(store)
        self.messages = Messages(bot, self.photos)
        self.live: LiveLinks | None = None  # where the live table is (None: not served)
        self.stats = dict.fromkeys(("sent", "edited", "unchanged", "coalesced", "skipped", "outdated", "reposted"), 0)

    # ----- the port -------------------------------------------------------------------------

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        """Queue the screens and return at once (the service holds the table's lock meanwhile)."""
        for screen in screens:
            self._queue(post_of(chat, screen))

    # ----- for the handlers -----------------------------------------------------------------

    async def deliver(self, chat: ChatRef | None, screens: Iterable[Screen]) -> bool:
        """Draw the screens now (through the same writers) and wait; False if a private one could
        not reach its person (they never started the bot, or blocked it)."""
        posts = [post_of(chat, s) for s in screens]
        await asyncio.gather(*(asyncio.shield(self._queue(p)) for p in posts))
        return all(self.reachable(s.audience) is not False for s in (p.screen for p in posts) if s.audience)

    async def say(self, chat: ChatRef, text: str, reply_to: int | None = None) -> None:
        """A one-off message (help, a leaderboard) at the chat's pace; failures are logged."""
        self._saying += 1
        try:
            await self._pace(chat.chat_id)
            thread = int(chat.thread_id) if chat.thread_id else None
            reply = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
            sent = await self.bot.send_message(
                int(chat.chat_id), text[:MAX_TEXT], message_thread_id=thread, reply_parameters=reply
            )
            self.stats["sent"] += 1
            self.seen(chat, sent.message_id)
        except TelegramError as e:
            log.warning("could not answer in chat %s: %s", chat.chat_id, e)
        finally:
            self._saying -= 1

    async def edit_inline(self, inline_message_id: str, text: str, markup: InlineKeyboardMarkup | None) -> None:
        """Rewrite a message sent through inline mode (a refused choice says why)."""
        try:
            await self.bot.edit_message_text(text[:MAX_TEXT], inline_message_id=inline_message_id, reply_markup=markup)
        except TelegramError as e:
            log.info("could not edit an inline message: %s", e)

    def hold(self, *chat_ids: str) -> Callable[[], None]:
        """Hold the redraws of these chats while a press is answered, so the presser's answer goes
        out before the board and panel the press changed (they would otherwise take the connection
        first). Other chats' redraws go on. Returns the release (safe to call more than once)."""
        for chat_id in chat_ids:
            self._holds[chat_id] += 1
            self._released.setdefault(chat_id, asyncio.Event())
        released = False

        def release() -> None:
            nonlocal released
            if released:
                return
            released = True
            for chat_id in chat_ids:
                self._holds[chat_id] -= 1
                if not self._holds[chat_id]:
                    del self._holds[chat_id]
                    self._released.pop(chat_id).set()

        return release

    async def _unheld(self, chat_id: str) -> None:
        while (released := self._released.get(chat_id)) is not None:
            await released.wait()

    def seen(self, chat: ChatRef, message_id: int) -> None:
        """A message that stays in the chat: the bot received it, or sent it (a board may be buried)."""
        self.below.seen((chat.chat_id, chat.thread_id), message_id)

    async def idle(self) -> None:
        """Wait until every queued screen and one-off message is sent."""
        while self._writers or self._saying:
            if self._writers:
                await asyncio.gather(*list(self._writers.values()), return_exceptions=True)
            else:
                await asyncio.sleep(0.01)

    async def close(self, timeout: float = 5.0) -> None:
        """Draw what is queued (for at most `timeout` seconds), then stop."""
        try:
            await asyncio.wait_for(self.idle(), timeout)
        except TimeoutError:
            for writer in list(self._writers.values()):
                writer.cancel()
            log.warning("stopped with %d screens not drawn", len(self._pending))

    # ----- writers --------------------------------------------------------------------------

    def _queue(self, post: Post) -> asyncio.Task[None]:
        if post.key in self._pending:
            self.stats["coalesced"] += 1
        self._pending[post.key] = post
        writer = self._writers.get(post.key)
        if writer is None:
            if post.one_off:  # after the table's messages on their way (a ping comes below its lobby)
                before = [w for k, w in self._writers.items() if k[:2] == post.key[:2]]
                writer = self._writers[post.key] = asyncio.create_task(self._write_after(before, post.key))
            else:
                writer = self._writers[post.key] = asyncio.create_task(self._write(post.key))
        return writer

    async def _write_after(self, before: list[asyncio.Task[None]], key: Key) -> None:
        """A one-off message, once the writers of the same table in the same chat are done."""
        if before:
            await asyncio.wait(before)  # (never cancels them)
        await self._write(key)

    async def _write(self, key: Key) -> None:
        """Draw the newest screen of one place until none is waiting."""
        network_failures = 0
        try:
            while key in self._pending:
                await self._unheld(key[0])
                await self._pace(key[0])
                post = self._pending.pop(key)  # the newest, whatever arrived while we waited
                try:
                    await self._draw(post)
                    network_failures = 0
                except RetryAfter as e:
                    log.warning("flood control in chat %s: waiting %.0f s", post.chat_id, retry_seconds(e))
                    self._pending.setdefault(key, post)
                    await asyncio.sleep(retry_seconds(e))
                except NetworkError as e:  # (RetryAfter is not one) a timeout, a broken connection
                    network_failures += 1
                    if network_failures < NETWORK_ATTEMPTS:
                        self._pending.setdefault(key, post)
                        await asyncio.sleep(network_failures)
                    else:
                        log.warning("gave up drawing table %s in chat %s: %s", key[1], post.chat_id, e)
                except Forbidden as e:
                    self._forbidden(post, e)
                except TelegramError as e:
                    self.stats["skipped"] += 1
                    log.warning("could not draw table %s in chat %s: %s", key[1], post.chat_id, e)
                except Exception:  # a writer must never die with screens waiting
                    log.exception("could not draw table %s in chat %s", key[1], post.chat_id)
        finally:
            del self._writers[key]

    def pacer(self, chat_id: str) -> Pacer:
        """The pace of writes into this chat (a group's, or a private chat's)."""
        return self.group if chat_id.startswith("-") else self.private

    async def _pace(self, chat_id: str) -> None:
        await self.pacer(chat_id).take(chat_id)

    async def _draw(self, post: Post) -> None:
        uploading: list[str] = []  # the pictures this draw uploads (others wanting them wait)
        try:
            await self._draw_uploading(post, uploading)
        finally:
            for digest in uploading:
                self.photos.release(digest)

    async def _draw_uploading(self, post: Post, uploading: list[str]) -> None:
        screen = post.screen
        text, entities = rendered(screen, self.usernames)
        markup = markup_of(screen, self.live)
        remembered = screen.table_id != NOT_A_TABLE and not post.one_off
        place = (screen.table_id, post.audience, screen.slot)
        if remembered and not await self.store.claim_screen(*place, screen.version):
            self.stats["outdated"] += 1  # another process has drawn a newer one
            return
        stored = await self.store.message_id(*place) if remembered else None
        if screen.slot == ALERT:
            message_id, is_photo = await self._alert(post, stored), False
            if message_id is None and screen.alert is None:
                return
        else:
            message_id, is_photo = read_note(stored)
        budget = max(UPLOAD_BUDGET, self.pacer(post.chat_id).interval)  # an upload must fit the chat's pace
        drawn = self._drawn.get(post.key)
        shown_before = drawn[1] if drawn is not None and drawn[0] == message_id else None
        buried = message_id is not None and post.is_board and self.below.buried(post.place, int(message_id))
        if message_id is None or buried:
            is_photo, shown_before = False, None  # a new message: its picture is sent whole
        picture = await self.messages.picture(screen, text, is_photo, drawn_digest(shown_before), uploading, budget)
        digest = picture.digest if picture is not None else None
        shown: Shown = (text, json.dumps([e.to_dict() for e in entities], sort_keys=True), markup, digest)
        anew = False  # the message is sent again, silently: buried, or a photo going back to text
        if message_id is not None:
            if shown_before == shown:
                self.stats["unchanged"] += 1
                return
            self._drawn.pop(post.key, None)  # until it is drawn again
            if buried:
                anew = True
                self.stats["reposted"] += 1
                await self.messages.delete(int(post.chat_id), int(message_id))
            elif is_photo and picture is None:
                anew = True
                await self.messages.delete(int(post.chat_id), int(message_id))
            else:
                try:
                    await self.messages.edit(int(post.chat_id), int(message_id), text, entities, markup, picture)
                    self.stats["edited"] += 1
                    self._shows(post.key, message_id, shown)
                    self._reached(screen)
                    if picture is not None and not is_photo and remembered:  # a text message given a picture
                        await self.store.remember_message(*place, note_of(message_id, True), screen.version)
                    return
                except BadRequest as e:
                    said = e.message.lower()
                    if NOT_MODIFIED in said:
                        self.stats["unchanged"] += 1
                        return
                    if any(words in said for words in WRONG_KIND):  # drawn as the other kind meanwhile
                        anew = True
                        await self.messages.delete(int(post.chat_id), int(message_id))
                    elif not any(words in said for words in GONE):
                        raise
                    else:
                        log.info("table %s: its message %s is gone, sending a new one", screen.table_id, message_id)
                    if picture is not None and picture.png is None and picture.file_id is None:
                        picture = await self.messages.picture(screen, text, False, None, uploading, budget)
        thread = int(post.thread_id) if post.thread_id else None
        sent = await self.messages.send(int(post.chat_id), thread, text, entities, markup, picture, silently=anew)
        self.stats["sent"] += 1
        self._reached(screen)
        if not post.one_off:  # (a one-off message is never edited: nothing to compare it with)
            self._shows(post.key, str(sent.message_id), shown)
        if screen.audience is None and screen.slot != ALERT:
            self.below.seen(post.place, sent.message_id)
        if remembered:
            if screen.alert is not None:
                note = alert_note(str(sent.message_id), screen.alert)
            else:
                note = note_of(str(sent.message_id), picture is not None)
            await self.store.remember_message(*place, note, screen.version)

    async def _alert(self, post: Post, stored: str | None) -> str | None:
        """A turn alert: the message to edit (the same person keeps the turn), or None after
        deleting the one shown (a new alert is sent; a final one only deletes)."""
        screen, (message_id, shown) = post.screen, read_alert_note(stored)
        alert = screen.alert
        if message_id is not None and alert is not None and not alert.new_message(shown):
            if shown is None or shown.since != alert.since:
                note = alert_note(message_id, alert)
                await self.store.remember_message(screen.table_id, post.audience, ALERT, note, screen.version)
            return message_id
        self._drawn.pop(post.key, None)
        if message_id is not None:
            try:
                await self.bot.delete_message(int(post.chat_id), int(message_id))
            except TelegramError as e:  # deleted already (by people, or by another process)
                log.info("table %s: its alert %s could not be deleted: %s", screen.table_id, message_id, e)
            await self.store.remember_message(screen.table_id, post.audience, ALERT, NO_ALERT, screen.version)
        return None

    def _shows(self, key: Key, message_id: str, shown: Shown) -> None:
        """The message now shows this (the newest few messages are kept)."""
        self._drawn.pop(key, None)
        self._drawn[key] = (message_id, shown)
        if len(self._drawn) > REMEMBERED:
            del self._drawn[next(iter(self._drawn))]

    def _reached(self, screen: Screen) -> None:
        if screen.audience is not None:
            self._reachable[screen.audience.user_id] = True

    def _forbidden(self, post: Post, e: Forbidden) -> None:
        self.stats["skipped"] += 1
        if post.screen.audience is not None:  # never started the bot, or blocked it
            self._reachable[post.screen.audience.user_id] = False
            log.info("person %s does not take private messages: %s", post.chat_id, e)
        else:
            log.warning("the bot may not write in chat %s: %s", post.chat_id, e)
