"""Button presses (callback queries): the data is handed to the service as it is (it decodes and
checks it), and every query is answered, a refusal as a short toast. A move is answered as soon
as it is committed, before its table is drawn (`Press.committed`): the spinner stops, then the
board follows.

A private screen in the reply (a press of "My panel") is sent to the presser's private chat; if
the bot may not write there (they never started it, or blocked it), the answer opens the bot with
a deep link to this table instead, and `/start t<table>` brings the panel. Someone the bot is known
to reach is answered at once, and the panel drawn after, at their chat's pace (a press is never
answered later than a redraw takes). Joining or accepting
does the same for someone the bot cannot reach (it asks Telegram once per person, with a chat
action), so that their panel can come when the game starts.

Some buttons are a chat admin's as well as the table's creator's: a lobby's house rules ("💾 Save
for this chat" is an admin's only), "+1 min", Cancel. Pressed in a group by someone other than the
table's creator, Telegram is asked whether they administer the chat (the service judges the rest).
"""

from __future__ import annotations

import asyncio
import logging
from typing import Final

from telegram import Bot, CallbackQuery, Update
from telegram.constants import CallbackQueryLimit, ChatAction
from telegram.error import BadRequest, Forbidden, TelegramError
from telegram.ext import ContextTypes

from adapters.chat.notifier import ChatNotifier
from adapters.chat.reach import Reach
from adapters.telegram import texts
from adapters.telegram.identities import PLATFORM, actor_of, is_admin, is_private, person_of
from adapters.telegram.links import deep_link, table_query
from bot.commands import Press
from bot.i18n import translator
from bot.people import Actor, ChatRef, PersonRef
from bot.service import Service
from bot.tokens import Token, decode
from bot.ui.screen import Reply

log = logging.getLogger(__name__)

MAX_TOAST: Final = int(CallbackQueryLimit.ANSWER_CALLBACK_QUERY_TEXT_LENGTH)
SITTING_DOWN: Final = frozenset({"join", "accept"})
ADMINS_TOO: Final = frozenset({"rules", "extend", "cancel"})  # the creator's buttons a chat admin may press
SAVE: Final = "save"  # the house rules' "save for this chat": a chat admin's only
# How long a move's answer may hold its table's drawing back (seconds): enough for its request to
# leave (on 127.0.0.1 the whole answer takes ~2 ms), little for the table's next change to wait.
ANSWER_HEAD_START: Final = 0.02


def place_of(query: CallbackQuery) -> ChatRef | None:
    """The group a button was pressed in; None for a private chat or an inline-mode message,
    where only the presser's own seat may be played (the service judges it)."""
    message = query.message
    if message is None or is_private(message.chat):
        return None
    return ChatRef(PLATFORM, str(message.chat.id))


async def can_reach(bot: Bot, reach: Reach, person: PersonRef) -> bool:
    """Whether the bot may write to the person in private; asked of Telegram once (a chat action,
    which fails for someone who never started the bot or blocked it)."""
    known = reach.reachable(person)
    if known is not None:
        return known
    try:
        await bot.send_chat_action(int(person.user_id), ChatAction.TYPING)
    except (Forbidden, BadRequest):
        reach.heard(person, False)
        return False
    except TelegramError:
        return True  # not known: do not send them away
    reach.heard(person, True)
    return True


class Presses:
    def __init__(self, service: Service, notifier: ChatNotifier) -> None:
        """`notifier`: delivers the presser's private screens, holds the redraws of the chats a
        press is answered in, and knows whom the bot may write to."""
        self.service = service
        self.notifier = notifier

    async def press(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.callback_query
        if query is None:
            return
        where = place_of(query)
        data = query.data if isinstance(query.data, str) else ""
        token = decode(data)  # (the service decodes and judges it again: here it only says how to answer)
        action = token.action if token is not None else ""
        sitting_down, forgetting = action in SITTING_DOWN, action == "forget"
        actor = actor_of(query.from_user)
        # the answer first, then the redraws of this chat and the presser's panel (their pictures
        # drawn ahead meanwhile: ChatNotifier._prepare), until the press is handled
        release = self.notifier.writers.hold(actor.person.user_id, *([where.chat_id] if where else []))
        answered: asyncio.Task[None] | None = None

        async def committed(step: Reply) -> None:
            """Most presses (a move): answered as soon as the change is committed, before the table
            is drawn (its drawing, CPU on the event loop, would hold the request back); waited for
            up to ANSWER_HEAD_START, by when its request has left, so that the table's next change
            waits little for Telegram's reply to it."""
            nonlocal answered
            if answered is None and not step.screens and not sitting_down and not forgetting:
                answered = asyncio.create_task(self._answer(query, step.text))
                await asyncio.wait([answered], timeout=ANSWER_HEAD_START)

        try:
            if await self._admin(query, token, where is not None):
                actor = actor_of(query.from_user, admin=True)
            once = f"{PLATFORM}:{update.update_id}"
            reply = await self.service.handle(Press(actor, data, once=once, where=where, committed=committed))
            if reply.ok and reply.text and forgetting:  # /forget's question answered: its answer instead
                await self._replace_question(query, reply.text)
            if answered is not None:
                await answered
                return
            if not reply.screens and not sitting_down:  # a refusal, an update delivered again
                await self._answer(query, reply.text)
                return
            release()  # a private screen to deliver, or a seat to check: the writers go on
            link = await self._link_instead(actor, token, reply, context.bot)
        except Exception:
            if answered is not None:
                await answered
            else:
                await self._answer(query)  # the spinner stops whatever happened
            raise
        finally:
            release()
        if link is not None:
            t = translator(await self.service.chats.lang_of(actor))
            await self._answer(query, texts.start_the_bot(t), url=link)
        else:
            await self._answer(query, reply.text)

    async def _link_instead(self, actor: Actor, token: Token | None, reply: Reply, bot: Bot) -> str | None:
        """A deep link to the bot when the presser's private screens cannot reach them."""
        table_id = reply.table_id or (token.table_id if token else None)
        if table_id is None or not reply.ok:
            return None
        private = [s for s in reply.screens if s.audience is not None]
        if private and self.notifier.reach.reachable(actor.person):
            self.notifier.queue(None, private)
            return None
        if private and await self.notifier.deliver(None, private):  # (not known yet: asked by drawing)
            return None
        sitting_down = token is not None and token.action in SITTING_DOWN
        if private or (sitting_down and not await can_reach(bot, self.notifier.reach, actor.person)):
            return deep_link(bot.username, table_query(table_id))
        return None

    async def _admin(self, query: CallbackQuery, token: Token | None, in_group: bool) -> bool:
        """Whether the presser of a button an admin may press too administers the group (asked of
        Telegram only when they are not the table's creator, or save the rules for the chat)."""
        if token is None or token.action not in ADMINS_TOO or not in_group or query.message is None:
            return False
        if token.arg != SAVE:
            try:
                table = await self.service.store.load(token.table_id)
            except Exception as e:  # the service meets the store's trouble itself, and says so
                log.info("could not read table %s to tell an admin's press: %r", token.table_id, e)
                return False
            if table is None or table.creator == person_of(query.from_user):
                return False
        return await is_admin(query.get_bot(), query.message.chat, query.from_user)

    @staticmethod
    async def _replace_question(query: CallbackQuery, text: str) -> None:
        try:
            await query.edit_message_text(text, reply_markup=None)
        except TelegramError as e:  # deleted meanwhile, or too old to edit: the toast says it still
            log.info("could not replace /forget's question: %s", e)

    @staticmethod
    async def _answer(query: CallbackQuery, text: str | None = None, url: str | None = None) -> None:
        try:
            await query.answer(text[:MAX_TOAST] if text else None, show_alert=False, url=url)
        except TelegramError as e:  # too old, or answered already
            log.info("could not answer a button press: %s", e)
