"""Whom the bot may write to in private (part of the notifier: notifier.py). Telegram lets a bot
write to a person only once they have started it, and not after they blocked it: learnt from what
they do (writing to the bot, a refused message) or asked once with a chat action."""

from __future__ import annotations

from telegram import Bot
from telegram.constants import ChatAction
from telegram.error import BadRequest, Forbidden, TelegramError

from bot.people import PersonRef


class Reach:
    """The reach half of TelegramNotifier (which provides the bot and the table)."""

    bot: Bot
    _reachable: dict[str, bool]  # person -> whether their private chat takes messages

    def reachable(self, person: PersonRef) -> bool | None:
        """Whether the person's private chat takes messages (None: not known yet)."""
        return self._reachable.get(person.user_id)

    async def can_reach(self, person: PersonRef) -> bool:
        """Whether the bot may write to the person in private; asked of Telegram once (a chat
        action, which fails for someone who never started the bot or blocked it)."""
        known = self.reachable(person)
        if known is not None:
            return known
        try:
            await self.bot.send_chat_action(int(person.user_id), ChatAction.TYPING)
        except (Forbidden, BadRequest):
            self._reachable[person.user_id] = False
            return False
        except TelegramError:
            return True  # not known: do not send them away
        self._reachable[person.user_id] = True
        return True

    def met(self, person: PersonRef) -> None:
        """The person wrote to the bot in private: it may write to them."""
        self.heard(person, True)

    def heard(self, person: PersonRef, reachable: bool) -> None:
        """Telegram said whether the bot may write to the person (they started or blocked it)."""
        self._reachable[person.user_id] = reachable
