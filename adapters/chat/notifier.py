"""Screens into chat messages: the notifier port of the service, for any chat platform.

Each screen has a place: the table's board and turn alert in the chat (and forum topic), or a
person's panel in their private chat; a one-off screen is a message of its own. `show` queues the
screens with their places' writers and returns at once (writers.py); each writer draws them
(places.py, one_offs.py) within the chat's pace, the newest winning. A platform whose private
screens are not messages in a chat (Discord's ephemeral panels) draws those itself, through the
same writers (`writers`, `pictures`, `shown`, `stats` are its to use).
"""

from __future__ import annotations

import asyncio
from collections import Counter
from collections.abc import Iterable
from typing import Any

from adapters.chat.below import Below
from adapters.chat.one_offs import OneOffs
from adapters.chat.pacing import UNPACED, Pace
from adapters.chat.pictures import EveryTime, FileIds, Pictures, has_picture
from adapters.chat.places import Places
from adapters.chat.platform import Platform
from adapters.chat.posts import BOARD, Post
from adapters.chat.reach import Reach
from adapters.chat.records import Records
from adapters.chat.shown import Shown
from adapters.chat.writers import Writers
from bot.clock import Clock
from bot.people import ChatRef
from bot.ui.screen import Screen


class ChatNotifier:
    def __init__(
        self,
        platform: Platform[Any],
        records: Records,
        pace: Pace = UNPACED,
        file_ids: FileIds | None = None,
        clock: Clock | None = None,
    ) -> None:
        """`pace`: how fast the platform lets the bot write into one chat (pacing.py); `file_ids`:
        the file ids of pictures, where the platform names them so (uploads.py); `clock`: the
        service's, on which a write waits to be tried again while the platform is down (backoff.py)."""
        self.platform = platform
        self.stats: Counter[str] = Counter()
        self.writers = Writers(platform, self.stats, pace, clock)
        self.pictures = Pictures(file_ids or EveryTime(), self.stats, pace)
        self.shown = Shown()
        self.below = Below()
        self.reach = Reach()
        self.places = Places(platform, records, self.pictures, self.shown, self.below, self.reach, self.stats)
        self.one_offs = OneOffs(platform, records, self.pictures, self.below, self.stats)
        self._preparing: set[asyncio.Task[None]] = set()  # pictures drawn ahead (`_prepare`), kept from the GC

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        """Queue the screens and return at once (the service holds the table's lock meanwhile)."""
        self._queue(chat, screens)

    async def deliver(self, chat: ChatRef | None, screens: Iterable[Screen]) -> bool:
        """Draw the screens now (through the same writers) and wait; False if a private one could
        not reach its person (they never started the bot, or blocked it)."""
        screens = list(screens)
        await asyncio.gather(*(asyncio.shield(writer) for writer in self._queue(chat, screens)))
        return all(self.reach.reachable(s.audience) is not False for s in screens if s.audience)

    def queue(self, chat: ChatRef | None, screens: Iterable[Screen]) -> None:
        """Queue the screens and return at once, as `show`, private ones too without their chat."""
        self._queue(chat, list(screens))

    async def refused(self, chat: ChatRef, table_id: int, timeout: float = 5.0) -> bool:
        """Wait (a while) until the table's public message is drawn; whether the platform refused it
        (the bot may not write in the chat). A message still waiting for its turn is not."""
        where = self.platform.place_of(chat)
        writer = self.writers.writing((where, table_id, "", BOARD))
        if writer is not None:
            await asyncio.wait({writer}, timeout=timeout)
        return self.places.refused(where, table_id)

    async def idle(self) -> None:
        """Wait until every queued screen is drawn."""
        await self.writers.idle()

    async def close(self, timeout: float = 5.0) -> None:
        """Draw what is queued (for at most `timeout` seconds), then stop."""
        await self.writers.close(timeout)

    def _queue(self, chat: ChatRef | None, screens: list[Screen]) -> list[asyncio.Task[None]]:
        """Each screen to its place's writer (a private one to its person's chat, where the
        platform has one); the writers."""
        writers, where = [], None
        for screen in screens:
            if screen.audience is None:
                if chat is None:
                    raise ValueError("a public screen needs its chat")
                where = where or self.platform.place_of(chat)
                post = Post.public(where, screen)
                writers.append(self.writers.queue(post, self.one_offs.draw if post.one_off else self.places.draw))
            elif (own := self.platform.private_place(screen.audience)) is not None:
                post = Post(own, screen)
                writers.append(self.writers.queue(post, self.places.draw))
            else:
                continue
            self._prepare(post)
        return writers

    def _prepare(self, post: Post) -> None:
        """A screen whose chat waits for a press's answer (`Writers.hold`: the presser's panel, the
        board of the chat pressed in) has its picture drawn meanwhile, so that it goes out as soon
        as the answer has (the writer then finds it drawn, or being drawn: adapters/pictures/
        screens.py); otherwise the screens of chats not held, queued after it, would take the
        drawing process first. Other screens are drawn in their turn only: one replaced by a newer
        one before its chat's pace allows a write is never drawn."""
        screen = post.screen
        if not self.writers.held(post.where.chat) or screen.picture_stays:
            return
        if has_picture(screen):
            task = asyncio.create_task(self.pictures.prepare(screen))
            self._preparing.add(task)
            task.add_done_callback(self._preparing.discard)
