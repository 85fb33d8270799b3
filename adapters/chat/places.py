"""Edit or post: drawing a screen in the message of its place (a table's board, its turn alert, a
person's panel in their private chat).

The first screen for a place is sent as a new message, whose id the store remembers; every later
one edits that message, unless it would show exactly what the message shows already (shown.py). A
screen older than one another process drew is not drawn (`claim`, which hands over the message too).

A board buried under the chat's messages (below.py) is sent again at the bottom instead of being
edited, silently, and the old message deleted first, so that a process stopped in between (or a
failed send) leaves no stale board below the one drawn on: the next draw finds the message gone and
sends it anew.

A screen with a picture (pictures.py) shows it with its words; a message that cannot be made to
show the screen by an edit (a Telegram photo going back to text, or a message another process drew
as the other kind meanwhile) is sent anew and the old one deleted. So is a message the platform
refuses to edit for good (deleted, too old, not editable: `Trouble.GONE`): its edit is not tried
again, the screen goes once into a fresh message, whose id is remembered, and the old one is
deleted where it still stands (first, as a buried board's), so that no stale copy keeps its buttons.

Normal events, not failures: a message that shows this already ("not modified"), a deleted
message, a person who never started the bot or blocked it (their panel is skipped: reach.py), a
chat the bot may not write in (skipped, and remembered for `refused` until a message goes there).
"""

from __future__ import annotations

import logging
import time
from collections import Counter
from typing import Final, Generic

from cachetools import LRUCache

from adapters.chat.alerts import Alerts
from adapters.chat.below import Below
from adapters.chat.pictures import Picture, Pictures, shown_after
from adapters.chat.platform import D, NotEditable, Platform, Trouble, delete_quietly
from adapters.chat.posts import NOT_A_TABLE, Place, Post
from adapters.chat.reach import Reach
from adapters.chat.records import Records, note_of, read_note
from adapters.chat.shown import SOME, Shown, Shows
from bot.ui.screen import ALERT

log = logging.getLogger(__name__)

REFUSED_KEPT: Final = 1_000  # (chat, table) whose message the bot was not allowed to send


class Places(Generic[D]):
    def __init__(
        self,
        platform: Platform[D],
        records: Records,
        pictures: Pictures,
        shown: Shown,
        below: Below,
        reach: Reach,
        stats: Counter[str],
    ) -> None:
        self.platform = platform
        self.records = records
        self.pictures = pictures
        self.shown = shown
        self.below = below
        self.reach = reach
        self.stats = stats
        self.alerts = Alerts(platform, records)
        self._refused: LRUCache[tuple[Place, int], None] = LRUCache(REFUSED_KEPT)

    async def draw(self, post: Post) -> None:
        uploading: list[str] = []  # the pictures this draw uploads (others wanting them wait)
        try:
            await self._draw(post, uploading)
        except Exception as e:
            if self.platform.trouble(e) is not Trouble.FORBIDDEN:
                raise
            self._forbidden(post, e)
        finally:
            self.pictures.release(uploading)

    def refused(self, where: Place, table_id: int) -> bool:
        """Whether the bot was not allowed to send the table's message there (asked once)."""
        if (where, table_id) not in self._refused:
            return False
        del self._refused[(where, table_id)]
        return True

    async def _draw(self, post: Post, uploading: list[str]) -> None:
        screen = post.screen
        row = (screen.table_id, post.audience, screen.slot)
        stored = None
        if screen.table_id != NOT_A_TABLE:
            claim = await self.records.claim(*row, screen.version)
            if not claim.won:
                self.stats["outdated"] += 1  # another process has drawn a newer one
                return
            stored = claim.message
        if screen.slot == ALERT:
            message_id, pictured = await self.alerts.message_of(post, stored), False
            if message_id is None and screen.alert is None:
                return
        else:
            message_id, pictured = read_note(stored)
        drawn = self.platform.drawn(post)
        buried = message_id is not None and post.is_board and self.below.buried(post.where, message_id)
        showing = None if buried else self.shown.picture(post.where, message_id, SOME if pictured else None)
        picture = await self.pictures.choose(screen, showing, drawn.takes_picture, post.where.chat, uploading)
        anew = False  # the message is sent again, silently
        if message_id is not None:
            shows = Shows(drawn.shows, shown_after(picture))
            if not buried and self.shown.of(post.where, message_id) == shows:
                self.stats["unchanged"] += 1
                return
            self.shown.forget(post.where, message_id)  # until it is drawn again
            if buried:
                anew = True
                self.stats["reposted"] += 1
                await delete_quietly(self.platform, post.where, message_id)
            else:
                outcome = await self._edit(post, message_id, drawn, picture, showing, shows)
                if outcome is None:
                    return
                anew = outcome
                if picture is not None and picture.stays:  # the picture shown, but on a new message: drawn
                    picture = await self.pictures.choose(screen, None, drawn.takes_picture, post.where.chat, uploading)
        await self._send(post, drawn, picture, anew)

    async def _edit(
        self, post: Post, message_id: int, drawn: D, picture: Picture | None, showing: str | None, shows: Shows
    ) -> bool | None:
        """Edit the message in place; None when that is done (or it showed this already), else
        whether it is sent anew silently (True: it was of another kind; False: it cannot be edited);
        the old message is deleted then."""
        started = time.monotonic()
        try:
            file_id = await self.platform.edit(post, message_id, drawn, picture, showing)
        except NotEditable:
            trouble: Trouble | None = Trouble.WRONG_KIND
        except Exception as e:
            trouble = self.platform.trouble(e)
            if trouble not in (Trouble.NOT_MODIFIED, Trouble.WRONG_KIND, Trouble.GONE):
                raise
        else:
            await self.pictures.uploaded(picture, file_id, time.monotonic() - started)
            self.stats["edited"] += 1
            self.shown.shows(post.where, message_id, shows)
            self._reached(post)
            screen = post.screen
            if screen.table_id != NOT_A_TABLE and (picture is None) != (showing is None):  # its kind changed
                note = note_of(message_id, picture is not None)
                await self.records.remember_message(screen.table_id, post.audience, screen.slot, note, screen.version)
            return None
        if trouble is Trouble.NOT_MODIFIED:
            self.stats["unchanged"] += 1
            return None
        if trouble is Trouble.WRONG_KIND:  # drawn as the other kind meanwhile, or no edit makes it this
            await delete_quietly(self.platform, post.where, message_id)
            return True
        log.info("table %s: its message %s cannot be edited, sending a new one", post.screen.table_id, message_id)
        self.stats["replaced"] += 1
        await delete_quietly(self.platform, post.where, message_id)  # (where it still stands)
        return False

    async def _send(self, post: Post, drawn: D, picture: Picture | None, anew: bool) -> None:
        screen = post.screen
        started = time.monotonic()
        sent = await self.platform.send(post, drawn, picture, silently=anew)  # a board sent again rings no one
        await self.pictures.uploaded(picture, sent.file_id, time.monotonic() - started)
        self.stats["sent"] += 1
        self._reached(post)
        self._refused.pop((post.where, screen.table_id), None)
        self.shown.shows(post.where, sent.message_id, Shows(drawn.shows, shown_after(picture)))
        if screen.audience is None:
            if screen.slot == ALERT:
                self.below.alert(post.where, sent.message_id)
            else:
                self.below.seen(post.where, sent.message_id)
        if screen.slot == ALERT:
            await self.alerts.sent(post, sent.message_id)
        elif screen.table_id != NOT_A_TABLE:
            note = note_of(sent.message_id, picture is not None)
            await self.records.remember_message(screen.table_id, post.audience, screen.slot, note, screen.version)

    def _reached(self, post: Post) -> None:
        if post.screen.audience is not None:
            self.reach.heard(post.screen.audience, True)

    def _forbidden(self, post: Post, e: Exception) -> None:
        self.stats["skipped"] += 1
        screen = post.screen
        if screen.audience is not None:  # never started the bot, or blocked it
            self.reach.heard(screen.audience, False)
            log.info("person %s does not take private messages: %s", post.where.chat, e)
            return
        if not screen.final and screen.slot != ALERT:
            self._refused[(post.where, screen.table_id)] = None
        log.warning("the bot may not write in chat %s: %s", post.where.chat, e)
