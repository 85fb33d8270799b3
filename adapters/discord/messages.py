"""Discord's side of the chat layer (adapters/chat/platform.py): a public screen as a channel's
message, sent, edited and deleted through discord.py, and what its errors mean. A person's screens
are their ephemeral panel instead (panel_screens.py).

A screen is its text as the message's content with its components (components.py); its marked
spans are drawn the Discord way (texts.marked): a time left as a `<t:UNIX:R>` timestamp, and in a
turn alert the person as `<@id>`, its allowed mentions limited to that one user. A ping names the
people who asked with `<@id>` mentions, its allowed mentions exactly those users, in several
messages if it is long (each notifying whom it names); nothing else mentions anyone.

A screen's picture is an embed showing an uploaded attachment (components.PictureEdit), below the
text; an edit that keeps the picture leaves the embed and attachments out (Discord keeps them), one
to text removes them. Discord names no upload by an id to send again: a picture is uploaded each
time a message is to show another.

A screen for a whole server (no channel named: a season's end) goes to the channel of its latest
table drawn here, else its system channel, else its first text channel the bot may write in.

Every write goes through discord.py's rate-limit buckets: it honours 429s and Discord's rate-limit
headers, and so does the chat layer's writer for a 429 that reaches it. A new message carries a
nonce (nonces.py): tried again after its answer was lost, it is still one message. Normal events,
not failures: a deleted message (sent again), a channel the bot may not write in or that is gone
(`Forbidden`, `NotFound`: skipped).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any, Final

import aiohttp
import discord
from cachetools import LRUCache

from adapters.chat.pictures import Picture
from adapters.chat.platform import Sent, Trouble
from adapters.chat.posts import PING, Place, Post
from adapters.chat.shown import UNSEEN
from adapters.discord import texts
from adapters.discord.components import MAX_TEXT, Row, change_of, chunks, layout, text_of, view_of
from adapters.discord.identities import channel_of
from adapters.discord.nonces import Nonces
from bot.pages import PageUrl
from bot.people import ChatRef, PersonRef

NO_MENTIONS: Final = discord.AllowedMentions.none()
MAX_MENTIONS: Final = 100  # users one message's allowed mentions may name
SERVERS_KEPT: Final = 10_000  # servers whose latest table's channel is known


def only(person: PersonRef) -> discord.AllowedMentions:
    """Mentions that notify this one person: no roles, not everyone, no one replied to."""
    return discord.AllowedMentions(
        everyone=False, users=[discord.Object(int(person.user_id))], roles=False, replied_user=False
    )


def these(people: Iterable[PersonRef]) -> discord.AllowedMentions:
    """Mentions that notify these people (the first MAX_MENTIONS of them) and nobody else."""
    ids = [int(person.user_id) for person in dict.fromkeys(people) if person.user_id.isdecimal()]
    users = [discord.Object(user_id) for user_id in ids[:MAX_MENTIONS]]
    return discord.AllowedMentions(everyone=False, users=users, roles=False, replied_user=False)


@dataclass(frozen=True, slots=True)
class Drawn:
    content: str
    view: discord.ui.View | None = field(compare=False)
    rows: tuple[Row, ...] = ()
    mentions: discord.AllowedMentions = NO_MENTIONS
    takes_picture: bool = True

    @property
    def shows(self) -> object:
        return (self.content, self.rows)


class DiscordMessages:
    def __init__(self, client: discord.Client) -> None:
        self.client = client
        self.nonces = Nonces()
        self._played: LRUCache[str, int] = LRUCache(SERVERS_KEPT)  # server -> the channel of its latest table
        self.pages: PageUrl | None = None  # signs the links of a board's page buttons (None: pages not served)

    def place_of(self, chat: ChatRef) -> Place:
        return Place(str(self._channel_of(chat)))

    def private_place(self, person: PersonRef) -> None:
        return None  # a person's screens are their ephemeral panel (panel_screens.py)

    def drawn(self, post: Post) -> Drawn:
        screen = post.screen
        content = texts.marked(screen) if screen.marks else text_of(screen)
        if len(content) > MAX_TEXT:
            content = text_of(screen)
        mentions = NO_MENTIONS if screen.alert is None else only(screen.alert.person)
        return Drawn(content, view_of(screen, pages=self.pages), tuple(layout(screen.buttons)), mentions)

    def parts(self, post: Post) -> list[Drawn]:
        screen = post.screen
        if screen.slot == PING:  # each part notifies the people it names
            return [Drawn(text, None, mentions=these(people)) for text, people in texts.marked_parts(screen, MAX_TEXT)]
        return [Drawn(text, None) for text in chunks(screen.text)]

    def _messageable(self, chat: str) -> discord.PartialMessageable:
        """Where to write; before the bot has logged in (Discord unreachable at start, the deadlines
        already firing) a network failure, tried again like any other (adapters/chat/writers.py)."""
        if self.client.user is None:
            raise ConnectionError("not logged in to Discord yet")
        return self.client.get_partial_messageable(int(chat))

    async def send(self, post: Post, drawn: Drawn, picture: Picture | None, silently: bool) -> Sent:
        channel = self._messageable(post.where.chat)
        quiet: dict[str, Any] = {"silent": True} if silently else {}  # a board sent again notifies no one
        try:
            message = await channel.send(
                drawn.content,
                view=drawn.view,  # type: ignore[arg-type]
                allowed_mentions=drawn.mentions,
                nonce=self.nonces.of(post.key),  # one message, however often it is tried (nonces.py)
                **change_of(picture, None).send_fields(),
                **quiet,
            )
        except Exception as e:
            if self.trouble(e) is Trouble.NETWORK:  # (any other answer: no message was made)
                self.nonces.failed(post.key)
            raise
        if self.nonces.retried(post.key):  # maybe the message a failed try made, showing its screen
            await self.edit(post, message.id, drawn, picture, UNSEEN)
        self.nonces.made(post.key)
        return Sent(message.id)

    async def edit(
        self, post: Post, message_id: int, drawn: Drawn, picture: Picture | None, showing: str | None
    ) -> None:
        message = self._messageable(post.where.chat).get_partial_message(message_id)
        await message.edit(content=drawn.content, view=drawn.view, **change_of(picture, showing).edit_fields())

    async def delete(self, where: Place, message_id: int) -> None:
        await self._messageable(where.chat).get_partial_message(message_id).delete()

    def trouble(self, error: BaseException) -> Trouble | None:
        if isinstance(error, (discord.DiscordServerError, aiohttp.ClientError, OSError, TimeoutError)):
            return Trouble.NETWORK
        if not isinstance(error, discord.HTTPException):
            return None
        if error.status == 429:  # beyond discord.py's own retries
            return Trouble.RATE_LIMITED
        if error.status == 403:
            return Trouble.FORBIDDEN
        return Trouble.GONE if error.status in (401, 404) else Trouble.REFUSED  # (401: an interaction ran out)

    def retry_after(self, error: BaseException) -> float:
        """Seconds a 429 asks to wait (its Retry-After header; a second if it has none)."""
        try:
            return max(0.0, float(error.response.headers.get("Retry-After", 1.0)))  # type: ignore[attr-defined]
        except (AttributeError, TypeError, ValueError):
            return 1.0

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
