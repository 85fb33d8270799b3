"""Answers to commands (help, the rules, a leaderboard, a person's stats, a refusal): one-off
messages replying to the command, at the chat's pace, through the chat layer's writers; a person's
stats as a photo of their rating chart, through the chat layer's pictures (adapters/chat/answered.py)."""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Bot, Message, ReplyParameters
from telegram import InlineKeyboardMarkup as Markup
from telegram.error import TelegramError

from adapters.chat import answered
from adapters.chat.below import Below
from adapters.chat.long_texts import split_long
from adapters.chat.pictures import Picture, Pictures
from adapters.chat.posts import Place
from adapters.chat.writers import Writers
from adapters.telegram.entities import utf16
from adapters.telegram.keyboards import MAX_TEXT, LiveLinks, markup_of
from adapters.telegram.messages import MAX_CAPTION, media_of
from bot.people import ChatRef
from bot.ui.screen import Screen

log = logging.getLogger(__name__)


def is_private_chat(chat: ChatRef) -> bool:
    """A private chat's id is the person's (positive); a group's is negative."""
    return not chat.chat_id.startswith("-")


def stays(below: Below, chat: ChatRef, message_id: int) -> None:
    """A message that stays in a group chat (the bot received it, or sent it): a board may be
    buried under it (private chats hold no boards: not kept)."""
    if not is_private_chat(chat):
        below.seen(Place.of(chat), message_id)


class Answers:
    def __init__(
        self,
        bot: Bot,
        writers: Writers,
        below: Below,
        pictures: Pictures,
        links: Callable[[], LiveLinks | None] = lambda: None,
    ) -> None:
        """`pictures`: the chat layer's (the notifier's: its drawing and its file ids); `links`:
        where the live table and the pages are now (None: not served)."""
        self.bot = bot
        self.writers = writers
        self.below = below
        self.pictures = pictures
        self.links = links

    async def show(self, chat: ChatRef, screen: Screen, reply_to: int | None = None) -> None:
        """An answer that is a screen (a leaderboard, a person's stats): its text, and under its
        last part the buttons it may carry here (links to pages); a photo with the text as its
        caption where the screen has a picture for this chat (a person's rating chart) and the text
        fits a caption (adapters/chat/answered.py)."""
        markup = markup_of(screen, self.links(), private=is_private_chat(chat))

        async def send(picture: Picture | None) -> str | None:
            if picture is None:
                await self.say(chat, screen.text, reply_to, markup)
                return None
            return await self._photo(chat, screen.text, picture, reply_to, markup)

        fits = bool(screen.text) and utf16(screen.text) <= MAX_CAPTION
        await answered.answer(self.pictures, screen, chat.chat_id, fits, send)

    async def _photo(
        self, chat: ChatRef, caption: str, picture: Picture, reply_to: int | None, markup: Markup | None
    ) -> str | None:
        """A photo replying to `reply_to` at the chat's pace; the file id Telegram gave it."""
        thread = int(chat.thread_id) if chat.thread_id else None
        reply = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None

        async def send() -> Message:
            return await self.bot.send_photo(
                int(chat.chat_id),
                media_of(picture),
                caption=caption,
                message_thread_id=thread,
                reply_parameters=reply,
                reply_markup=markup,
            )

        sent = await self.writers.once(chat.chat_id, send)
        stays(self.below, chat, sent.message_id)
        return sent.photo[-1].file_id if sent.photo else None

    async def say(self, chat: ChatRef, text: str, reply_to: int | None = None, markup: Markup | None = None) -> None:
        """A one-off message at the chat's pace (several, the first replying, when it is longer than
        Telegram takes: the help in a longer language; `markup` under the last); failures are logged."""
        thread = int(chat.thread_id) if chat.thread_id else None
        pieces = split_long(text, MAX_TEXT, utf16) or ["…"]
        for n, piece in enumerate(pieces, 1):
            reply = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None
            buttons = markup if n == len(pieces) else None

            async def send(
                piece: str = piece, reply: ReplyParameters | None = reply, buttons: Markup | None = buttons
            ) -> Message:
                return await self.bot.send_message(
                    int(chat.chat_id), piece, message_thread_id=thread, reply_parameters=reply, reply_markup=buttons
                )

            try:
                sent = await self.writers.once(chat.chat_id, send)
            except TelegramError as e:
                log.warning("could not answer in chat %s: %s", chat.chat_id, e)
                return
            stays(self.below, chat, sent.message_id)
            reply_to = None
