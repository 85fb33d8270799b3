"""Whether a board is buried: how many messages stay in its channel below it, as this process saw them.

Discord's message ids are snowflakes, in the order the messages were made, so "below the board" is
"a higher id": for each channel (or thread) the newest ids of the messages the gateway announced
there (MESSAGE_CREATE: anyone's, the bot's own boards and public answers too; the guild messages
intent, not privileged, and no content) are kept, less the turn alerts and /notify pings (the
messages meant to be below the board; `alert` takes either) and the messages deleted since
(MESSAGE_DELETE). A board with more than BURIED of them above its own id is sent again at the
bottom (notifier.py).

In memory only: a restart starts afresh, and each process counts what its shards see. The order of
ids makes the count independent of the order in which events arrive and messages are sent (a
message's MESSAGE_CREATE may come before or after the answer to the request that sent it).
"""

from __future__ import annotations

from bisect import insort
from typing import Final

BURIED: Final = 4  # a board with more messages than this below it is sent again
KEPT: Final = 2 * BURIED  # the newest message ids kept per channel (more than BURIED are enough to tell)
CHANNELS: Final = 10_000  # channels kept; the one quiet the longest is forgotten first
ALERTS: Final = 10_000  # turn alerts kept, never counted


class Below:
    """The newest message ids seen in each channel, turn alerts left out."""

    def __init__(self, channels: int = CHANNELS) -> None:
        self.channels = channels
        self._ids: dict[int, list[int]] = {}  # channel -> ascending ids; the most recently active last
        self._alerts: dict[int, None] = {}  # message ids of turn alerts, oldest first

    def seen(self, channel: int, message_id: int) -> None:
        """A message was posted in the channel."""
        if message_id in self._alerts:
            return
        ids = self._ids.pop(channel, [])
        if message_id not in ids:
            insort(ids, message_id)
            del ids[:-KEPT]
        self._ids[channel] = ids
        if len(self._ids) > self.channels:
            del self._ids[next(iter(self._ids))]

    def gone(self, channel: int, message_id: int) -> None:
        """The message was deleted: it buries nothing any more."""
        ids = self._ids.get(channel)
        if ids is not None and message_id in ids:
            ids.remove(message_id)

    def alert(self, channel: int, message_id: int) -> None:
        """The message is a turn alert: not counted, whenever its MESSAGE_CREATE comes."""
        self._alerts[message_id] = None
        if len(self._alerts) > ALERTS:
            del self._alerts[next(iter(self._alerts))]
        self.gone(channel, message_id)

    def after(self, channel: int, message_id: int) -> int:
        """How many of the messages kept came after this one (at most KEPT)."""
        return sum(1 for later in self._ids.get(channel, ()) if later > message_id)

    def buried(self, channel: int, message_id: int) -> bool:
        return self.after(channel, message_id) > BURIED
