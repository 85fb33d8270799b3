"""The Store port in a database (SQLAlchemy 2 Core over the models).

One short transaction per save, committed before the service tells anyone: the table row (seats
included) is updated only if its version is still the one loaded (optimistic check), then its
deadlines, any new moves and a finished game's results and ratings are written in the same
transaction. The store remembers the deadlines it last read or wrote for each table version, so a
save that leaves them as they were does not rewrite them, and a plain load (to draw a screen) of a
version it knows does not read them again; a load for a change always reads them.

Several processes may share one PostgreSQL database: a change loads its table with
`SELECT … FOR UPDATE` (held to commit, so moves on one table line up), a timer is claimed with
`FOR UPDATE SKIP LOCKED` on its table (so it fires in one process only, and nobody waits behind a
busy table), and ratings and a chat's one-table rule are held by advisory locks (`lock`). On SQLite,
BEGIN IMMEDIATE gives one writer at a time, and the store lets its own writers in one after another
(an asyncio lock) rather than have SQLite's busy handler sleep-poll for them.

Every call goes through SQLAlchemy's asyncio engine (aiosqlite, psycopg's async mode), so the event
loop serves presses and redraws while the database works. A database that cannot be reached or
cannot write raises `StoreUnavailable` (the service tells people to try again), not the driver's
error.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Collection
from contextlib import asynccontextmanager
from dataclasses import asdict
from typing import Any

from sqlalchemy import String, bindparam, delete, func, insert, or_, select, text, update
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout
from sqlalchemy.ext.asyncio import AsyncConnection

from adapters.sql.engine import WRITE, make_async_engine
from adapters.sql.models import Base
from adapters.sql.ratings import person_of, rating_of, ratings_of, save_outcome
from bot.deadlines import Deadline
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating, Standing, Z
from bot.settings import ChatSettings
from bot.store import StaleTable, StoreUnavailable
from bot.tables import LoggedMove, Status, Table

OPEN = [s.value for s in Status if s.open]
_t = Base.metadata.tables
tables, moves_t, timers = _t["tables"], _t["moves"], _t["timers"]
chats, people, table_ids = _t["chats"], _t["people"], _t["table_ids"]
results, ratings, messages = _t["results"], _t["ratings"], _t["messages"]
deliveries = _t["deliveries"]

# The statements of every move, built once: only their parameters change (building a statement
# with its values in it costs more than running it).
LOAD_TABLE = select(tables).where(tables.c.id == bindparam("table_id"))
LOCK_TABLE = LOAD_TABLE.with_for_update()  # PostgreSQL: the row stays ours until commit (SQLite: BEGIN IMMEDIATE)
# A timer firing takes its table only if no other transaction holds it (a move, or another
# process's timer): nobody waits behind a busy table, and each deadline fires in one process.
CLAIM_TABLE = LOAD_TABLE.with_for_update(skip_locked=True)
LOAD_TIMERS = select(timers).where(timers.c.table_id == bindparam("table_id")).order_by(timers.c.id)
UPDATE_TABLE = update(tables).where(tables.c.id == bindparam("_id"), tables.c.version == bindparam("_expected"))
DELETE_TIMERS = delete(timers).where(timers.c.table_id == bindparam("table_id"))
LIVE = tables.c.stopped.is_(None)  # a table set aside fires nothing
PLATFORM = or_(bindparam("platform", type_=String).is_(None), tables.c.platform == bindparam("platform", type_=String))
DUE_BATCH = (
    select(timers, tables.c.version.label("table_version"))
    .join(tables, tables.c.id == timers.c.table_id)
    .where(timers.c.due <= bindparam("now"), LIVE, PLATFORM, timers.c.table_id.not_in(bindparam("skip", expanding=True)))
    .order_by(timers.c.due, timers.c.table_id, timers.c.kind)
    .limit(bindparam("limit"))
)
DUE = select(timers).where(timers.c.due <= bindparam("now")).order_by(timers.c.due, timers.c.table_id, timers.c.kind)
NEXT_DUE = (
    select(func.min(timers.c.due)).join_from(timers, tables, tables.c.id == timers.c.table_id).where(LIVE, PLATFORM)
)
CLOSED = [s.value for s in Status if not s.open]
ADVISORY_LOCK = text("SELECT pg_advisory_xact_lock(hashtextextended(:name, 0))")
READ_ONLY = {"25006"}  # PostgreSQL: read_only_sql_transaction (a standby, or a database made read-only)


def unavailable(error: BaseException) -> bool:
    """The database cannot be reached or cannot write now (full disk, read-only, down, every
    connection busy): nothing is wrong with the table, try again later."""
    if isinstance(error, OperationalError | InterfaceError | PoolTimeout):
        return True
    return isinstance(error, DBAPIError) and getattr(error.orig, "sqlstate", None) in READ_ONLY


@asynccontextmanager
async def _translated() -> AsyncIterator[None]:
    try:
        yield
    except (DBAPIError, PoolTimeout) as e:
        if unavailable(e):
            raise StoreUnavailable(str(e).splitlines()[0][:200]) from e
        raise


class SqlStore:
    def __init__(self, url: str, **engine_options: Any) -> None:
        self.url = url
        self.engine = make_async_engine(url, **engine_options)
        self.postgres = self.engine.dialect.name == "postgresql"
        # SQLite: this process's writers take turns here instead of in SQLite's busy handler, which
        # sleeps and polls (another process's writer is still waited for by the busy timeout)
        self._writer: asyncio.Lock | None = None if self.postgres else asyncio.Lock()
        self._deadlines: dict[int, tuple[int, list[dict[str, Any]]]] = {}  # table -> (version, stored)

    async def close(self) -> None:
        await self.engine.dispose()

    @asynccontextmanager
    async def _read(self) -> AsyncIterator[AsyncConnection]:
        async with _translated(), self.engine.connect() as conn, conn.begin():
            yield conn

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[AsyncConnection]:
        async with _translated(), self._write_turn(), self.engine.connect() as conn:
            await conn.execution_options(**WRITE)
            async with conn.begin():
                yield conn

    @asynccontextmanager
    async def _write_turn(self) -> AsyncIterator[None]:
        if self._writer is None:
            yield
        else:
            async with self._writer:
                yield

    # ----- tables ---------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlChanges]:
        """One write transaction (BEGIN IMMEDIATE on SQLite): load, decide, save, commit."""
        async with self._write() as conn:
            changes = SqlChanges(self, conn)
            yield changes
        changes.committed()

    async def new_table_id(self) -> int:
        async with self._write() as conn:
            return await _new_table_id(conn)

    async def load(self, table_id: int) -> Table | None:
        async with self._read() as conn:
            return await self._load(conn, table_id)

    async def save(self, table: Table, expected_version: int) -> None:
        async with self._write() as conn:
            remember = await self._save(conn, table, expected_version)
        remember()

    async def _save(self, conn: AsyncConnection, table: Table, expected_version: int) -> Callable[[], None]:
        """Write the table in `conn`'s transaction; returns what to do once it is committed."""
        data = table.to_dict()
        timer_rows: list[dict[str, Any]] = data.pop("deadlines")
        row = _table_row(data)
        first = table.moves - len(table.unsaved) + 1
        known = self._deadlines.get(table.id)
        if expected_version == -1:
            await conn.execute(insert(tables), row)
        else:
            done = await conn.execute(UPDATE_TABLE, {**row, "_id": table.id, "_expected": expected_version})
            if done.rowcount != 1:
                raise StaleTable(f"table {table.id} is no longer at version {expected_version}")
        # a save at the same version is a repair (the service rewrites a table's deadlines so)
        unchanged = table.version != expected_version and known == (expected_version, timer_rows)
        if not unchanged:
            if expected_version != -1:
                await conn.execute(DELETE_TIMERS, {"table_id": table.id})
            if timer_rows:
                await conn.execute(insert(timers), timer_rows)
        if table.unsaved:
            await conn.execute(
                insert(moves_t),
                [{"table_id": table.id, "number": first + i, **asdict(m)} for i, m in enumerate(table.unsaved)],
            )
        if table.outcome is not None:
            await save_outcome(conn, table.outcome)
        if not table.status.open and expected_version != -1:
            await conn.execute(delete(deliveries).where(deliveries.c.table_id == table.id))
        table.unsaved = []
        table.outcome = None
        table_id, version, still_open = table.id, table.version, table.status.open

        def remember() -> None:
            if still_open:
                self._deadlines[table_id] = (version, timer_rows)
            else:  # a finished table has none, and is not loaded for play again
                self._deadlines.pop(table_id, None)

        return remember

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return await self._load_all(_open_in(chat))

    async def all_open(self, platform: str | None = None) -> list[Table]:
        query = select(tables.c.id).where(tables.c.status.in_(OPEN), LIVE, *_on(platform))
        return await self._load_all(query)

    async def recently_closed(self, window: float, platform: str | None = None) -> list[Table]:
        async with self._read() as conn:
            newest = await conn.scalar(select(func.max(tables.c.updated_at)).where(*_on(platform)))
        if newest is None:
            return []
        closed = (tables.c.status.in_(CLOSED), tables.c.updated_at >= newest - window, *_on(platform))
        return await self._load_all(select(tables.c.id).where(*closed))

    async def _load_all(self, ids: Any) -> list[Table]:
        """The tables whose ids `ids` selects, by id, in two queries (rows, then their timers)."""
        async with self._read() as conn:
            return await _load_many(conn, ids)

    async def _load(self, conn: AsyncConnection, table_id: int, lock: Any = None) -> Table | None:
        """The table; `lock` (LOCK_TABLE or CLAIM_TABLE) holds its row until the transaction ends."""
        row = (await conn.execute(lock if lock is not None else LOAD_TABLE, {"table_id": table_id})).mappings().first()
        if row is None:
            return None
        known = self._deadlines.get(table_id)
        # A change reads the timers it will save over: another process may have rewritten them at
        # the same version (a deadline that fired and changed nothing visible keeps the version).
        if known is not None and known[0] == row["version"] and lock is None:
            stored = [dict(d) for d in known[1]]
        else:
            stored = [_timer(t) for t in await conn.execute(LOAD_TIMERS, {"table_id": table_id})]
            self._deadlines[table_id] = (row["version"], [dict(d) for d in stored])
        return _table_of(row, stored)

    async def moves(self, table_id: int) -> list[LoggedMove]:
        async with self._read() as conn:
            rows = await conn.execute(select(moves_t).where(moves_t.c.table_id == table_id).order_by(moves_t.c.number))
            return [LoggedMove(r.seat, r.move, r.at, r.by) for r in rows]

    # ----- deadlines ------------------------------------------------------------------------

    async def due(self, now: float) -> list[Deadline]:
        async with self._read() as conn:
            rows = await conn.execute(DUE, {"now": now})
            return [Deadline(r.table_id, r.kind, r.due, r.version, r.seat) for r in rows]

    async def due_batch(
        self, now: float, limit: int, platform: str | None = None, skip: Collection[int] = ()
    ) -> list[Deadline]:
        """Up to `limit` deadlines due by `now`, earliest first, of tables not set aside (of
        `platform`'s chats, if given), but not of the tables in `skip`. Stale ones (armed for a version the table has left) are
        deleted on the way, all in one statement, rather than fired one transaction each."""
        async with self._read() as conn:
            rows = (await conn.execute(DUE_BATCH, {"now": now, "limit": limit, "platform": platform, "skip": list(skip)})).all()
        stale = [r.id for r in rows if r.version is not None and r.version != r.table_version]
        if stale:
            async with self._write() as conn:
                await conn.execute(delete(timers).where(timers.c.id.in_(stale)))
        return [Deadline(r.table_id, r.kind, r.due, r.version, r.seat) for r in rows if r.id not in stale]

    async def next_due(self, platform: str | None = None) -> float | None:
        async with self._read() as conn:
            due = await conn.scalar(NEXT_DUE, {"platform": platform})
            return None if due is None else float(due)

    # ----- tables set aside -----------------------------------------------------------------

    async def set_aside(self, table_id: int, reason: str) -> Table | None:
        """Stop a table that keeps failing: its timers stay stored but fire no more, and moves on
        it are refused, until `retry`. Written without loading its game (which may be what fails).
        Returns the table's row as it now is (its game state not parsed), or None if there is none."""
        async with self._write() as conn:
            bump = {"stopped": reason[:500], "version": tables.c.version + 1}
            await conn.execute(update(tables).where(tables.c.id == table_id).values(**bump))
            row = (await conn.execute(LOAD_TABLE, {"table_id": table_id})).mappings().first()
        self._deadlines.pop(table_id, None)
        return None if row is None else _table_of(row, [])

    async def retry(self, table_id: int) -> bool:
        """Put a table set aside back into play (its timers fire again); False if it was not set aside."""
        async with self._write() as conn:
            done = await conn.execute(
                update(tables).where(tables.c.id == table_id, tables.c.stopped.is_not(None)).values(stopped=None)
            )
            return bool(done.rowcount)

    async def stopped(self) -> list[tuple[int, str, str, str]]:
        """The tables set aside: (id, chat as "platform:chat_id", game, why), by id."""
        query = select(tables.c.id, tables.c.platform, tables.c.chat_id, tables.c.game, tables.c.stopped)
        async with self._read() as conn:
            rows = await conn.execute(query.where(tables.c.stopped.is_not(None)).order_by(tables.c.id))
            return [(r.id, f"{r.platform}:{r.chat_id}", r.game, r.stopped) for r in rows]

    # ----- chats and people -----------------------------------------------------------------

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        async with self._read() as conn:
            data = await conn.scalar(
                select(chats.c.settings).where(chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
            )
        return ChatSettings() if data is None else ChatSettings.from_dict(data)

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None:
        where = (chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
        async with self._write() as conn:
            if (await conn.execute(update(chats).where(*where).values(settings=settings.to_dict()))).rowcount == 0:
                await conn.execute(
                    insert(chats).values(platform=chat.platform, chat_id=chat.chat_id, settings=settings.to_dict())
                )

    async def person_lang(self, person: PersonRef) -> str | None:
        async with self._read() as conn:
            lang: str | None = await conn.scalar(
                select(people.c.lang).where(people.c.platform == person.platform, people.c.user_id == person.user_id)
            )
            return lang

    async def set_person_lang(self, person: PersonRef, lang: str) -> None:
        where = (people.c.platform == person.platform, people.c.user_id == person.user_id)
        async with self._write() as conn:
            if (await conn.execute(update(people).where(*where).values(lang=lang))).rowcount == 0:
                await conn.execute(insert(people).values(platform=person.platform, user_id=person.user_id, lang=lang))

    # ----- platform messages ----------------------------------------------------------------

    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)
        async with self._read() as conn:
            found: str | None = await conn.scalar(select(messages.c.message_id).where(*where))
            return found

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)
        async with self._write() as conn:  # (the version was claimed before drawing, unless this is the first)
            if (await conn.execute(update(messages).where(*where).values(message_id=message_id))).rowcount == 0:
                await conn.execute(
                    insert(messages).values(
                        table_id=table_id, audience=audience, slot=slot, message_id=message_id, version=version
                    )
                )

    async def claim_screen(self, table_id: int, audience: str, slot: str, version: int) -> bool:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)
        async with self._write() as conn:  # the claim is one conditional UPDATE: two processes cannot both win it
            claim = update(messages).where(*where, messages.c.version <= version).values(version=version)
            if (await conn.execute(claim)).rowcount:
                return True
            return await conn.scalar(select(messages.c.version).where(*where)) is None  # a first drawing

    # ----- results and ratings --------------------------------------------------------------

    async def results(self, table_id: int) -> list[Standing]:
        async with self._read() as conn:
            rows = await conn.execute(select(results).where(results.c.table_id == table_id).order_by(results.c.seat))
            return [
                Standing(r.seat, r.name, person_of(r.platform, r.user_id), r.score, r.place, r.won) for r in rows
            ]

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        async with self._read() as conn:
            return await ratings_of(conn, game, scope, persons)

    async def leaderboard(self, game: str, scope: str, limit: int) -> list[Rating]:
        ordinal = ratings.c.mu - Z * ratings.c.sigma  # Rating.ordinal
        query = (
            select(ratings)
            .where(ratings.c.game == game, ratings.c.scope == scope, ratings.c.games >= 1)
            .order_by(ordinal.desc(), ratings.c.games.desc(), ratings.c.name, ratings.c.platform, ratings.c.user_id)
            .limit(max(0, limit))
        )
        async with self._read() as conn:
            return [rating_of(r) for r in await conn.execute(query)]

    async def person_stats(self, person: PersonRef, scope: str) -> list[Rating]:
        query = (
            select(ratings)
            .where(ratings.c.platform == person.platform, ratings.c.user_id == person.user_id, ratings.c.scope == scope)
            .order_by(ratings.c.game)
        )
        async with self._read() as conn:
            return [rating_of(r) for r in await conn.execute(query)]


class SqlChanges:
    """The store inside one open write transaction (see SqlStore.transaction)."""

    def __init__(self, store: SqlStore, conn: AsyncConnection) -> None:
        self.store, self.conn = store, conn
        self._after: list[Callable[[], None]] = []

    async def new_table_id(self) -> int:
        return await _new_table_id(self.conn)

    async def load(self, table_id: int) -> Table | None:
        """The table, its row locked until the transaction ends (PostgreSQL; on SQLite the whole
        database is, by BEGIN IMMEDIATE): a move in another process waits for this one."""
        return await self.store._load(self.conn, table_id, LOCK_TABLE)

    async def claim(self, table_id: int) -> Table | None:
        """As `load`, but None at once if another transaction holds the table (SKIP LOCKED)."""
        return await self.store._load(self.conn, table_id, CLAIM_TABLE)

    async def save(self, table: Table, expected_version: int) -> None:
        self._after.append(await self.store._save(self.conn, table, expected_version))

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return await _load_many(self.conn, _open_in(chat))

    async def delivered(self, table_id: int, delivery: str) -> bool:
        key = (deliveries.c.table_id == table_id, deliveries.c.delivery == delivery)
        return await self.conn.scalar(select(deliveries.c.delivery).where(*key)) is not None

    async def note_delivery(self, table_id: int, delivery: str) -> None:
        await self.conn.execute(insert(deliveries).values(table_id=table_id, delivery=delivery))

    async def lock(self, name: str) -> None:
        """PostgreSQL: a transaction-scoped advisory lock. SQLite has one writer at a time already."""
        if self.store.postgres:
            await self.conn.execute(ADVISORY_LOCK, {"name": name})

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        return await ratings_of(self.conn, game, scope, persons)

    def committed(self) -> None:
        for then in self._after:
            then()


async def _load_many(conn: AsyncConnection, ids: Any) -> list[Table]:
    chosen = select(ids.subquery().c.id)
    found = await conn.execute(select(tables).where(tables.c.id.in_(chosen)).order_by(tables.c.id))
    rows = found.mappings().all()
    stored: dict[int, list[dict[str, Any]]] = {}
    for t in await conn.execute(select(timers).where(timers.c.table_id.in_(chosen)).order_by(timers.c.id)):
        stored.setdefault(t.table_id, []).append(_timer(t))
    return [_table_of(row, stored.get(row["id"], [])) for row in rows]


def _timer(t: Any) -> dict[str, Any]:
    return {"table_id": t.table_id, "kind": t.kind, "due": t.due, "version": t.version, "seat": t.seat}


def _table_of(row: Any, deadlines: list[dict[str, Any]]) -> Table:
    data = dict(row)
    data["chat"] = {key: data.pop(key) for key in ("platform", "chat_id", "thread_id")}
    data["creator"] = {"platform": data.pop("creator_platform"), "user_id": data.pop("creator_user_id")}
    data["deadlines"] = deadlines
    return Table.from_dict(data)


def _on(platform: str | None) -> tuple[Any, ...]:
    return () if platform is None else (tables.c.platform == platform,)


def _open_in(chat: ChatRef) -> Any:
    return select(tables.c.id).where(
        tables.c.platform == chat.platform,
        tables.c.chat_id == chat.chat_id,
        tables.c.thread_id.is_(None) if chat.thread_id is None else tables.c.thread_id == chat.thread_id,
        tables.c.status.in_(OPEN),
        LIVE,
    )


async def _new_table_id(conn: AsyncConnection) -> int:
    key = (await conn.execute(insert(table_ids))).inserted_primary_key
    assert key is not None
    return int(key[0])


def _table_row(data: dict[str, Any]) -> dict[str, Any]:
    chat, creator = data.pop("chat"), data.pop("creator")
    return {
        **data,
        "platform": chat["platform"],
        "chat_id": chat["chat_id"],
        "thread_id": chat["thread_id"],
        "creator_platform": creator["platform"],
        "creator_user_id": creator["user_id"],
    }
