"""Messages of their own, never edited nor remembered: a lobby's ping naming the people who asked to
hear of new games (mentions that notify exactly them), sent below the lobby's message once it is
drawn (not at all if it could not be: nobody is pinged for a table the chat cannot see), and a
season's podium (table 0), with its picture where the chat's look has pictures (the only screen of
no table that has one). A long one goes in several messages (the platform says how: on Discord,
each notifying whom it names), the picture with the first. A ping buries no board (below.py); a
podium stays in the chat like any message."""

from __future__ import annotations

import logging
import time
from collections import Counter
from typing import Generic

from adapters.chat.below import Below
from adapters.chat.pictures import Pictures
from adapters.chat.platform import D, Platform, Trouble
from adapters.chat.posts import BOARD, PING, Post
from adapters.chat.records import Records

log = logging.getLogger(__name__)


class OneOffs(Generic[D]):
    def __init__(
        self, platform: Platform[D], records: Records, pictures: Pictures, below: Below, stats: Counter[str]
    ) -> None:
        self.platform = platform
        self.records = records
        self.pictures = pictures
        self.below = below
        self.stats = stats

    async def draw(self, post: Post) -> None:
        screen = post.screen
        ping = screen.slot == PING
        if ping and await self.records.message_id(screen.table_id, "", BOARD) is None:
            self.stats["skipped"] += 1
            log.info("table %s: no message in %s, so no ping", screen.table_id, post.where.chat)
            return
        parts = self.platform.parts(post)
        uploading: list[str] = []
        try:
            picture = await self.pictures.choose(screen, None, parts[0].takes_picture, post.where.chat, uploading)
            for number, part in enumerate(parts):
                pictured = picture if number == 0 else None
                started = time.monotonic()
                try:
                    sent = await self.platform.send(post, part, pictured, silently=False)
                except Exception as e:
                    if self.platform.trouble(e) not in (Trouble.FORBIDDEN, Trouble.GONE):
                        raise
                    self.stats["skipped"] += 1
                    where = post.where.chat
                    log.warning("could not send the %s of table %s in %s: %s", screen.slot, screen.table_id, where, e)
                    return
                await self.pictures.uploaded(pictured, sent.file_id, time.monotonic() - started)
                self.stats["sent"] += 1
                if ping:
                    self.below.alert(post.where, sent.message_id)
                else:
                    self.below.seen(post.where, sent.message_id)
        finally:
            self.pictures.release(uploading)
