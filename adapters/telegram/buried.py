"""Whether a board is buried: how many messages stay in its chat below it, as this process saw them.

Telegram numbers a chat's messages in the order they arrive, so "below the board" is "a higher
message id": for each group chat (and forum topic) the newest ids the bot has seen there are kept,
those of the messages it received (whatever its handlers do with them, plays sent "via" it in inline
mode included) and of the messages it sent there that stay (boards, one-off answers; not turn
alerts, the one message meant to be below the board). A board with more than BURIED of them above
its own id is sent again at the bottom (notifier.py).

In memory only: a restart starts afresh, and each process counts what it sees (people's messages
reach one of them; its own messages it knows). The order of ids makes the count independent of the
order in which updates are handled and messages sent.
"""

from __future__ import annotations

from bisect import insort
from typing import Final

BURIED: Final = 4  # a board with more messages than this below it is sent again
KEPT: Final = 2 * BURIED  # the newest message ids kept per place (more than BURIED are enough to tell)
PLACES: Final = 10_000  # chats and topics kept; the one quiet the longest is forgotten first

Place = tuple[str, str | None]  # (chat, forum topic)


class Below:
    """The newest message ids seen in each group chat (or topic)."""

    def __init__(self, places: int = PLACES) -> None:
        self.places = places
        self._ids: dict[Place, list[int]] = {}  # ascending; the most recently active place last

    def seen(self, place: Place, message_id: int) -> None:
        """A message stays in the chat (private chats hold no boards: not kept)."""
        if not place[0].startswith("-"):
            return
        ids = self._ids.pop(place, [])
        if message_id not in ids:
            insort(ids, message_id)
            del ids[:-KEPT]
        self._ids[place] = ids
        if len(self._ids) > self.places:
            del self._ids[next(iter(self._ids))]

    def after(self, place: Place, message_id: int) -> int:
        """How many of the messages kept came after this one (at most KEPT)."""
        return sum(1 for later in self._ids.get(place, ()) if later > message_id)

    def buried(self, place: Place, message_id: int) -> bool:
        return self.after(place, message_id) > BURIED
