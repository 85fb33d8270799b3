"""What each message shows, as this process drew it: to skip an edit that would change nothing
(Telegram would answer "message is not modified", and the call would spend the chat's pace), and to
upload a picture only when it changed.

Kept in memory for the newest messages only (by chat and message id): what a message shows that is
not known here (after a restart, a failed edit) is drawn again. Whether it shows a picture is also
in its row in the store (records.py), so a message not known here is still known to be text or a
picture (SOME); a Discord panel, which has no row, is UNSEEN then: a picture is uploaded, text
clears it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from cachetools import LRUCache

from adapters.chat.posts import Place

KEPT: Final = 10_000  # messages whose drawn content is kept
UNSEEN: Final = "?"  # (a picture's digest) not known whether the message shows a picture
SOME: Final = "*"  # (a picture's digest) it shows a picture, not known which


@dataclass(frozen=True, slots=True)
class Shows:
    """What a message shows: the platform's drawing (text, entities, buttons; None: not known),
    and its picture's digest (None: no picture; SOME: a picture, not known which)."""

    drawing: object
    picture: str | None


class Shown:
    def __init__(self, kept: int = KEPT) -> None:
        self._messages: LRUCache[tuple[Place, int], Shows] = LRUCache(kept)

    def of(self, where: Place, message_id: int) -> Shows | None:
        return self._messages.get((where, message_id))

    def picture(self, where: Place, message_id: int | None, default: str | None = UNSEEN) -> str | None:
        """The digest of the picture the message shows (None: none; `default` when not known)."""
        if message_id is None:
            return None  # a new message shows nothing yet
        shows = self.of(where, message_id)
        return default if shows is None else shows.picture

    def shows(self, where: Place, message_id: int, shows: Shows) -> None:
        self._messages[(where, message_id)] = shows

    def forget(self, where: Place, message_id: int) -> None:
        """Not known until the message is drawn again."""
        self._messages.pop((where, message_id), None)

    def touched(self, where: Place, message_id: int) -> None:
        """Its words may have changed (a Discord panel answered through a press): only its picture
        is known."""
        shows = self.of(where, message_id)
        if shows is not None:
            self._messages[(where, message_id)] = Shows(None, shows.picture)
