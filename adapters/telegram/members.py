"""Whether a person is in a chat, asked of Telegram (`getChatMember`) and kept a few minutes: who
may watch a table of that chat on the live table without playing at it (adapters/web)."""

from __future__ import annotations

import logging
import time
from collections import OrderedDict
from collections.abc import Callable
from typing import Final

from telegram import Bot
from telegram.constants import ChatMemberStatus
from telegram.error import TelegramError

from bot.people import ChatRef, PersonRef

log = logging.getLogger(__name__)

KEPT_SECONDS: Final = 300.0
KEPT: Final = 10_000
IN_CHAT: Final = frozenset({ChatMemberStatus.OWNER, ChatMemberStatus.ADMINISTRATOR, ChatMemberStatus.MEMBER})


class ChatMembers:
    def __init__(self, bot: Bot, now: Callable[[], float] = time.monotonic) -> None:
        self.bot = bot
        self.now = now
        self._known: OrderedDict[tuple[str, str], tuple[float, bool]] = OrderedDict()

    async def __call__(self, chat: ChatRef, person: PersonRef) -> bool:
        key = (chat.chat_id, person.user_id)
        known = self._known.get(key)
        if known is not None and self.now() - known[0] < KEPT_SECONDS:
            return known[1]
        try:
            member = await self.bot.get_chat_member(int(chat.chat_id), int(person.user_id))
        except TelegramError as e:  # not known to the chat, or the bot left it: no
            log.info("could not tell whether %s is in chat %s: %s", person.user_id, chat.chat_id, e)
            inside = False
        else:
            restricted = member.status == ChatMemberStatus.RESTRICTED and bool(getattr(member, "is_member", False))
            inside = member.status in IN_CHAT or restricted
        self._known[key] = (self.now(), inside)
        self._known.move_to_end(key)
        while len(self._known) > KEPT:
            self._known.popitem(last=False)
        return inside
