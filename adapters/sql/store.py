"""The Store port (bot/store/) in a database (SQLAlchemy 2 Core over the models).

One short transaction per save, committed before the service tells anyone: the table row (seats
included) is updated only if its version is still the one loaded (optimistic check), then its
deadlines, any new moves and a finished game's results and ratings are written in the same
transaction (table_rows.py). A table is read with its timers in one statement.

Several processes may share one PostgreSQL database: a change locks its table with `SELECT … FOR
UPDATE` (held to commit, so moves on one table line up; it reads the row's write stamp and timers,
and the row only when another process wrote it since: table_rows.py) and saves it in one statement
(postgres_save.py); each process takes its own batches of due deadlines, leased to it
(leases.py), and a timer is claimed with `FOR UPDATE SKIP LOCKED` on its table (so it fires in one
process only, and nobody waits behind a busy table); ratings and a chat's one-table rule are held
by advisory locks (`lock`).

SQLite has one writer at a time for the whole database and serves one process. A change plays on
the process's own copy of its table (the kept table: no read), holds no transaction while the
service decides, and hands its saves to be committed with those of the changes that finish beside
it, in one transaction (BEGIN IMMEDIATE; together.py); the version check turns away a save over a
table someone else wrote meanwhile, and the service runs that change again. A change that takes a
lock holds the writer from then on. As the only writer, the process also writes only the columns a
save changed (nothing, when nothing did), and holds live real-time games' windows and computers'
looks in memory, not in timer rows (table_rows.py, held.py). Measured: bench/README.md.

Beside it: the engine and its threads (database.py), the statements and row conversions
(rows.py), a table's rows and this process's copy of each table (table_rows.py), the change in
progress (transaction.py), the saves committed together on SQLite (together.py), and the rows
beside the tables (row_calls.py: results and ratings, ratings.py; achievements, tallies, notify
lists and seasons, community.py; chats and people, chat_rows.py), the pages' reads (history.py,
`SqlStore.history`); which errors mean "unavailable"
(engine.py). The same database keeps the platforms' records for the chat adapters (records.py,
`SqlStore.records`): which message shows a screen, which file id a picture was uploaded as.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import AsyncIterator, Collection
from contextlib import asynccontextmanager
from typing import Any

from sqlalchemy import Connection, and_, delete, func, insert, select, update

from adapters.sql import account_links, forgetting, leases, quick_match, tournament_rows
from adapters.sql.database import Database
from adapters.sql.held import HELD_ROWS, held, real_time_games
from adapters.sql.history import SqlHistory
from adapters.sql.records import SqlRecords
from adapters.sql.row_calls import RowCalls
from adapters.sql.rows import (
    CLOSED,
    DUE,
    DUE_BATCH,
    LIVE,
    LOAD_TABLE,
    NEXT_DUE,
    OPEN,
    deadline_of,
    load_many,
    moves_of,
    new_table_id_in,
    on_platform,
    open_in,
    table_of,
    tables,
    timer_of,
    timers,
)
from adapters.sql.table_rows import TableRows, Unwritten
from adapters.sql.together import Together
from adapters.sql.transaction import SqlTransaction, end
from bot.account_links import UNKEYED, Account, Redeemed
from bot.deadlines import Deadline, Kind
from bot.forgotten import Forgetting, mark
from bot.history import ChatHistory, PlayerHistory, RatingPoint
from bot.outcome import Outcome
from bot.people import ChatRef, PersonRef
from bot.store.queue import Queued
from bot.tables import LoggedMove, Status, Table
from bot.tournament import Tournament

# Deadlines of different tables fired side by side (CARDBOT_FIRING_LANES, adapters/sql/settings.py,
# overrides it); on SQLite their saves are then committed together. More lanes fire more a second
# only while a core is idle, and presses wait behind them: bench/README.md (bench.load).
FIRING_LANES = 4
TIMERS_PER_TABLE = 10  # at most: a real-time window and a computer per seat (Racing Demon seats 8)


class SqlStore(RowCalls):
    def __init__(
        self,
        url: str,
        db: Database | None = None,
        forget_key: bytes | None = None,
        link_key: bytes | None = None,
        firing_lanes: int | None = None,
        **engine_options: Any,
    ) -> None:
        """The store of the database at `url` (`db`: that database, opened already). `forget_key`:
        the key of forgotten people's marks (bot/forgotten.py), the same in every process and
        every run (adapters/sql/startup.py); None: one of this store's own, so a mark made
        here is not recognised after a restart. `link_key`: the key of link codes' digests
        (bot/account_links.py), the same in every process (startup.py `link_key`); None: `UNKEYED`.
        `firing_lanes`: deadlines of different tables fired side by side (None: `FIRING_LANES`)."""
        db = db or Database(url, **engine_options)
        self._forget_key = forget_key or secrets.token_bytes(32)
        self._link_key = link_key or UNKEYED
        super().__init__(db)
        self.url, self.postgres, self.engine = url, db.postgres, db.engine
        self.firing_lanes = firing_lanes or FIRING_LANES
        self.me = secrets.token_hex(8)  # PostgreSQL: whose leases of due deadlines (leases.py)
        self.rows = TableRows(db.postgres)  # each table's rows, and this process's copy of it
        self._held_restored = db.postgres  # SQLite: the deadlines held in memory not yet read back (held.py)
        self.together = Together(db)  # SQLite: writes that come together (saves, the chat layer's), committed together
        # the platforms' records, for the chat adapters (not the service's); on SQLite their writes
        # join the saves' batches
        self.records = SqlRecords(db, None if db.postgres else self.together)
        self.history = SqlHistory(db)  # the pages' reads

    async def player(self, person: PersonRef) -> PlayerHistory | None:
        return await self.history.player(person)

    async def chat(self, chat: ChatRef, season: str | None = None) -> ChatHistory | None:
        return await self.history.chat(chat, season)

    async def rating_points(
        self, person: PersonRef, scope: str, game: str | None = None
    ) -> dict[str, tuple[RatingPoint, ...]]:
        return await self.history.rating_points(person, scope, game)

    async def close(self) -> None:
        """SQLite: the deadlines held in memory are written as timer rows first, for the next
        process to take back (held.py)."""
        held = [] if self.postgres else self.rows.held.all()
        if held:
            rows = [timer_of(d) for d in held]
            await self.db.writing(lambda conn: conn.execute(insert(timers), rows))
        await self.db.close()

    # ----- tables ---------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlTransaction]:
        """One change: load, decide, save, commit. On PostgreSQL one transaction from the first
        load (its row locked) to the commit, its connection kept across the service's awaits. On
        SQLite, whose writers take turns for the whole database, a change holds no transaction
        while the service decides (unless it takes a lock: see SqlTransaction): its saves are committed
        with those of the changes that finish beside it (adapters/sql/together.py)."""
        changes = SqlTransaction(self.db, self.rows, self.together)
        committing: asyncio.Future[None] | None = None
        try:
            if self.postgres:
                await changes.hold()
            yield changes
            if changes.pending:  # (a change with nothing to write: no task to commit it)
                committing = asyncio.ensure_future(changes.commit())
                await asyncio.shield(committing)
        except BaseException:
            if committing is not None:  # cancelled while committing: the commit ends first, on its thread
                await asyncio.wait([committing])
            if changes.conn is not None:  # not committed
                await asyncio.shield(self.db.run(end, changes.conn, False))
            elif committing is not None and not committing.cancelled() and committing.exception() is None:
                changes.committed()
            raise
        finally:
            changes.release()
        changes.committed()

    async def new_table_id(self) -> int:
        return await self.db.writing(new_table_id_in)

    # ----- tournaments (tournament_rows.py; bot/store/tournaments.py) ----------------------------

    async def new_tournament_id(self) -> int:
        return await self.db.writing(new_table_id_in)  # (ids shared with tables: one never names both)

    async def load_tournament(self, tournament_id: int) -> Tournament | None:
        return await self.db.reading(lambda conn: tournament_rows.load(conn, tournament_id))

    async def save_tournament(self, tournament: Tournament, expected_version: int) -> None:
        await self.db.writing(lambda conn: tournament_rows.save(conn, tournament, expected_version))

    async def open_tournaments(self, chat: ChatRef | None = None, platform: str | None = None) -> list[Tournament]:
        return await self.db.reading(lambda conn: tournament_rows.open_of(conn, chat, platform))

    async def tournaments_due(self, now: float, platform: str | None = None) -> list[int]:
        return await self.db.reading(lambda conn: tournament_rows.due_of(conn, now, platform))

    async def next_tournament_due(self, platform: str | None = None) -> float | None:
        return await self.db.reading(lambda conn: tournament_rows.next_due_of(conn, platform))

    async def load(self, table_id: int) -> Table | None:
        return await self.db.reading(lambda conn: self.rows.load(conn, table_id))

    async def save(self, table: Table, expected_version: int, outcome: Outcome | None = None) -> None:
        saving = self.rows.save(table, expected_version, outcome)
        remember = saving.then if isinstance(saving, Unwritten) else await self.db.writing(saving)
        remember()

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        await self._restore_held()
        return self.rows.with_deadlines(await self.db.reading(lambda conn: load_many(conn, open_in(chat))))

    async def all_open(self, platform: str | None = None) -> list[Table]:
        query = select(tables.c.id).where(tables.c.status.in_(OPEN), LIVE, *on_platform(platform))
        await self._restore_held()
        return self.rows.with_deadlines(await self.db.reading(lambda conn: load_many(conn, query)))

    async def recently_closed(self, window: float, platform: str | None = None) -> list[Table]:
        def read(conn: Connection) -> list[Table]:
            newest = conn.scalar(select(func.max(tables.c.updated_at)).where(*on_platform(platform)))
            if newest is None:
                return []
            closed = (tables.c.status.in_(CLOSED), tables.c.updated_at >= newest - window, *on_platform(platform))
            return load_many(conn, select(tables.c.id).where(*closed))

        return await self.db.reading(read)

    async def moves(self, table_id: int) -> list[LoggedMove]:
        return await self.db.reading(lambda conn: moves_of(conn, table_id))

    # ----- forgotten people (adapters/sql/forgetting.py) ----------------------------------------

    async def forget(self, person: PersonRef) -> Forgetting:
        done, rewritten = await self.db.writing(lambda conn: forgetting.forget(conn, person, self._mark(person)))
        for table_id in rewritten:
            self.rows.forget(table_id)
        return done

    async def forgotten(self, person: PersonRef) -> bool:
        return await self.db.reading(lambda conn: forgetting.is_forgotten(conn, person, self._mark(person)))

    def _mark(self, person: PersonRef) -> str:
        return mark(self._forget_key, person)

    # ----- linked accounts (adapters/sql/account_links.py) ----------------------------------------------

    async def put_link_code(self, person: PersonRef, name: str, code: str, now: float) -> None:
        await self.db.writing(lambda conn: account_links.put_code(conn, self._link_key, person, name, code, now))

    async def redeem(self, code: str, person: PersonRef, name: str, now: float) -> Redeemed:
        def write(conn: Connection) -> Redeemed:
            forgotten = forgetting.is_forgotten(conn, person, self._mark(person))
            return account_links.redeem(conn, self._link_key, code, person, name, now, forgotten)

        return await self.db.writing(write)

    async def unlink(self, person: PersonRef) -> PersonRef | None:
        return await self.db.writing(lambda conn: account_links.unlink(conn, person))

    async def identities(self, persons: Collection[PersonRef]) -> dict[PersonRef, PersonRef]:
        return await self.db.reading(lambda conn: account_links.identities_of(conn, persons))

    async def accounts(self, identity: PersonRef) -> list[Account]:
        return await self.db.reading(lambda conn: account_links.accounts_of(conn, identity))

    async def names_on(self, platform: str, persons: Collection[PersonRef]) -> dict[PersonRef, str]:
        return await self.db.reading(lambda conn: account_links.names_on(conn, platform, persons))

    # ----- deadlines ------------------------------------------------------------------------

    async def due(self, now: float) -> list[Deadline]:
        def read(conn: Connection) -> list[Deadline]:
            return [deadline_of(r) for r in conn.execute(DUE, {"now": now})]

        return await self.db.reading(read)

    async def due_batch(
        self, now: float, limit: int, platform: str | None = None, skip: Collection[int] = ()
    ) -> list[Deadline]:
        """Up to `limit` deadlines due by `now`, earliest first, of tables not set aside (of
        `platform`'s chats, if given), but not of the tables in `skip`. Stale ones (armed for a
        version the table has left) are deleted on the way, in one statement, rather than fired
        one transaction each."""
        if self.postgres:  # taken by this process among those sharing the database (leases.py)
            rows = await self.db.at_once(lambda conn: leases.take(conn, self.me, now, limit, platform, skip))
        else:
            # enough rows that the tables left out cannot crowd the others out of the batch
            await self._restore_held()
            query = {"now": now, "limit": limit + TIMERS_PER_TABLE * len(skip), "platform": platform}
            found = await self.db.reading(lambda conn: conn.execute(DUE_BATCH, query).all())
            rows = [r for r in found if r.table_id not in skip][:limit]
        stale = [r.id for r in rows if r.version is not None and r.version != r.table_version]
        if not self.postgres:  # SQLite: a window's row (of `retry`, say) is taken into memory instead
            taken = [r for r in rows if held(timer_of(r)) and r.id not in stale]
            self.rows.held.restore(deadline_of(r) for r in taken)
            stale += [r.id for r in taken]
        if stale:
            await self.db.writing(lambda conn: conn.execute(delete(timers).where(timers.c.id.in_(stale))))
            for r in rows:
                if r.id in stale:
                    self.rows.forget(r.table_id)
        stored = [deadline_of(r) for r in rows if r.id not in stale]
        if self.postgres:
            return stored
        in_memory = self.rows.held.due(now, limit, skip)  # (SQLite: held.py)
        return sorted([*stored, *in_memory], key=lambda d: (d.due, d.table_id, d.kind))[:limit]

    async def next_due(self, platform: str | None = None) -> float | None:
        await self._restore_held()
        due = await self.db.reading(lambda conn: conn.scalar(NEXT_DUE, {"platform": platform}))
        held = None if self.postgres else self.rows.held.next_due()
        return min((float(d) for d in (due, held) if d is not None), default=None)

    async def _restore_held(self) -> None:
        """SQLite, before the first deadline is looked for or the open tables are read: the deadlines
        the last process held and wrote as it stopped, taken back into memory (their rows deleted),
        and a window for every other live table of a real-time game (held.py), due since its last
        change, so at once. (A table set aside keeps its rows until it is taken back: `due_batch`.)"""
        if self._held_restored:
            return
        self._held_restored = True
        live = (tables.c.status == Status.PLAYING.value, tables.c.game.in_(real_time_games()), LIVE)
        query = select(tables.c.id, tables.c.updated_at).where(*live)  # (SQLite serves one process: every platform's)

        in_memory = and_(HELD_ROWS, timers.c.table_id.in_(select(tables.c.id).where(LIVE)))

        def write(conn: Connection) -> tuple[list[Any], list[Any]]:
            kept = list(conn.execute(select(timers).where(in_memory).order_by(timers.c.id)).all())
            conn.execute(delete(timers).where(in_memory))
            return kept, list(conn.execute(query).all())

        kept, playing = await self.db.writing(write)
        self.rows.held.restore(deadline_of(r) for r in kept)
        self.rows.held.restore(Deadline(r.id, Kind.WINDOW, r.updated_at) for r in playing)

    def held_due(self, now: float) -> int:
        """SQLite: the deadlines held in memory that are due by `now` (bench.load's backlog)."""
        return 0 if self.postgres else self.rows.held.count_due(now)

    # ----- tables set aside -----------------------------------------------------------------

    async def set_aside(self, table_id: int, reason: str) -> Table | None:
        """Stop a table that keeps failing: its timers stay stored but fire no more, and moves on
        it are refused, until `retry`. Written without loading its game (which may be what fails).
        Returns the table as it now is (its game state not parsed), or None if there is none."""

        def write(conn: Connection) -> Any:
            bump = {"stopped": reason[:500], "version": tables.c.version + 1}
            conn.execute(update(tables).where(tables.c.id == table_id).values(**bump))
            return conn.execute(LOAD_TABLE, {"table_id": table_id}).mappings().first()

        row = await self.db.writing(write)
        self.rows.forget(table_id)
        self.rows.held.put(table_id, ())  # (its window made again by `retry`)
        return None if row is None else table_of(row, [])

    async def retry(self, table_id: int) -> bool:
        """Put a table set aside back into play (its timers fire again); False if it was not set aside."""
        back = update(tables).where(tables.c.id == table_id, tables.c.stopped.is_not(None)).values(stopped=None)
        live = (tables.c.id == table_id, tables.c.status == Status.PLAYING.value, tables.c.game.in_(real_time_games()))
        windows = (timers.c.table_id == table_id, timers.c.kind == Kind.WINDOW.value)

        def write(conn: Connection) -> bool:
            done = bool(conn.execute(back).rowcount)
            if done and not self.postgres:
                # SQLite: its window, dropped when it was set aside, as a row (this may be another
                # process than the bot's: the bot's next batch takes it into memory, held.py)
                playing = conn.execute(select(tables.c.updated_at).where(*live)).first()
                if playing is not None and conn.scalar(select(timers.c.id).where(*windows)) is None:
                    conn.execute(
                        insert(timers).values(table_id=table_id, kind=Kind.WINDOW.value, due=playing.updated_at)
                    )
            return done

        self.rows.forget(table_id)
        return await self.db.writing(write)

    async def stopped(self) -> list[tuple[int, str, str, str]]:
        """The tables set aside: (id, chat as "platform:chat_id", game, why), by id."""
        query = select(tables.c.id, tables.c.platform, tables.c.chat_id, tables.c.game, tables.c.stopped)
        query = query.where(tables.c.stopped.is_not(None)).order_by(tables.c.id)
        rows = await self.db.reading(lambda conn: conn.execute(query).all())
        return [(r.id, f"{r.platform}:{r.chat_id}", r.game, r.stopped) for r in rows]

    # ----- quick match (issue #38): adapters/sql/quick_match.py ---------------------------------

    async def queued(self, person: PersonRef) -> Queued | None:
        return await self.db.reading(lambda conn: quick_match.queued(conn, person))

    async def put_queued(self, entry: Queued, read: Queued | None) -> bool:
        return await self.db.writing(lambda conn: quick_match.put(conn, entry, read))

    async def drop_queued(self, person: PersonRef, joined: float | None = None) -> Queued | None:
        return await self.db.writing(lambda conn: quick_match.drop(conn, person, joined))

    async def waiting(self, platform: str | None = None) -> list[Queued]:
        return await self.db.reading(lambda conn: quick_match.waiting(conn, platform))
