"""`/quickmatch <game> [now|1|3|never]` and `/quickmatch stop` on Telegram (bot/quick_match.py),
in a group or in private; every answer goes to the person alone, in our private chat, where their
quick-match tables come too (each seated person gets the board and their panel there).

In a group, a person the bot cannot write to yet (they never started it, or blocked it) is not
queued: the group gets a short word with a button that opens the private chat with
`/start qm-<game>-<computers>`, which queues them from there. A person it can write to gets their
answer in private and, in the group, a one-line pointer to it.

The second word says when computers may fill the table: `now`, after `1` or `3` minutes (any
number from 0 to 10), or `never`; one minute when left out.
"""

from __future__ import annotations

import re
from typing import Final

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Update
from telegram.ext import ContextTypes

from adapters.chat.notifier import ChatNotifier
from adapters.chat.posts import NOT_A_TABLE
from adapters.telegram.answers import Answers
from adapters.telegram.identities import actor_of, chat_of, is_private
from adapters.telegram.links import deep_link
from adapters.telegram.presses import can_reach
from bot.commands import COMPUTERS_AFTER, LeaveQueue, QuickMatch
from bot.games import game_named
from bot.i18n import Translator, translator
from bot.people import Actor, ChatRef
from bot.service import Service
from bot.ui.quick_match import SLOT
from bot.ui.screen import Reply, Screen

Context = ContextTypes.DEFAULT_TYPE
STOP: Final = frozenset({"stop", "leave", "off"})
NEVER: Final = "never"
NOW: Final = "now"
MAX_MINUTES: Final = 10
LINKED: Final = re.compile(r"qm-([a-z_]{1,20})-(now|never|[0-9]{1,2})")  # the deep link's payload


def computers_of(word: str | None) -> float | None:
    """Seconds of waiting before computers come, from the command's second word (None: never)."""
    if word is None:
        return COMPUTERS_AFTER
    word = word.lower()
    if word == NEVER:
        return None
    if word == NOW:
        return 0.0
    return float(min(MAX_MINUTES, int(word)) * 60) if word.isdecimal() else COMPUTERS_AFTER


def payload_of(game: str, computers: float | None) -> str:
    """The deep link's `/start` payload that queues the person from the private chat."""
    word = NEVER if computers is None else NOW if computers == 0 else str(int(computers // 60))
    return f"qm-{game}-{word}"


def usage(t: Translator) -> str:
    return t.gettext(
        "Quick match: /quickmatch speed, svolota or demon plays people from anywhere; add now, 1, 3"
        " or never for when computers may fill your table. /quickmatch stop leaves the queue."
    )


class QuickMatchCommands:
    def __init__(self, service: Service, notifier: ChatNotifier, answers: Answers) -> None:
        self.service = service
        self.notifier = notifier
        self.answers = answers

    async def quickmatch(self, update: Update, context: Context) -> None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None or user.is_bot:
            return
        chat, actor, words = chat_of(message), actor_of(user), list(context.args or [])
        private = is_private(message.chat)
        if private:
            self.notifier.reach.heard(actor.person, True)  # they wrote to the bot: it may write to them
        t = translator(await self.service.chats.lang_of(actor, chat))
        if not words:
            await self.answers.say(chat, usage(t), message.message_id)
            return
        if words[0].lower() in STOP:
            await self._answer(chat, private, actor, await self.service.handle(LeaveQueue(actor)), message.message_id)
            return
        game = game_named(words[0]) or words[0]
        computers = computers_of(words[1] if len(words) > 1 else None)
        if not private and not await can_reach(message.get_bot(), self.notifier.reach, actor.person):
            link = deep_link(message.get_bot().username, payload_of(game, computers)[:64])
            button = InlineKeyboardButton(t.gettext("▶ Open our private chat"), url=link)
            text = t.gettext("Quick-match tables come to our private chat: open it and press Start to join the queue.")
            await self.answers.say(chat, text, message.message_id, InlineKeyboardMarkup([[button]]))
            return
        reply = await self.service.handle(QuickMatch(actor, game, None if private else chat, computers))
        await self._answer(chat, private, actor, reply, message.message_id)

    async def start_link(self, update: Update, context: Context) -> None:
        """`/start qm-<game>-<computers>` in private (the group's button): queue them from here."""
        message, user = update.effective_message, update.effective_user
        if message is None or user is None or user.is_bot or not is_private(message.chat):
            return
        actor = actor_of(user)
        self.notifier.reach.heard(actor.person, True)
        found = LINKED.fullmatch((context.args or [""])[0])
        if found is None:
            return
        command = QuickMatch(actor, found[1], None, computers_of(found[2]))
        await self._answer(chat_of(message), True, actor, await self.service.handle(command), None)

    async def _answer(self, chat: ChatRef, private: bool, actor: Actor, reply: Reply, reply_to: int | None) -> None:
        """The reply to the person alone, in our private chat; in a group, a pointer to it."""
        screens = list(reply.screens)
        if reply.text:
            text = reply.text if reply.ok else "✗ " + reply.text
            screens.insert(0, Screen(NOT_A_TABLE, text, audience=actor.person, slot=SLOT, final=True))
        delivered = await self.notifier.deliver(None, screens)
        if not private:
            t = translator(await self.service.chats.lang_of(actor, chat))
            if delivered:
                await self.answers.say(chat, t.gettext("📩 I've answered you in our private chat."), reply_to)
            else:  # blocked the bot since: in the group after all
                await self.answers.say(chat, "\n".join(s.text for s in screens), reply_to)
