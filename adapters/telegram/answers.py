"""Answers to commands (help, the rules, a leaderboard, a refusal): one-off messages replying to the
command, at the chat's pace, through the chat layer's writers."""

from __future__ import annotations

import logging

from telegram import Bot, Message, ReplyParameters
from telegram.error import TelegramError

from adapters.chat.below import Below
from adapters.chat.long_texts import split_long
from adapters.chat.posts import Place
from adapters.chat.writers import Writers
from adapters.telegram.entities import utf16
from adapters.telegram.keyboards import MAX_TEXT
from bot.people import ChatRef

log = logging.getLogger(__name__)


def stays(below: Below, chat: ChatRef, message_id: int) -> None:
    """A message that stays in a group chat (the bot received it, or sent it): a board may be
    buried under it (private chats hold no boards: not kept)."""
    if chat.chat_id.startswith("-"):
        below.seen(Place.of(chat), message_id)


class Answers:
    def __init__(self, bot: Bot, writers: Writers, below: Below) -> None:
        self.bot = bot
        self.writers = writers
        self.below = below

    async def say(self, chat: ChatRef, text: str, reply_to: int | None = None) -> None:
        """A one-off message at the chat's pace (several, the first replying, when it is longer than
        Telegram takes: the help in a longer language); failures are logged."""
        thread = int(chat.thread_id) if chat.thread_id else None
        for piece in split_long(text, MAX_TEXT, utf16) or ["…"]:
            reply = ReplyParameters(reply_to, allow_sending_without_reply=True) if reply_to else None

            async def send(piece: str = piece, reply: ReplyParameters | None = reply) -> Message:
                return await self.bot.send_message(
                    int(chat.chat_id), piece, message_thread_id=thread, reply_parameters=reply
                )

            try:
                sent = await self.writers.once(chat.chat_id, send)
            except TelegramError as e:
                log.warning("could not answer in chat %s: %s", chat.chat_id, e)
                return
            stays(self.below, chat, sent.message_id)
            reply_to = None
