"""Inline mode's plays as pictures: each legal Svolota play shown as its cards (a cached photo
result), by the file id of a picture uploaded once.

An inline answer cannot upload a file: it can only name photos Telegram has. So a play whose
picture Telegram does not have yet is offered as text this time, and its picture is uploaded in the
background, posted silently into the picture chat and deleted at once, so that the next query
shows it (file ids are kept in the store: adapters/chat/uploads.py). The picture chat is the operator's
`TELEGRAM_PICTURE_CHAT` (a private channel or group only the bot writes in), or else the asker's
own private chat with the bot, where a message that comes and goes is least in anyone's way.
Uploads keep that chat's pace. A play is drawn in the deck of the asker's panel; with the look
"text" every result stays text.
"""

from __future__ import annotations

import asyncio
import logging
import time

from telegram import Bot, InputFile
from telegram.error import TelegramError

from adapters.chat.pacing import Pace
from adapters.chat.uploads import Uploads
from adapters.pictures.decks import DECKS
from adapters.pictures.screens import digest as picture_digest
from adapters.pictures.screens import drawn
from adapters.telegram.messages import FILENAME
from bot.ui.picture import Hand

log = logging.getLogger(__name__)

JOKER = "JK"
# Seconds a play's upload may wait for Telegram's answer (the bot's usual read timeout is 5 s):
# nobody waits on it, and one that timed out after Telegram posted the picture leaves it in the
# chat, undeletable without the message id the answer would have carried.
UPLOAD_READ_TIMEOUT = 30.0


def cards_of(move: str) -> tuple[str, ...] | None:
    """The cards a Svolota move lays (None: a pass lays none)."""
    if move == "joker":
        return (JOKER,)
    if move.startswith("play "):
        return tuple(move.split()[1:])
    return None


class PlayPictures:
    def __init__(self, bot: Bot, uploads: Uploads, pace: Pace, chat_id: int | None) -> None:
        self.bot = bot
        self.uploads = uploads
        self.pace = pace
        self.chat_id = chat_id
        self._uploads: set[asyncio.Task[None]] = set()

    async def file_ids(self, moves: list[str], deck: str, asker: int) -> dict[str, str]:
        """The file id of each move's picture Telegram has (by move); the others are uploaded
        in the background for the next query."""
        plays = {move: cards for move in moves if (cards := cards_of(move)) is not None}
        if deck not in DECKS or not plays:
            return {}
        try:
            drawings = await asyncio.gather(*(drawn(Hand(cards), deck) for cards in plays.values()))
        except Exception:  # the plays still go, as text
            log.exception("could not draw the plays of an inline query")
            return {}
        found, missing = {}, {}
        for move, png in zip(plays, drawings, strict=True):
            if png is None:  # not drawn in time: this play goes as text
                continue
            digest = picture_digest(png)
            file_id = await self.uploads.known(digest)
            if file_id is not None:
                found[move] = file_id
            else:
                missing[digest] = png
        if missing:
            task = asyncio.create_task(self._upload(missing, self.chat_id or asker))
            self._uploads.add(task)
            task.add_done_callback(self._uploads.discard)
        return found

    async def idle(self) -> None:
        """Wait for the uploads on their way (tests)."""
        while self._uploads:
            await asyncio.gather(*list(self._uploads), return_exceptions=True)

    async def _upload(self, pictures: dict[str, bytes], chat_id: int) -> None:
        uploads, chat = self.uploads, str(chat_id)
        for digest, png in pictures.items():
            if await uploads.file_id(digest) is not None:
                continue  # uploaded meanwhile (another query asked for it too)
            try:
                await self.pace.take(chat)
                started = time.monotonic()
                sent = await self.bot.send_photo(
                    chat_id,
                    InputFile(png, filename=FILENAME),
                    disable_notification=True,
                    read_timeout=UPLOAD_READ_TIMEOUT,
                )
                await uploads.uploaded(digest, sent.photo[-1].file_id, time.monotonic() - started)
            except TelegramError as e:  # the picture chat is gone, or the person blocked the bot
                uploads.release(digest)
                log.info("could not upload a play's picture into chat %s: %s", chat_id, e)
                return
            except BaseException:
                uploads.release(digest)
                raise
            try:
                await self.bot.delete_message(chat_id, sent.message_id)
            except TelegramError as e:
                log.info("could not delete a play's picture in chat %s: %s", chat_id, e)
