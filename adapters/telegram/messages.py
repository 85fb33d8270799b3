"""Writing one screen's message: a photo with the text as its caption, or the text; sent anew
or edited in place (the notifier decides which message and when: notifier.py).

A picture goes out when the screen's audience wants one (adapters/pictures/screens.py), its text
fits a caption, and Telegram has the picture or an upload fits the chat's pace (photos.py);
`editMessageCaption` changes only the words (the picture is the same, or stays between a real-time
game's windows), `editMessageMedia` the picture (and gives one to a text message)."""

from __future__ import annotations

import logging
import time
from dataclasses import dataclass
from typing import Final

from telegram import Bot, InlineKeyboardMarkup, InputFile, InputMediaPhoto, Message, MessageEntity
from telegram.error import TelegramError

from adapters.pictures.screens import digest as picture_digest
from adapters.pictures.screens import png_of, wanted
from adapters.telegram.entities import utf16
from adapters.telegram.photos import Photos
from bot.screens.model import ALERT, Screen

log = logging.getLogger(__name__)

MAX_CAPTION: Final = 1024  # characters of a photo's caption
FILENAME: Final = "table.png"
UPLOAD_BUDGET: Final = 1.0  # seconds an upload may take at least, however fast a chat's pace


@dataclass(frozen=True, slots=True)
class Picture:
    """A screen's picture on its way: its content hash, and the PNG to upload or the file id to
    send instead. Neither: the photo shows it already (no digest: shows whatever it showed, as
    between a real-time game's windows), so only its caption is edited."""

    digest: str | None
    png: bytes | None
    file_id: str | None


class Messages:
    def __init__(self, bot: Bot, photos: Photos) -> None:
        self.bot = bot
        self.photos = photos

    async def picture(
        self, screen: Screen, text: str, is_photo: bool, shown: str | None, uploading: list[str], budget: float
    ) -> Picture | None:
        """How the screen's picture goes out (None: as text); `shown` is the digest of the one its
        message shows (None: text, or not known), `budget` the seconds an upload may take. Between
        a real-time game's windows a photo keeps the picture it shows; a caption longer than
        Telegram takes, or an upload the chat's pace has no time for (photos.py), leaves the
        screen as text."""
        if not wanted(screen) or screen.slot == ALERT or utf16(text) > MAX_CAPTION:
            return None
        if screen.picture_stays and is_photo:
            return Picture(shown, None, None)
        png = await png_of(screen)
        if png is None:
            return None
        digest = picture_digest(png)
        if is_photo and shown == digest:
            return Picture(digest, None, None)
        file_id = await self.photos.file_id(digest)
        if file_id is None:
            uploading.append(digest)
            if not self.photos.fits(budget):
                return None
        return Picture(digest, png, file_id)

    async def edit(
        self,
        chat_id: int,
        message_id: int,
        text: str,
        entities: list[MessageEntity],
        markup: InlineKeyboardMarkup | None,
        picture: Picture | None,
    ) -> None:
        """Edit the message in place: its text, its caption (the picture unchanged), or its picture
        with the caption (a text message is given one)."""
        if picture is None:
            await self.bot.edit_message_text(
                text, chat_id=chat_id, message_id=message_id, reply_markup=markup, entities=entities or None
            )
        elif picture.png is None and picture.file_id is None:  # the picture shown stays
            await self.bot.edit_message_caption(
                chat_id=chat_id,
                message_id=message_id,
                caption=text,
                caption_entities=entities or None,
                reply_markup=markup,
            )
        else:
            started = time.monotonic()
            media = InputMediaPhoto(self._media(picture), caption=text, caption_entities=entities or None)
            edited = await self.bot.edit_message_media(
                media, chat_id=chat_id, message_id=message_id, reply_markup=markup
            )
            if isinstance(edited, Message):
                await self._uploaded(picture, edited, time.monotonic() - started)

    async def send(
        self,
        chat_id: int,
        thread: int | None,
        text: str,
        entities: list[MessageEntity],
        markup: InlineKeyboardMarkup | None,
        picture: Picture | None,
        silently: bool,
    ) -> Message:
        """A new message: a photo with the text as its caption, or the text."""
        quiet = silently or None  # a board sent again rings no one's phone
        if picture is None:
            return await self.bot.send_message(
                chat_id,
                text,
                message_thread_id=thread,
                reply_markup=markup,
                entities=entities or None,
                disable_notification=quiet,
            )
        started = time.monotonic()
        sent = await self.bot.send_photo(
            chat_id,
            self._media(picture),
            caption=text,
            caption_entities=entities or None,
            message_thread_id=thread,
            reply_markup=markup,
            disable_notification=quiet,
        )
        await self._uploaded(picture, sent, time.monotonic() - started)
        return sent

    @staticmethod
    def _media(picture: Picture) -> str | InputFile:
        if picture.file_id is not None:
            return picture.file_id
        assert picture.png is not None
        return InputFile(picture.png, filename=FILENAME, attach=True)

    async def _uploaded(self, picture: Picture, message: Message, seconds: float) -> None:
        """Keep the file id Telegram gave an uploaded picture (one sent by id needs nothing)."""
        if picture.file_id is None and picture.digest is not None and message.photo:
            await self.photos.uploaded(picture.digest, message.photo[-1].file_id, seconds)

    async def delete(self, chat_id: int, message_id: int) -> None:
        """A screen's old message, before it is sent again below: deleted first, so that a process
        stopped in between (or a failed send) leaves no stale board below the one drawn on (the
        next draw finds the message gone and sends it anew)."""
        try:
            await self.bot.delete_message(chat_id, message_id)
        except TelegramError as e:  # deleted already, or too old to delete (48 hours)
            log.info("its old message %s in chat %s could not be deleted: %s", message_id, chat_id, e)
