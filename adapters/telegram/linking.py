"""`/link [CODE]` and `/unlink` on Telegram (bot/linker.py): answered to the person alone.

- `/link` in our private chat shows their code there; in a group it shows no code, only a button
  to the bot's private chat (a deep link, `/start link`: whoever opens it gets their own code, as
  the "My page" button does with `/start me`).
- `/link CODE` and `/unlink`: the answer goes to the private chat; in a group, where the bot may
  not write to them privately (never started, or blocked), into the group (it holds no secret:
  a code typed in a group is used up by that very message)."""

from __future__ import annotations

from telegram import InlineKeyboardButton, InlineKeyboardMarkup, Message, Update
from telegram.ext import ContextTypes

from adapters.chat.notifier import ChatNotifier
from adapters.chat.posts import NOT_A_TABLE
from adapters.telegram.answers import Answers
from adapters.telegram.identities import actor_of, chat_of, is_private
from adapters.telegram.links import deep_link
from bot.commands import Link, Unlink
from bot.i18n import translator
from bot.people import Actor
from bot.service import Service
from bot.ui.screen import Reply, Screen

Context = ContextTypes.DEFAULT_TYPE
LINK: str = "link"  # `/start link`: the deep link of a group's /link
SLOT = "link"  # the private answer's message


class LinkCommands:
    def __init__(self, service: Service, notifier: ChatNotifier, answers: Answers) -> None:
        self.service = service
        self.notifier = notifier
        self.answers = answers

    async def link(self, update: Update, context: Context) -> None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None or user.is_bot:
            return
        actor, chat = actor_of(user), chat_of(message)
        words = list(context.args or [])
        if words:
            await self._answer(message, actor, await self.service.handle(Link(actor, "".join(words)[:40], chat)))
        elif is_private(message.chat):
            await self.code(message, actor)
        else:
            t = translator(await self.service.chats.lang_of(actor, chat))
            url = deep_link(context.bot.username, LINK)
            button = InlineKeyboardButton(t.gettext("🔗 My code, in private"), url=url)
            text = t.gettext("Your link code comes in our private chat: press the button.")
            await self.answers.say(chat, text, message.message_id, InlineKeyboardMarkup([[button]]))

    async def code(self, message: Message, actor: Actor) -> None:
        """A fresh code (or why not), in our private chat (`/link` there, or `/start link`)."""
        self.notifier.reach.heard(actor.person, True)  # they wrote to the bot: it may write to them
        reply = await self.service.handle(Link(actor, None, chat_of(message)))
        await self.answers.say(chat_of(message), _text(reply))

    async def unlink(self, update: Update, context: Context) -> None:
        message, user = update.effective_message, update.effective_user
        if message is None or user is None or user.is_bot:
            return
        actor = actor_of(user)
        await self._answer(message, actor, await self.service.handle(Unlink(actor, chat_of(message))))

    async def _answer(self, message: Message, actor: Actor, reply: Reply) -> None:
        chat = chat_of(message)
        if is_private(message.chat):
            self.notifier.reach.heard(actor.person, True)
            await self.answers.say(chat, _text(reply))
            return
        screen = Screen(NOT_A_TABLE, _text(reply), audience=actor.person, slot=SLOT, final=True)
        if not await self.notifier.deliver(None, [screen]):  # never started the bot, or blocked it
            await self.answers.say(chat, _text(reply), message.message_id)


def _text(reply: Reply) -> str:
    return (reply.text or "") if reply.ok else "✗ " + (reply.text or "")
