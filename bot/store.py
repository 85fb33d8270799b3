"""The store port (its in-memory implementation, for tests and the console: bot/memory_store.py).

The service loads a table, changes it, and saves it in one step; `save` refuses a table whose
stored version is no longer the one it loaded (optimistic check), so a stale copy never
overwrites a newer state. Deadlines are saved with their table; the moves logged since loading
(`table.unsaved`) are appended to the table's move log in the same step, and so are the results and
new rating rows of a game that has just finished (`table.outcome`).

Ratings are rows keyed by (game, scope, person): scope is a chat's (`"<platform>:<chat_id>"`) or
`"global"` (bot/ratings.py). Only `save` writes them, whole rows as the service computed them.
"""

from __future__ import annotations

from collections.abc import Collection
from contextlib import AbstractAsyncContextManager
from typing import Protocol

from bot.achievements import Earned
from bot.deadlines import Deadline
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating, Standing
from bot.settings import ChatSettings
from bot.tables import LoggedMove, Table


class StaleTable(Exception):
    """Someone saved a newer version of this table first."""


class StoreUnavailable(Exception):
    """The store cannot be reached or cannot write right now (full disk, read-only, down): nothing
    is wrong with the table or the command; the same command may work in a moment."""


class Changes(Protocol):
    """What a change needs, inside one transaction: load the table, read ratings, save. Either the
    load holds the table until the transaction ends, so nobody else changes it meanwhile, in this
    process or another (PostgreSQL), or the save finds out that someone did (`StaleTable`, SQLite:
    the service then runs the change again on what they saved).

    Several processes may share one database; in one process the service's per-table locks come
    first, so a transaction never waits for one of its own process's."""

    async def new_table_id(self) -> int: ...

    async def load(self, table_id: int) -> Table | None: ...

    async def save(self, table: Table, expected_version: int) -> None: ...

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


class Store(Protocol):
    # How many deadlines of different tables the scheduler may fire at once: 1 where a change holds
    # the only writer from start to end (a press then waits behind one, not a batch); more where
    # changes run side by side (PostgreSQL's row locks; SQLite's changes, committed together).
    firing_lanes: int

    def transaction(self) -> AbstractAsyncContextManager[Changes]:
        """One unit of work: everything done through what it yields is committed together when the
        block ends normally, and not at all if it raises."""
        ...

    async def new_table_id(self) -> int: ...

    async def load(self, table_id: int) -> Table | None: ...

    async def save(self, table: Table, expected_version: int) -> None:
        """Save `table` if the stored version is still `expected_version` (-1: a new table), else
        raise StaleTable and write nothing. In the same step (all or nothing):
        - append `table.unsaved` to the table's move log, then clear it (`table.unsaved = []`);
        - if `table.outcome` is set (the game has just finished): keep its `result.standings` as
          the table's results (one row per seat: seat, name, person or None, score, place, won;
          `result.higher` says whether the scores are points), and write each row of
          `outcome.ratings` over the stored row with the same (game, scope, person), or insert
          it; insert each of `outcome.earned` (a person's achievement already stored stays as it
          is); write each of `outcome.tallies` over the stored (person, name) or insert it; then
          clear it (`table.outcome = None`). The rows are whole, new values (not increments),
          computed from what `ratings`, `achievements` and `tallies` returned under the "ratings"
          lock (`Changes.lock`).
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

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        """The chat's settings (shared by its threads); defaults for a chat never seen."""
        ...

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None: ...

    async def person_lang(self, person: PersonRef) -> str | None: ...

    async def set_person_lang(self, person: PersonRef, lang: str) -> None: ...

    async def person_look(self, person: PersonRef) -> str | None:
        """The look a person chose for their own panels (bot/screens/model.py LOOKS); None: they
        chose none, and their panels look as each chat's board does."""
        ...

    async def set_person_look(self, person: PersonRef, look: str) -> None: ...

    async def file_id(self, platform: str, digest: str) -> str | None:
        """The id `platform` gave a picture uploaded to it before, by the picture's content hash
        (`digest`, 32 hex digits), so that it is sent by that id, not uploaded again; None if none."""
        ...

    async def remember_file_id(self, platform: str, digest: str, file_id: str) -> None:
        """Keep the id `platform` gave an uploaded picture; a digest remembered again keeps one
        row, with the newest id (two processes that uploaded the same picture both succeed)."""
        ...

    async def results(self, table_id: int) -> list[Standing]:
        """The results saved with a finished table, by seat; [] for a table without any."""
        ...

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        """The stored rows of these people for this game in this scope, by person; a person
        without a row (never played it there) is left out. An empty `persons` gives {}."""
        ...

    async def leaderboard(self, game: str, scope: str, limit: int) -> list[Rating]:
        """The best `limit` rows of this game in this scope among those with at least one rated
        game (`games >= 1`; practice alone does not place anyone). Best first: by ordinal
        (`mu - 3 * sigma`) descending, then `games` descending, then `name`, then the person's
        (platform, user_id) ascending, so the order is total and stable."""
        ...

    async def person_stats(self, person: PersonRef, scope: str) -> list[Rating]:
        """Every row of this person in this scope, one per game they have played there (rated or
        practice), ordered by game id; [] if none."""
        ...

    async def achievements_of(self, person: PersonRef) -> list[Earned]:
        """Every achievement this person earned, oldest first."""
        ...

    async def notify_list(self, chat: ChatRef) -> list[tuple[PersonRef, str]]:
        """Who asked to be told when a game opens in this chat (its threads share it): (person,
        the name they had then), in the order they asked."""
        ...

    async def set_notify(self, chat: ChatRef, person: PersonRef, name: str, on: bool) -> None:
        """Add this person to the chat's notify list (again: their name is updated, their place
        kept) or take them off it."""
        ...

    async def season_scopes(self, season: str) -> list[str]:
        """The chats' rating scopes ("<platform>:<chat_id>", sorted) with a rated or practice game
        in this season (rating rows of scope "<chat scope>@<season>": bot/seasons.py)."""
        ...

    async def newest_place(self, platform: str, chat_id: str) -> ChatRef | None:
        """Where the chat's newest table was (its thread or channel, which a chat's own messages,
        such as a season's podium, go to); None if it has none."""
        ...

    async def claim_season(self, scope: str, season: str) -> bool:
        """True the first time it is asked for this chat scope and season (by any process), then
        False: a season's end is announced in each chat once."""
        ...

    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None:
        """The platform message a table's screen was drawn in (audience "" is the chat, else a
        person's id on the platform; slot "table" or "panel"), so an adapter edits it; None if none."""
        ...

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None:
        """Keep (or replace) the platform message of a table's screen, drawn at table `version`."""
        ...

    async def claim_screen(self, table_id: int, audience: str, slot: str, version: int) -> bool:
        """About to draw the screen of table `version` in its message: False if a newer version was
        drawn or claimed there already (by this process or another), so this one is outdated;
        else True, and the message is claimed for `version`."""
        ...
