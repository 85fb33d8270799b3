"""Telegram's side of the chat layer (adapters/chat/platform.py): a screen as a message, sent,
edited and deleted through python-telegram-bot, and what its errors mean.

A screen is its text with entities (entities.py) and an inline keyboard (keyboards.py). One with a
picture (adapters/chat/pictures.py) is a photo with its text as the caption, where the text fits a
caption; `editMessageCaption` changes only the words (the picture is the same, or stays between a
real-time game's windows), `editMessageMedia` the picture (and gives one to a text message, Bot API
10.0). A photo cannot lose its picture: the chat layer sends a screen that goes back to text anew.
A picture Telegram has is sent by its file id (adapters/chat/uploads.py); an uploaded one is named
by the file id Telegram answers with.

A public screen goes to its chat and forum topic; a person's, to their private chat with the bot
(whose id is theirs). Normal events, not failures: "message is not modified" (drawn already), a
message that was deleted or can no longer be edited (a new one is sent), a person who never started
the bot or blocked it (`Forbidden`), a `RetryAfter` that outlasted the rate limiter's own retry.
"""

from __future__ import annotations

import datetime as dtm
import json
import logging
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final

from telegram import Bot, InlineKeyboardMarkup, InputFile, InputMediaPhoto, Message, MessageEntity
from telegram.error import BadRequest, Forbidden, NetworkError, RetryAfter, TelegramError

from adapters.chat.pictures import Picture
from adapters.chat.platform import NotEditable, Sent, Trouble
from adapters.chat.posts import Place, Post
from adapters.telegram.entities import rendered, utf16
from adapters.telegram.keyboards import LiveLinks, markup_of
from bot.people import ChatRef, PersonRef

log = logging.getLogger(__name__)

MAX_CAPTION: Final = 1024  # characters of a photo's caption
FILENAME: Final = "table.png"
NOT_MODIFIED: Final = "message is not modified"
GONE: Final = ("message to edit not found", "message can't be edited", "message_id_invalid")
# Edits of a message that is not of the kind the row says (another process drew it meanwhile).
WRONG_KIND: Final = ("there is no text in the message", "there is no caption in the message", "there is no media")


@dataclass(frozen=True, slots=True)
class Drawn:
    text: str
    entities: tuple[MessageEntity, ...]
    markup: InlineKeyboardMarkup | None

    @property
    def shows(self) -> object:
        # (entities as JSON: PTB compares entities by type and place only)
        return (self.text, json.dumps([e.to_dict() for e in self.entities], sort_keys=True), self.markup)

    @property
    def takes_picture(self) -> bool:
        return utf16(self.text) <= MAX_CAPTION


def media_of(picture: Picture) -> str | InputFile:
    if picture.file_id is not None:
        return picture.file_id
    assert picture.png is not None
    return InputFile(picture.png, filename=FILENAME, attach=True)


class TelegramMessages:
    def __init__(self, bot: Bot, usernames: Callable[[str], str | None] = lambda user_id: None) -> None:
        self.bot = bot
        self.usernames = usernames  # a person's @username by their id, where known
        self.live: LiveLinks | None = None  # where the live table is (None: not served)

    def place_of(self, chat: ChatRef) -> Place:
        return Place.of(chat)

    def private_place(self, person: PersonRef) -> Place:
        return Place(person.user_id)

    def drawn(self, post: Post) -> Drawn:
        text, entities = rendered(post.screen, self.usernames)
        return Drawn(text, tuple(entities), markup_of(post.screen, self.live))

    def parts(self, post: Post) -> list[Drawn]:
        return [self.drawn(post)]

    async def send(self, post: Post, drawn: Drawn, picture: Picture | None, silently: bool) -> Sent:
        """A new message: a photo with the text as its caption, or the text."""
        chat_id, thread = int(post.where.chat), int(post.where.thread) if post.where.thread else None
        entities, quiet = list(drawn.entities) or None, silently or None
        if picture is None:
            sent = await self.bot.send_message(
                chat_id,
                drawn.text,
                message_thread_id=thread,
                reply_markup=drawn.markup,
                entities=entities,
                disable_notification=quiet,
            )
            return Sent(sent.message_id)
        sent = await self.bot.send_photo(
            chat_id,
            media_of(picture),
            caption=drawn.text,
            caption_entities=entities,
            message_thread_id=thread,
            reply_markup=drawn.markup,
            disable_notification=quiet,
        )
        return Sent(sent.message_id, sent.photo[-1].file_id if sent.photo else None)

    async def edit(
        self, post: Post, message_id: int, drawn: Drawn, picture: Picture | None, showing: str | None
    ) -> str | None:
        """Edit the message in place: its text, its caption (the picture unchanged), or its picture
        with the caption (a text message is given one)."""
        chat_id, entities = int(post.where.chat), list(drawn.entities) or None
        if picture is None:
            if showing is not None:
                raise NotEditable("a photo cannot lose its picture")
            await self.bot.edit_message_text(
                drawn.text, chat_id=chat_id, message_id=message_id, reply_markup=drawn.markup, entities=entities
            )
        elif picture.stays:
            await self.bot.edit_message_caption(
                chat_id=chat_id,
                message_id=message_id,
                caption=drawn.text,
                caption_entities=entities,
                reply_markup=drawn.markup,
            )
        else:
            media = InputMediaPhoto(media_of(picture), caption=drawn.text, caption_entities=entities)
            edited = await self.bot.edit_message_media(
                media, chat_id=chat_id, message_id=message_id, reply_markup=drawn.markup
            )
            if isinstance(edited, Message) and edited.photo:
                return edited.photo[-1].file_id
        return None

    async def delete(self, where: Place, message_id: int) -> None:
        await self.bot.delete_message(int(where.chat), message_id)

    def trouble(self, error: BaseException) -> Trouble | None:
        if isinstance(error, RetryAfter):
            return Trouble.RATE_LIMITED
        if isinstance(error, Forbidden):
            return Trouble.FORBIDDEN
        if isinstance(error, BadRequest):  # (a NetworkError in PTB's eyes, but never worth a retry)
            said = error.message.lower()
            if NOT_MODIFIED in said:
                return Trouble.NOT_MODIFIED
            if any(words in said for words in GONE):
                return Trouble.GONE
            return Trouble.WRONG_KIND if any(words in said for words in WRONG_KIND) else Trouble.REFUSED
        if isinstance(error, NetworkError):  # a timeout, a broken connection
            return Trouble.NETWORK
        return Trouble.REFUSED if isinstance(error, TelegramError) else None

    def retry_after(self, error: BaseException) -> float:
        assert isinstance(error, RetryAfter)
        with warnings.catch_warnings():  # PTB warns about the int form of retry_after
            warnings.simplefilter("ignore")
            after = error.retry_after
        return after.total_seconds() if isinstance(after, dtm.timedelta) else float(after)
