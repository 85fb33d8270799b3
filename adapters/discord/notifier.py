"""Screens into Discord messages: the notifier port of the service.

A table's public screen is a message in its channel, with components: the first is sent and its id
remembered by the store (`remember_message`), every later one edits it (a deleted message is sent
again). A person's panel is an ephemeral message (panels.py), edited through the interaction that
last touched it while that lasts; a panel nobody has open is not drawn (its person opens it with
"My cards" / "My panel"), one whose game is over or that its person left shows the table's last
public screen without buttons, and one whose interaction is about to run out says so, keeping its
buttons (a press on any of them opens it again).

One writer per message draws its screens one at a time; a screen that arrives while an edit is in
flight (or waits out a rate limit: discord.py honours 429s and Discord's rate-limit headers, and
so does the writer for a 429 that reaches it) replaces the one waiting, so only the newest is
drawn: a real-time board is edited once per reaction window at most, fewer times when Discord
says slow down. An edit that would change nothing is skipped.

A screen with a picture (a deck look, and a picture described: adapters/pictures/screens.py) is
its text as the message's content with an embed showing the picture, uploaded as an attachment
(components.PictureEdit); turn alerts and leaderboards never have one. A picture is uploaded only
when it changed: what each message shows is remembered by the picture's digest (by message id,
the newest few), and an edit that keeps it leaves the embed and attachments out (Discord keeps
them). A screen whose look is text, or with no picture (any more), removes them, and one whose
picture stays (`picture_stays`: a real-time panel between windows) keeps the one shown and
changes the text only. A picture the renderer cannot draw goes out as text: never is a screen
lost for its picture. What a message shows that is not known here (after a restart, a failed
edit) is treated as unknown: a picture is uploaded, text clears it.

A panel's live table button (adapters/web, when served) is a link signed for its person by `live`
afresh at each drawing; the channel's board has none (anyone may press what is there).

Marked spans of a screen's text are drawn the Discord way (texts.marked): a time left as a
`<t:UNIX:R>` timestamp. The turn alert (slot ALERT) is a new message naming the person with
`<@id>`, its allowed mentions limited to that one user: a new alert deletes the table's previous one
first, so the channel holds at most one; the same person keeping the turn gets theirs edited
(`Alert.new_message`); the final alert screen deletes it. The store's message row keeps its id with
whose turn it announced (`alert_note`), so a restart or another process carries on with the same
alert. All of it goes through discord.py's rate-limit buckets like any other write.

A one-off screen (posts.ONE_OFF) is a new message of its own, never edited nor remembered, never
coalesced with another: a ping (slot "ping", when a table opens) names the people who asked with
`<@id>` mentions, its allowed mentions exactly those users (several messages if it is long, each
notifying whom it names), and goes out once the table's message is drawn (not at all if it could
not be); a season's podium (slot "season", table 0) carries its picture as an embed, the only
screen of no table that does. A screen for a whole server (no channel named: a season's end) goes
to the channel of its latest table drawn here, else its system channel, else its first text
channel the bot may write in.

A board buried under the channel's messages (more than `buried.BURIED` of them below it, as the
gateway announced them: people's messages, the bot's own that stay; not turn alerts) is sent again
at the bottom instead of being edited, silently (no push notification), and the old message
deleted; its buttons carry the table, not the message, so both work. What is below a board is
known in memory only (buried.py): a restart starts counting afresh, and each process counts what
its shards see.

Normal events, not failures: a deleted message (sent again), a channel the bot may not write in or
that is gone (`Forbidden`, `NotFound`: logged, skipped), a panel dismissed or whose interaction
expired (forgotten).

The panels' half is in panel_writing.py; which picture each message shows, in shown.py.
"""

from __future__ import annotations

import asyncio
import logging
from dataclasses import replace
from typing import Any, Final

import aiohttp
import discord

from adapters.discord import texts
from adapters.discord.buried import Below
from adapters.discord.components import (
    MAX_TEXT,
    PictureEdit,
    layout,
    text_of,
    view_of,
)
from adapters.discord.one_offs import OneOffWriting
from adapters.discord.panel_writing import PANEL, LiveLink, PanelWriting
from adapters.discord.panels import Panel, PanelKey, Panels
from adapters.discord.people import PLATFORM, channel_of
from adapters.discord.posts import BOARD, NO_MENTIONS, NOT_A_TABLE, ONE_OFF, Key, Post, Shown, only, retry_after
from adapters.discord.shown import ShownPictures, picture_edit, picture_of
from bot.people import ChatRef, PersonRef
from bot.screens.model import ALERT, NO_ALERT, Screen, alert_note, read_alert_note
from bot.store import Store

log = logging.getLogger(__name__)

NETWORK_ATTEMPTS: Final = 3
REMEMBERED: Final = 10_000  # messages whose drawn content is kept, to skip edits that change nothing


class DiscordNotifier(PanelWriting, OneOffWriting):
    def __init__(self, client: discord.Client, store: Store, panels: Panels) -> None:
        self.client = client
        self.store = store
        self.panels = panels
        self._pending: dict[Key, Post] = {}
        self._writers: dict[Key, asyncio.Task[None]] = {}
        self._drawn: dict[Key, Shown] = {}  # what each message shows now (the newest few)
        self.pictures = ShownPictures(REMEMBERED)  # the picture each message shows
        self._forbidden: set[tuple[int, int]] = set()  # (channel, table) whose message the bot may not send
        self._serial = 0  # the last one-off message queued (each has its own writer)
        self._played: dict[str, int] = {}  # server -> the channel of its latest table drawn here
        self._farewells: dict[PanelKey, asyncio.Task[None]] = {}
        self._closed: dict[PanelKey, Panel] = {}
        self.below = Below()  # the messages that stay in each channel, to tell a buried board
        self.live: LiveLink | None = None  # signs a panel's link to its live table (None: not served)
        self.stats = dict.fromkeys(
            ("sent", "edited", "unchanged", "coalesced", "skipped", "outdated", "reposted", "uploaded"), 0
        )

    # ----- the port -------------------------------------------------------------------------

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        """Queue the screens and return at once (the service holds the table's lock meanwhile)."""
        channel = self._channel_of(chat)
        panels_drawn = {(s.table_id, s.audience.user_id) for s in screens if s.audience and s.slot == PANEL}
        for screen in screens:
            if screen.audience is None and screen.slot in ONE_OFF:
                self._serial += 1
                self._queue(Post(channel, screen, serial=self._serial))
            elif screen.audience is None:
                self._queue(Post(channel, screen))
            elif screen.slot == PANEL:
                self._queue_panel(screen)
        for public in screens:
            if public.audience is not None or public.table_id == NOT_A_TABLE or public.slot != BOARD:
                continue
            for key in self.panels.of_table(public.table_id):
                if key not in panels_drawn:  # the game is over for them, or they left it
                    person = PersonRef(PLATFORM, key[1])
                    last = Screen(public.table_id, public.text, (), person, PANEL, final=True)
                    self._queue(Post(0, replace(last, picture=public.picture, look=public.look)))

    def _channel_of(self, chat: ChatRef) -> int:
        """Where a chat's screens go: a table's channel (or thread); for a whole server (a season's
        podium names no channel), the channel its last table here was in, else its system
        channel, else its first text channel the bot may write in."""
        if chat.thread_id is not None:
            channel = channel_of(chat)
            self._played[chat.chat_id] = channel
            return channel
        if chat.chat_id in self._played:
            return self._played[chat.chat_id]
        guild = self.client.get_guild(int(chat.chat_id)) if chat.chat_id.isdecimal() else None
        if guild is None:  # a direct message's channel
            return channel_of(chat)
        places = [guild.system_channel, *sorted(guild.text_channels, key=lambda c: c.position)]
        me = guild.me
        for place in places:
            if place is not None and (me is None or place.permissions_for(me).send_messages):
                return place.id
        return channel_of(chat)

    # ----- for the handlers -----------------------------------------------------------------

    def posted(self, channel: int, message_id: int) -> None:
        """A message was posted in the channel (the gateway said so): it may bury a board."""
        self.below.seen(channel, message_id)

    def deleted(self, channel: int, message_id: int) -> None:
        self.below.gone(channel, message_id)

    async def refused(self, chat: ChatRef, table_id: int, timeout: float = 5.0) -> bool:
        """Wait (a while) until the table's public message is drawn; whether Discord refused it
        (the bot may not write in the channel). A message still waiting for its turn is not."""
        channel = channel_of(chat)
        writer = self._writers.get((channel, table_id, "", "table"))
        if writer is not None:
            await asyncio.wait({writer}, timeout=timeout)
        if (channel, table_id) in self._forbidden:
            self._forbidden.discard((channel, table_id))
            return True
        return False

    async def idle(self) -> None:
        """Wait until every queued screen is drawn."""
        while self._writers:
            await asyncio.gather(*list(self._writers.values()), return_exceptions=True)

    async def close(self, timeout: float = 5.0) -> None:
        """Draw what is queued (for at most `timeout` seconds), then stop."""
        for task in self._farewells.values():
            task.cancel()
        self._farewells.clear()
        try:
            await asyncio.wait_for(self.idle(), timeout)
        except TimeoutError:
            for writer in list(self._writers.values()):
                writer.cancel()
            log.warning("stopped with %d screens not drawn", len(self._pending))

    # ----- writers --------------------------------------------------------------------------

    def _queue(self, post: Post) -> None:
        waiting = self._pending.get(post.key)
        if waiting is not None:
            self.stats["coalesced"] += 1
            if waiting.farewell is not None and post.farewell is None:  # still the last edit, but of the newest
                post = Post(post.channel, post.screen, waiting.farewell)
        self._pending[post.key] = post
        if post.key not in self._writers:
            self._writers[post.key] = asyncio.create_task(self._write(post.key))

    async def _write(self, key: Key) -> None:
        """Draw the newest screen of one message until none is waiting."""
        failures = 0
        try:
            while key in self._pending:
                post = self._pending.pop(key)  # the newest, whatever arrived while we were busy
                try:
                    if post.serial:
                        await self._send_one_off(post)
                    elif post.channel:
                        await self._draw_public(key, post)
                    else:
                        await self._draw_panel(key, post)
                    failures = 0
                except (discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError) as e:
                    failures += 1
                    if failures < NETWORK_ATTEMPTS:
                        self._pending.setdefault(key, post)
                        await asyncio.sleep(failures)
                    else:
                        log.warning("gave up drawing table %s (%s): %s", key[1], key[3], e)
                except discord.HTTPException as e:
                    if e.status == 429:  # beyond discord.py's own retries: wait, then draw the newest
                        log.warning("rate limited drawing table %s: waiting %.1f s", key[1], retry_after(e))
                        self._pending.setdefault(key, post)
                        await asyncio.sleep(retry_after(e))
                        continue
                    self.stats["skipped"] += 1
                    log.warning("could not draw table %s (%s): %s", key[1], key[3], e)
                except Exception:  # a writer must never die with screens waiting
                    log.exception("could not draw table %s (%s)", key[1], key[3])
        finally:
            del self._writers[key]

    def _shows(self, key: Key, shown: Shown, final: bool = False) -> None:
        """The message now shows this (a final one is never drawn again: forgotten)."""
        self._drawn.pop(key, None)
        if final:
            return
        self._drawn[key] = shown
        if len(self._drawn) > REMEMBERED:
            del self._drawn[next(iter(self._drawn))]

    def _unchanged(self, key: Key, shown: Shown) -> bool:
        if self._drawn.get(key) == shown:
            self.stats["unchanged"] += 1
            return True
        return False

    async def _draw_public(self, key: Key, post: Post) -> None:
        screen = post.screen
        content, view = texts.marked(screen) if screen.marks else text_of(screen), view_of(screen)
        if len(content) > MAX_TEXT:
            content = text_of(screen)
        rows = tuple(layout(screen.buttons))
        channel = self.client.get_partial_messageable(post.channel)
        remembered = screen.table_id != NOT_A_TABLE
        if remembered and not await self.store.claim_screen(screen.table_id, "", screen.slot, screen.version):
            self.stats["outdated"] += 1  # another process has drawn a newer one
            return
        message_id = await self.store.message_id(screen.table_id, "", screen.slot) if remembered else None
        if screen.slot == ALERT:
            message_id = await self._alert(key, post, message_id)
            if message_id is None and screen.alert is None:
                return
        framed = remembered and screen.slot != ALERT  # alerts and leaderboards never show a picture
        showing = self.pictures.showing(int(message_id)) if message_id is not None and framed else None
        digest, png = await picture_of(screen, showing)
        shown = (content, rows, digest)
        buried = False  # the board is sent again below what buried it
        if message_id is not None:
            if self._unchanged(key, shown):
                return
            self._drawn.pop(key, None)  # until it is drawn again
            self.pictures.forget(int(message_id))
            board = screen.slot == BOARD and not screen.final
            if board and self.below.buried(post.channel, int(message_id)):
                buried = True
                await self._delete_buried(post, message_id)
            else:
                change = picture_edit(digest, png, showing)
                try:
                    message = channel.get_partial_message(int(message_id))
                    await message.edit(content=content, view=view, **change.edit_fields())
                except discord.NotFound:
                    log.info("table %s: its message %s is gone, sending a new one", screen.table_id, message_id)
                else:
                    self.stats["edited"] += 1
                    self._shows(key, shown, screen.final)
                    self._shows_picture(int(message_id), digest, change, screen.final)
                    return
        if digest is not None and png is None:  # a picture that stays, but on a new message: it is drawn
            digest, png = await picture_of(replace(screen, picture_stays=False), None)
            shown = (content, rows, digest)
        change = picture_edit(digest, png, None)
        try:
            mentions = NO_MENTIONS if screen.alert is None else only(screen.alert.person)
            silently: dict[str, Any] = {"silent": True} if buried else {}  # a board sent again notifies no one
            message = await channel.send(
                content,
                view=view,  # type: ignore[arg-type]
                allowed_mentions=mentions,
                **change.send_fields(),
                **silently,
            )
        except discord.Forbidden as e:
            self.stats["skipped"] += 1
            if not screen.final and screen.slot != ALERT:
                self._forbidden.add((post.channel, screen.table_id))
            log.warning("the bot may not write in channel %s: %s", post.channel, e)
            return
        self.stats["sent"] += 1
        if screen.slot == ALERT:
            self.below.alert(post.channel, message.id)
        else:
            self._forbidden.discard((post.channel, screen.table_id))
        self._shows(key, shown, screen.final)
        self._shows_picture(message.id, digest, change, screen.final or not framed)
        if remembered:
            note = str(message.id) if screen.alert is None else alert_note(str(message.id), screen.alert)
            await self.store.remember_message(screen.table_id, "", screen.slot, note, screen.version)
        if buried:
            self.stats["reposted"] += 1

    def _shows_picture(self, message_id: int, digest: str | None, change: PictureEdit, forget: bool = False) -> None:
        if change.png is not None:
            self.stats["uploaded"] += 1
        self.pictures.shows(message_id, digest, forget)

    async def _delete_buried(self, post: Post, message_id: str) -> None:
        """The board's old message, before it is sent again below: deleted first, so that a process
        stopped in between (or a failed send) leaves no stale board below the one drawn on (the
        next draw finds the message gone and sends it anew)."""
        channel = self.client.get_partial_messageable(post.channel)
        try:
            await channel.get_partial_message(int(message_id)).delete()
        except (discord.NotFound, discord.Forbidden) as e:  # deleted already (by people, or another process)
            log.info("table %s: its old board %s could not be deleted: %s", post.screen.table_id, message_id, e)

    async def _alert(self, key: Key, post: Post, stored: str | None) -> str | None:
        """A turn alert: the message to edit (the same person keeps the turn), or None after
        deleting the one shown (a new alert is sent; a final one only deletes)."""
        screen, (message_id, shown) = post.screen, read_alert_note(stored)
        alert = screen.alert
        if message_id is not None and alert is not None and not alert.new_message(shown):
            if shown is None or shown.since != alert.since:
                await self.store.remember_message(
                    screen.table_id, "", ALERT, alert_note(message_id, alert), screen.version
                )
            return message_id
        self._drawn.pop(key, None)
        if message_id is not None:
            channel = self.client.get_partial_messageable(post.channel)
            try:
                await channel.get_partial_message(int(message_id)).delete()
            except (discord.NotFound, discord.Forbidden) as e:  # deleted already (by people, or by another process)
                log.info("table %s: its alert %s could not be deleted: %s", screen.table_id, message_id, e)
            await self.store.remember_message(screen.table_id, "", ALERT, NO_ALERT, screen.version)
        return None
