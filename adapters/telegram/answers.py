"""Answers to commands (help, the rules, a leaderboard, a refusal): one-off messages replying to the
command, at the chat's pace, through the chat layer's writers."""

from __future__ import annotations

import logging
from collections.abc import Callable

from telegram import Bot, Message, ReplyParameters
from telegram import InlineKeyboardMarkup as Markup
from telegram.error import TelegramError

from adapters.chat.below import Below
from adapters.chat.long_texts import split_long
from adapters.chat.posts import Place
from adapters.chat.writers import Writers
from adapters.telegram.entities import utf16
from adapters.telegram.keyboards import MAX_TEXT, LiveLinks, markup_of
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
        self, bot: Bot, writers: Writers, below: Below, links: Callable[[], LiveLinks | None] = lambda: None
    ) -> None:
        """`links`: where the live table and the pages are now (None: not served)."""
        self.bot = bot
        self.writers = writers
        self.below = below
        self.links = links

    async def show(self, chat: ChatRef, screen: Screen, reply_to: int | None = None) -> None:
        """An answer that is a screen (a leaderboard, a person's stats): its text, and under its
        last part the buttons it may carry here (links to pages)."""
        markup = markup_of(screen, self.links(), private=is_private_chat(chat))
        await self.say(chat, screen.text, reply_to, markup)

    async def say(
        self, chat: ChatRef, text: str, reply_to: int | None = None, markup: Markup | None = None
    ) -> None:
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
