"""Whom the bot may write to in private. Telegram lets a bot write to a person only once they have
started it, and not after they blocked it: learnt from what they do (writing to the bot, a refused
message, blocking it) or asked once (adapters/telegram/presses.py). A person whose private chat
does not take messages has their panel skipped; they are told how to start the bot when they press
a button."""

from __future__ import annotations

from typing import Final

from cachetools import LRUCache

from bot.people import PersonRef

KEPT: Final = 100_000  # people whose reach is known


class Reach:
    def __init__(self, kept: int = KEPT) -> None:
        self._reachable: LRUCache[str, bool] = LRUCache(kept)  # person -> whether their private chat takes messages

    def reachable(self, person: PersonRef) -> bool | None:
        """Whether the person's private chat takes messages (None: not known yet)."""
        return self._reachable.get(person.user_id)

    def heard(self, person: PersonRef, reachable: bool) -> None:
        """The platform said whether the bot may write to the person (they started or blocked it)."""
        self._reachable[person.user_id] = reachable
