"""A person's direct-message channel with the bot (Discord's `POST /users/@me/channels`), where a
quick match's board goes (bot/match_screens.py): opened once per person and process, then known
(`KEPT` people). A person who refuses direct messages from the server's members still gets the
channel; the messages into it are then refused, and skipped like any message the bot may not write."""

from __future__ import annotations

import logging
from typing import Final

import discord
from cachetools import LRUCache

log = logging.getLogger(__name__)
KEPT: Final = 10_000


class DirectChannels:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self._channels: LRUCache[str, int] = LRUCache(KEPT)

    async def of(self, user_id: str) -> int | None:
        """The channel's id; None if Discord would not open it (logged)."""
        known = self._channels.get(user_id)
        if known is not None:
            return known
        if not user_id.isdecimal():
            return None
        try:
            channel = await self.client.create_dm(discord.Object(int(user_id)))
        except discord.HTTPException as e:
            log.info("could not open the direct messages of %s: %s", user_id, e)
            return None
        self._channels[user_id] = channel.id
        return channel.id
