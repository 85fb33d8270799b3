"""What the store keeps of quick match (bot/quick_match.py): one row per person, their place in a
queue while they wait, and the table they were seated at once matched (kept until they queue again,
so that a person at an open quick-match table cannot queue twice, in any process). A group is
seated with its table's save, in one transaction: `Transaction.open_match` (bot/store/tables.py)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Protocol

from bot.people import PersonRef


@dataclass(frozen=True, slots=True)
class Queued:
    """A person's quick-match row: waiting for a `game` table (`table_id` None), or seated at one."""

    person: PersonRef
    game: str
    name: str
    lang: str | None
    joined: float  # when they joined (the order of the queue; and which entry a matcher saw)
    ordinal: float  # their global rating's ordinal in the game when they joined (bot/ratings.py)
    computers_after: float | None  # seconds of waiting after which computers fill the table; None: never
    table_id: int | None = None  # the table they were matched to


class QueueStore(Protocol):
    async def queued(self, person: PersonRef) -> Queued | None:
        """The person's row (waiting or matched), if any."""
        ...

    async def put_queued(self, entry: Queued, read: Queued | None) -> bool:
        """Write the person's row over `read`, the row they had when the caller read it (None: none):
        only if it is still that row (the same `joined` and `table_id`), so a matcher that seated
        them in between is not undone (they would be waiting while seated, and could be matched
        twice). False, and nothing written, if it changed."""
        ...

    async def drop_queued(self, person: PersonRef, joined: float | None = None) -> Queued | None:
        """Take the person out of their queue: their waiting row (only the one that joined at
        `joined`, if given) is deleted and returned; None if they were not waiting (a matched
        row stays)."""
        ...

    async def waiting(self, platform: str | None = None) -> list[Queued]:
        """Everyone waiting (of `platform`'s people, if given), by `joined` then person."""
        ...
