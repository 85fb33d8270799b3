"""Messages of their own (part of the notifier: notifier.py), never edited nor remembered: a
lobby's ping, whose mentions notify exactly the people it names, below the lobby's message; a
season's podium, with its picture as an embed where the chat's look has pictures."""

from __future__ import annotations

import asyncio
import logging

import discord

from adapters.discord import texts
from adapters.discord.buried import Below
from adapters.discord.components import KEEP, MAX_TEXT, chunks
from adapters.discord.posts import BOARD, NO_MENTIONS, PING, Key, Post, these
from adapters.discord.shown import picture_edit, picture_of
from bot.store import Store

log = logging.getLogger("adapters.discord.notifier")


class OneOffWriting:
    """The one-off half of DiscordNotifier (which provides what is declared here)."""

    client: discord.Client
    store: Store
    below: Below
    stats: dict[str, int]
    _writers: dict[Key, asyncio.Task[None]]

    async def _send_one_off(self, post: Post) -> None:
        """A message of its own, never edited nor remembered: a ping (its mentions notify the
        people it names, and nobody else; not counted as burying the table's message, below which
        it belongs) or a season's podium (its picture as an embed, where the look allows). A long
        one goes in several messages, each notifying whom it names; the picture with the first."""
        screen = post.screen
        channel = self.client.get_partial_messageable(post.channel)
        ping = screen.slot == PING
        if ping and not await self._board_shown(post):
            self.stats["skipped"] += 1
            log.info("table %s: no message in channel %s, so no ping", screen.table_id, post.channel)
            return
        parts = texts.marked_parts(screen, MAX_TEXT) if ping else [(text, []) for text in chunks(screen.text)]
        _digest, png = (None, None) if ping else await picture_of(screen, None)
        for number, (content, people) in enumerate(parts):
            picture = picture_edit(_digest, png, None) if number == 0 and png is not None else KEEP
            try:
                message = await channel.send(
                    content, allowed_mentions=these(people) if ping else NO_MENTIONS, **picture.send_fields()
                )
            except (discord.Forbidden, discord.NotFound) as e:
                self.stats["skipped"] += 1
                log.warning(
                    "could not send the %s of table %s in channel %s: %s", screen.slot, screen.table_id, post.channel, e
                )
                return
            self.stats["sent"] += 1
            if picture.png is not None:
                self.stats["uploaded"] += 1
            if ping:
                self.below.alert(post.channel, message.id)

    async def _board_shown(self, post: Post) -> bool:
        """Once the table's message is drawn (a ping goes below it): whether it was (a table whose
        message the bot may not post is cancelled: nobody is pinged for it)."""
        board = self._writers.get((post.channel, post.screen.table_id, "", BOARD))
        if board is not None:
            await asyncio.wait({board})
        return await self.store.message_id(post.screen.table_id, "", BOARD) is not None
