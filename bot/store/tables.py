"""The tables' store: tables with their deadlines and move logs, read and written a change at a
time (the service's own, bot/changer.py), and the deadlines due (bot/firing.py).

The service loads a table, changes it, and saves it in one transaction; `save` refuses a table
whose stored version is no longer the one it loaded (optimistic check), so a stale copy never
overwrites a newer state. Deadlines are saved with their table; the moves logged since loading
(`table.unsaved`) are appended to the table's move log in the same step, and so are the results,
ratings, achievements and tallies of a game that has just finished (`outcome`).
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.deadlines import Deadline
from bot.outcome import Outcome
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating
from bot.settings import ChatSettings
from bot.store.queue import Queued
from bot.tables import LoggedMove, Table


class Transaction(Protocol):
    """What a change needs, inside one transaction: load the table, read ratings, save. Either the
    load holds the table until the transaction ends, so nobody else changes it meanwhile, in this
    process or another (PostgreSQL), or the save finds out that someone did (`StaleTable`, SQLite:
    the service then runs the change again on what they saved).

    Several processes may share one database; in one process the service's per-table locks come
    first, so a transaction never waits for one of its own process's."""

    async def new_table_id(self) -> int: ...

    async def load(self, table_id: int) -> Table | None: ...

    async def save(self, table: Table, expected_version: int, outcome: Outcome | None = None) -> None:
        """As `TableStore.save`, committed with the transaction."""
        ...

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]: ...

    async def open_tables(self, chat: ChatRef) -> list[Table]: ...

    async def delivered(self, table_id: int, delivery: str) -> bool:
        """Whether `delivery` (a platform's update id) changed this open table before (a platform
        delivers an update again when the bot died before confirming it)."""
        ...

    async def note_delivery(self, table_id: int, delivery: str) -> None:
        """`delivery` changes the table in this transaction; forgotten when the table closes."""
        ...

    async def lock(self, name: str) -> None:
        """Hold the lock called `name` until the transaction ends (another process's transaction
        asking for it waits): "ratings", or a chat's, around a check and the save that relies on it."""
        ...

    async def claim(self, table_id: int) -> Table | None:
        """As `load`, but None at once if another transaction (another process's) holds the
        table: a deadline is fired by whoever gets its table, and nobody waits behind a busy one."""
        ...

    async def moves(self, table_id: int) -> list[LoggedMove]:
        """The table's move log as saved (without the moves of this change, `table.unsaved`)."""
        ...

    async def achievements(self, persons: Collection[PersonRef]) -> dict[PersonRef, set[str]]:
        """The achievements these people have earned, by person (left out: none yet)."""
        ...

    async def tallies(self, persons: Collection[PersonRef]) -> dict[PersonRef, dict[str, int]]:
        """These people's tallies by person and name (left out: none yet)."""
        ...

    async def identities(self, persons: Collection[PersonRef]) -> dict[PersonRef, PersonRef]:
        """As `LinkStore.identities` (bot/store/account_links.py), in this transaction."""
        ...

    async def open_match(self, entries: Sequence[Queued], table: Table, settings: ChatSettings) -> bool:
        """Quick match (bot/store/queue.py): if each of these people is still waiting as these rows
        say (the same `joined`), mark them seated at `table`, save it as a new table (as
        `save(table, -1)`) and its match chat's `settings`, all in this transaction; their rows are
        checked at once (on PostgreSQL locked until it ends, so another process seating one of them
        waits, then finds them taken). False, and nothing of it written, if any one is not waiting
        (they left, or were seated). A save that fails, now or at the commit, fails the
        transaction: everyone stays waiting, never seated at a table that does not exist."""
        ...


class TableStore(Protocol):
    # How many deadlines of different tables the scheduler may fire at once: 1 where a change holds
    # the only writer from start to end (a press then waits behind one, not a batch); more where
    # changes run side by side (PostgreSQL's row locks; SQLite's changes, committed together).
    firing_lanes: int

    def transaction(self) -> AbstractAsyncContextManager[Transaction]:
        """One unit of work: everything done through what it yields is committed together when the
        block ends normally, and not at all if it raises."""
        ...

    async def new_table_id(self) -> int: ...

    async def load(self, table_id: int) -> Table | None: ...

    async def save(self, table: Table, expected_version: int, outcome: Outcome | None = None) -> None:
        """Save `table` if the stored version is still `expected_version` (-1: a new table), else
        raise StaleTable and write nothing. In the same step (all or nothing):
        - append `table.unsaved` to the table's move log, then clear it (`table.unsaved = []`);
        - with an `outcome` (the game has just finished): keep its `result.standings` as the
          table's results (one row per seat: seat, name, person or None, score, place, won;
          `result.higher` says whether the scores are points), and write each row of
          `outcome.ratings` over the stored row with the same (game, scope, person), or insert
          it; insert each of `outcome.earned` (a person's achievement already stored stays as it
          is); write each of `outcome.tallies` over the stored (person, name) or insert it. The
          rows are whole, new values (not increments), computed from what `ratings`,
          `achievements` and `tallies` returned under the "ratings" lock (`Transaction.lock`).
        """
        ...

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        """Tables in this chat (and thread) that are in a lobby, a challenge or playing."""
        ...

    async def all_open(self, platform: str | None = None) -> list[Table]:
        """Every open table (of `platform`'s chats, if given)."""
        ...

    async def recently_closed(self, window: float, platform: str | None = None) -> list[Table]:
        """The tables (of `platform`'s chats, if given) that closed (finished, cancelled, expired)
        within `window` seconds of the newest change of any of them: a bot that stopped between
        saving a table's end and drawing it has not shown that end yet."""
        ...

    async def moves(self, table_id: int) -> list[LoggedMove]:
        """The table's whole move log, oldest first."""
        ...

    async def due(self, now: float) -> list[Deadline]:
        """Every deadline due by `now`, earliest first."""
        ...

    async def due_batch(
        self, now: float, limit: int, platform: str | None = None, skip: Collection[int] = ()
    ) -> list[Deadline]:
        """Up to `limit` deadlines due by `now`, earliest first, of tables not set aside and not in
        `skip` (of `platform`'s chats, if given); stale ones (armed for a version the table has
        left) are dropped from the store instead of being returned."""
        ...

    async def next_due(self, platform: str | None = None) -> float | None:
        """The earliest due time of a table not set aside (of `platform`'s chats, if given)."""
        ...

    async def set_aside(self, table_id: int, reason: str) -> Table | None:
        """Stop a table that keeps failing (`table.stopped` = reason, version + 1) without loading
        its game; its deadlines stay stored but do not fire, and it is no longer open anywhere.
        The table as it now is (only its row is relied on), or None."""
        ...

    async def retry(self, table_id: int) -> bool:
        """Put a table set aside back into play; False if it was not set aside."""
        ...

    async def stopped(self) -> list[tuple[int, str, str, str]]:
        """Tables set aside: (id, "platform:chat_id", game, why), by id."""
        ...
