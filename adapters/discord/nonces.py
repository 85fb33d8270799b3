"""Nonces for the messages the bot sends, so that a send whose answer was lost is not made twice.

Discord makes one message per nonce (`enforce_nonce`, which discord.py asks for with every nonce)
for a few minutes: a send tried again after a timeout or a dropped connection, by discord.py itself
or by the chat layer's writer, is answered with the message the first try made, if it made one.

A place's next message has one nonce for all its tries, even when a newer screen has replaced the
one first tried, and the message after it another; a process's nonces are its own (a restart
makes new ones, never meeting one of the process before). A send that goes through after a try
that failed may have been answered with that try's message, which shows that try's screen: the
platform edits it to the screen now sent before it counts as made (an edit that fails leaves the
send to be tried again, with the same nonce).
"""

from __future__ import annotations

import hashlib
import secrets
from typing import Final

from cachetools import LRUCache

from adapters.chat.posts import Key

KEPT: Final = 10_000  # places whose count of messages made is kept (the quiet longest forgotten first)
SIZE: Final = 12  # bytes of a nonce's digest: 24 hex digits (Discord takes 25 characters at most)


class Nonces:
    def __init__(self) -> None:
        self._run = secrets.token_hex(8)
        self._made: LRUCache[Key, int] = LRUCache(KEPT)
        self._failed: LRUCache[Key, None] = LRUCache(KEPT)

    def of(self, key: Key) -> str:
        """The nonce of the place's next message."""
        text = f"{self._run}|{key!r}|{self._made.get(key, 0)}"
        return hashlib.blake2b(text.encode(), digest_size=SIZE).hexdigest()

    def failed(self, key: Key) -> None:
        """A try of the place's next message failed: Discord may have made it all the same."""
        self._failed[key] = None

    def retried(self, key: Key) -> bool:
        """Whether a try of the place's next message failed before: the message Discord answers
        with may be that try's, showing its screen (the platform edits it to this one)."""
        return key in self._failed

    def made(self, key: Key) -> None:
        """The place's next message was made (and shows its screen): the one after has another nonce."""
        self._made[key] = self._made.get(key, 0) + 1
        self._failed.pop(key, None)
