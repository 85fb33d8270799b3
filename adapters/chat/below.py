"""Whether a board is buried: how many messages stay in its chat below it, as this process saw them.

A chat numbers its messages in the order they arrive (Telegram's message ids; Discord's ids are
snowflakes, in the order the messages were made), so "below the board" is "a higher message id": for
each chat (forum topic, channel, thread) the newest ids of the messages that stay there are kept.
The platform tells them: Telegram the messages the bot received (whatever its handlers do with
them, plays sent "via" it in inline mode included) and those it sent that stay (boards, answers);
Discord's gateway announces every message posted (MESSAGE_CREATE: anyone's, the bot's own too; the
guild messages intent, not privileged, and no content) and deleted (MESSAGE_DELETE). Turn alerts and
pings are left out (`alert`, whenever the platform announces them): they are the messages meant to
be below the board.

A board with more than BURIED of them above its own id is sent again at the bottom instead of
being edited, without a notification, and the old message deleted; its buttons carry the table,
not the message, so both work (places.py).

In memory only: a restart starts afresh, and each process counts what it sees (people's messages
reach one of them; its own messages it knows). The order of ids makes the count independent of the
order in which events arrive and messages are sent (a message's MESSAGE_CREATE may come before or
after the answer to the request that sent it).
"""

from __future__ import annotations

from bisect import insort
from typing import Final

from cachetools import LRUCache

from adapters.chat.posts import Place

BURIED: Final = 4  # a board with more messages than this below it is sent again
KEPT: Final = 2 * BURIED  # the newest message ids kept per place (more than BURIED are enough to tell)
PLACES: Final = 10_000  # chats and topics kept; the one quiet the longest is forgotten first
ALERTS: Final = 10_000  # turn alerts and pings kept, never counted


class Below:
    def __init__(self, places: int = PLACES) -> None:
        self._ids: LRUCache[Place, list[int]] = LRUCache(places)  # ascending ids
        self._alerts: LRUCache[tuple[Place, int], None] = LRUCache(ALERTS)

    def seen(self, where: Place, message_id: int) -> None:
        """A message stays in the chat."""
        if (where, message_id) in self._alerts:
            return
        ids = self._ids.get(where, [])
        if message_id not in ids:
            insort(ids, message_id)
            del ids[:-KEPT]
        self._ids[where] = ids

    def gone(self, where: Place, message_id: int) -> None:
        """The message was deleted: it buries nothing any more."""
        ids = self._ids.get(where)
        if ids is not None and message_id in ids:
            ids.remove(message_id)

    def alert(self, where: Place, message_id: int) -> None:
        """The message is a turn alert or a ping: not counted, whenever it is announced."""
        self._alerts[(where, message_id)] = None
        self.gone(where, message_id)

    def after(self, where: Place, message_id: int) -> int:
        """How many of the messages kept came after this one (at most KEPT)."""
        return sum(1 for later in self._ids.get(where, ()) if later > message_id)

    def buried(self, where: Place, message_id: int) -> bool:
        return self.after(where, message_id) > BURIED
