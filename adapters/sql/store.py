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

No database call runs on the event loop: every call runs on the store's own worker threads
(one on SQLite, whose connections stay on the thread that made them; a few on PostgreSQL), one
hop per call, so presses and redraws go on while the database works. (SQLAlchemy's asyncio
extension was measured first: on aiosqlite every statement, BEGIN and COMMIT is its own thread
hop, and a command cost 3.9 ms at p50 against 1.7 ms here; see README, "Never stall".) A database
that cannot be reached or cannot write raises `StoreUnavailable` (the service tells people to
try again), not the driver's error.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Callable, Collection, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import asynccontextmanager, contextmanager
from dataclasses import asdict
from typing import Any, TypeVar

from sqlalchemy import Connection, String, bindparam, delete, func, insert, or_, select, text, update
from sqlalchemy.exc import DBAPIError, InterfaceError, OperationalError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from adapters.sql.engine import WRITE, make_engine
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
    .where(timers.c.due <= bindparam("now"), LIVE, PLATFORM)
    .where(timers.c.table_id.not_in(bindparam("skip", expanding=True)))
    .order_by(timers.c.due, timers.c.table_id, timers.c.kind)
    .limit(bindparam("limit"))
)
DUE = select(timers).where(timers.c.due <= bindparam("now")).order_by(timers.c.due, timers.c.table_id, timers.c.kind)
NEXT_DUE = (
    select(func.min(timers.c.due)).join_from(timers, tables, tables.c.id == timers.c.table_id).where(LIVE, PLATFORM)
)
CLOSED = [s.value for s in Status if not s.open]
ADVISORY_LOCK = text("SELECT pg_advisory_xact_lock(hashtextextended(:name, 0))")
T = TypeVar("T")
TRANSACTIONS = 8  # PostgreSQL: write transactions open at once in one process
READ_ONLY = {"25006"}  # PostgreSQL: read_only_sql_transaction (a standby, or a database made read-only)


def unavailable(error: BaseException) -> bool:
    """The database cannot be reached or cannot write now (full disk, read-only, down, every
    connection busy): nothing is wrong with the table, try again later."""
    if isinstance(error, OperationalError | InterfaceError | PoolTimeout):
        return True
    return isinstance(error, DBAPIError) and getattr(error.orig, "sqlstate", None) in READ_ONLY


def _translated(error: BaseException) -> BaseException:
    if unavailable(error):
        return StoreUnavailable(str(error).splitlines()[0][:200])
    return error


class SqlStore:
    def __init__(self, url: str, **engine_options: Any) -> None:
        self.url = url
        self.postgres = url.startswith("postgresql")
        threads = 4 if self.postgres else 1
        # PostgreSQL: at most `threads` reads and TRANSACTIONS transactions hold connections at
        # once, so a worker never waits for a connection that only a worker could give back
        pool = {"pool_size": TRANSACTIONS, "max_overflow": threads} if self.postgres else {}
        self.engine = make_engine(url, **{**pool, **engine_options})
        self._threads = ThreadPoolExecutor(threads, thread_name_prefix="cardbot-db")
        # SQLite: this process's writers take turns here instead of in SQLite's busy handler, which
        # sleeps and polls (another process's writer is still waited for by the busy timeout)
        self._turns = asyncio.Semaphore(TRANSACTIONS if self.postgres else 1)
        self.firing_lanes = TRANSACTIONS // 2 if self.postgres else 1  # the other half: presses
        self._deadlines: dict[int, tuple[int, list[dict[str, Any]]]] = {}  # table -> (version, stored)

    async def close(self) -> None:
        await self._run(self.engine.dispose)
        self._threads.shutdown(wait=True)

    async def _run(self, call: Callable[..., T], *args: Any) -> T:
        """`call` on the store's threads; the driver's "cannot write now" as StoreUnavailable."""
        try:
            return await asyncio.get_running_loop().run_in_executor(self._threads, call, *args)
        except (DBAPIError, PoolTimeout) as e:
            raise _translated(e) from e

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.connect().execution_options(**WRITE) as conn, conn.begin():
            yield conn

    async def _reading(self, call: Callable[[Connection], T]) -> T:
        def read() -> T:
            with self._read() as conn:
                return call(conn)

        return await self._run(read)

    async def _writing(self, call: Callable[[Connection], T]) -> T:
        def write() -> T:
            with self._write() as conn:
                return call(conn)

        async with self._turns:
            return await self._run(write)

    # ----- tables ---------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlChanges]:
        """One write transaction (BEGIN IMMEDIATE on SQLite): load, decide, save, commit. Its
        connection stays open across the service's awaits; each call on it is one hop."""
        async with self._turns:
            changes = SqlChanges(self)
            finishing: asyncio.Future[None] | None = None
            try:
                yield changes
                finishing = asyncio.ensure_future(self._run(changes.finish))
                await asyncio.shield(finishing)
            except BaseException:
                if finishing is not None:  # cancelled while committing: the commit ends first, on its thread
                    await asyncio.wait([finishing])
                if changes.conn is not None:  # not committed
                    await asyncio.shield(self._run(_end, changes.conn, False))
                elif finishing is not None and finishing.exception() is None:
                    changes.committed()
                raise
        changes.committed()

    def _begin(self) -> Connection:
        conn = self.engine.connect().execution_options(**WRITE)
        conn.begin()
        return conn

    async def new_table_id(self) -> int:
        return await self._writing(_new_table_id)

    async def load(self, table_id: int) -> Table | None:
        return await self._reading(lambda conn: self._load(conn, table_id))

    async def save(self, table: Table, expected_version: int) -> None:
        remember = await self._writing(self._save(table, expected_version))
        remember()

    def _save(self, table: Table, expected_version: int) -> Callable[[Connection], Callable[[], None]]:
        """The writes of a save, taken from the table now (it is the service's again at once), to run
        in a transaction; they return what to do once it is committed."""
        data = table.to_dict()
        timer_rows: list[dict[str, Any]] = data.pop("deadlines")
        row = _table_row(data)
        first = table.moves - len(table.unsaved) + 1
        moves = [{"table_id": table.id, "number": first + i, **asdict(m)} for i, m in enumerate(table.unsaved)]
        outcome = table.outcome
        table_id, version, still_open = table.id, table.version, table.status.open
        table.unsaved = []
        table.outcome = None

        def write(conn: Connection) -> Callable[[], None]:
            known = self._deadlines.get(table_id)
            if expected_version == -1:
                conn.execute(insert(tables), row)
            else:
                done = conn.execute(UPDATE_TABLE, {**row, "_id": table_id, "_expected": expected_version})
                if done.rowcount != 1:
                    raise StaleTable(f"table {table_id} is no longer at version {expected_version}")
            # a save at the same version is a repair (the service rewrites a table's deadlines so)
            unchanged = version != expected_version and known == (expected_version, timer_rows)
            if not unchanged:
                if expected_version != -1:
                    conn.execute(DELETE_TIMERS, {"table_id": table_id})
                if timer_rows:
                    conn.execute(insert(timers), timer_rows)
            if moves:
                conn.execute(insert(moves_t), moves)
            if outcome is not None:
                save_outcome(conn, outcome)
            if not still_open and expected_version != -1:
                conn.execute(delete(deliveries).where(deliveries.c.table_id == table_id))

            def remember() -> None:
                if still_open:
                    self._deadlines[table_id] = (version, timer_rows)
                else:  # a finished table has none, and is not loaded for play again
                    self._deadlines.pop(table_id, None)

            return remember

        return write

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return await self._reading(lambda conn: _load_many(conn, _open_in(chat)))

    async def all_open(self, platform: str | None = None) -> list[Table]:
        query = select(tables.c.id).where(tables.c.status.in_(OPEN), LIVE, *_on(platform))
        return await self._reading(lambda conn: _load_many(conn, query))

    async def recently_closed(self, window: float, platform: str | None = None) -> list[Table]:
        def read(conn: Connection) -> list[Table]:
            newest = conn.scalar(select(func.max(tables.c.updated_at)).where(*_on(platform)))
            if newest is None:
                return []
            closed = (tables.c.status.in_(CLOSED), tables.c.updated_at >= newest - window, *_on(platform))
            return _load_many(conn, select(tables.c.id).where(*closed))

        return await self._reading(read)

    def _load(self, conn: Connection, table_id: int, lock: Any = None) -> Table | None:
        """The table; `lock` (LOCK_TABLE or CLAIM_TABLE) holds its row until the transaction ends."""
        row = conn.execute(lock if lock is not None else LOAD_TABLE, {"table_id": table_id}).mappings().first()
        if row is None:
            return None
        known = self._deadlines.get(table_id)
        # A change reads the timers it will save over: another process may have rewritten them at
        # the same version (a deadline that fired and changed nothing visible keeps the version).
        if known is not None and known[0] == row["version"] and lock is None:
            stored = [dict(d) for d in known[1]]
        else:
            stored = [_timer(t) for t in conn.execute(LOAD_TIMERS, {"table_id": table_id})]
            self._deadlines[table_id] = (row["version"], [dict(d) for d in stored])
        return _table_of(row, stored)

    async def moves(self, table_id: int) -> list[LoggedMove]:
        def read(conn: Connection) -> list[LoggedMove]:
            rows = conn.execute(select(moves_t).where(moves_t.c.table_id == table_id).order_by(moves_t.c.number))
            return [LoggedMove(r.seat, r.move, r.at, r.by) for r in rows]

        return await self._reading(read)

    # ----- deadlines ------------------------------------------------------------------------

    async def due(self, now: float) -> list[Deadline]:
        def read(conn: Connection) -> list[Deadline]:
            return [Deadline(r.table_id, r.kind, r.due, r.version, r.seat) for r in conn.execute(DUE, {"now": now})]

        return await self._reading(read)

    async def due_batch(
        self, now: float, limit: int, platform: str | None = None, skip: Collection[int] = ()
    ) -> list[Deadline]:
        """Up to `limit` deadlines due by `now`, earliest first, of tables not set aside (of
        `platform`'s chats, if given), but not of the tables in `skip`. Stale ones (armed for a
        version the table has left) are deleted on the way, in one statement, rather than fired
        one transaction each."""
        query = {"now": now, "limit": limit, "platform": platform, "skip": list(skip)}
        rows = await self._reading(lambda conn: conn.execute(DUE_BATCH, query).all())
        stale = [r.id for r in rows if r.version is not None and r.version != r.table_version]
        if stale:
            await self._writing(lambda conn: conn.execute(delete(timers).where(timers.c.id.in_(stale))))
        return [Deadline(r.table_id, r.kind, r.due, r.version, r.seat) for r in rows if r.id not in stale]

    async def next_due(self, platform: str | None = None) -> float | None:
        due = await self._reading(lambda conn: conn.scalar(NEXT_DUE, {"platform": platform}))
        return None if due is None else float(due)

    # ----- tables set aside -----------------------------------------------------------------

    async def set_aside(self, table_id: int, reason: str) -> Table | None:
        """Stop a table that keeps failing: its timers stay stored but fire no more, and moves on
        it are refused, until `retry`. Written without loading its game (which may be what fails).
        Returns the table as it now is (its game state not parsed), or None if there is none."""

        def write(conn: Connection) -> Any:
            bump = {"stopped": reason[:500], "version": tables.c.version + 1}
            conn.execute(update(tables).where(tables.c.id == table_id).values(**bump))
            return conn.execute(LOAD_TABLE, {"table_id": table_id}).mappings().first()

        row = await self._writing(write)
        self._deadlines.pop(table_id, None)
        return None if row is None else _table_of(row, [])

    async def retry(self, table_id: int) -> bool:
        """Put a table set aside back into play (its timers fire again); False if it was not set aside."""
        back = update(tables).where(tables.c.id == table_id, tables.c.stopped.is_not(None)).values(stopped=None)
        return bool(await self._writing(lambda conn: conn.execute(back).rowcount))

    async def stopped(self) -> list[tuple[int, str, str, str]]:
        """The tables set aside: (id, chat as "platform:chat_id", game, why), by id."""
        query = select(tables.c.id, tables.c.platform, tables.c.chat_id, tables.c.game, tables.c.stopped)
        query = query.where(tables.c.stopped.is_not(None)).order_by(tables.c.id)
        rows = await self._reading(lambda conn: conn.execute(query).all())
        return [(r.id, f"{r.platform}:{r.chat_id}", r.game, r.stopped) for r in rows]

    # ----- chats and people -----------------------------------------------------------------

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        query = select(chats.c.settings).where(chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
        data = await self._reading(lambda conn: conn.scalar(query))
        return ChatSettings() if data is None else ChatSettings.from_dict(data)

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None:
        where = (chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)

        def write(conn: Connection) -> None:
            if conn.execute(update(chats).where(*where).values(settings=settings.to_dict())).rowcount == 0:
                conn.execute(
                    insert(chats).values(platform=chat.platform, chat_id=chat.chat_id, settings=settings.to_dict())
                )

        await self._writing(write)

    async def person_lang(self, person: PersonRef) -> str | None:
        query = select(people.c.lang).where(people.c.platform == person.platform, people.c.user_id == person.user_id)
        lang: str | None = await self._reading(lambda conn: conn.scalar(query))
        return lang

    async def set_person_lang(self, person: PersonRef, lang: str) -> None:
        where = (people.c.platform == person.platform, people.c.user_id == person.user_id)

        def write(conn: Connection) -> None:
            if conn.execute(update(people).where(*where).values(lang=lang)).rowcount == 0:
                conn.execute(insert(people).values(platform=person.platform, user_id=person.user_id, lang=lang))

        await self._writing(write)

    # ----- platform messages ----------------------------------------------------------------

    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)
        found: str | None = await self._reading(lambda conn: conn.scalar(select(messages.c.message_id).where(*where)))
        return found

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)

        def write(conn: Connection) -> None:  # (the version was claimed before drawing, unless this is the first)
            if conn.execute(update(messages).where(*where).values(message_id=message_id)).rowcount == 0:
                conn.execute(
                    insert(messages).values(
                        table_id=table_id, audience=audience, slot=slot, message_id=message_id, version=version
                    )
                )

        await self._writing(write)

    async def claim_screen(self, table_id: int, audience: str, slot: str, version: int) -> bool:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)

        def write(conn: Connection) -> bool:  # one conditional UPDATE: two processes cannot both win it
            claim = update(messages).where(*where, messages.c.version <= version).values(version=version)
            if conn.execute(claim).rowcount:
                return True
            return conn.scalar(select(messages.c.version).where(*where)) is None  # a first drawing

        return await self._writing(write)

    # ----- results and ratings --------------------------------------------------------------

    async def results(self, table_id: int) -> list[Standing]:
        def read(conn: Connection) -> list[Standing]:
            rows = conn.execute(select(results).where(results.c.table_id == table_id).order_by(results.c.seat))
            return [Standing(r.seat, r.name, person_of(r.platform, r.user_id), r.score, r.place, r.won) for r in rows]

        return await self._reading(read)

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        return await self._reading(lambda conn: ratings_of(conn, game, scope, persons))

    async def leaderboard(self, game: str, scope: str, limit: int) -> list[Rating]:
        ordinal = ratings.c.mu - Z * ratings.c.sigma  # Rating.ordinal
        query = (
            select(ratings)
            .where(ratings.c.game == game, ratings.c.scope == scope, ratings.c.games >= 1)
            .order_by(ordinal.desc(), ratings.c.games.desc(), ratings.c.name, ratings.c.platform, ratings.c.user_id)
            .limit(max(0, limit))
        )
        return await self._reading(lambda conn: [rating_of(r) for r in conn.execute(query)])

    async def person_stats(self, person: PersonRef, scope: str) -> list[Rating]:
        query = (
            select(ratings)
            .where(ratings.c.platform == person.platform, ratings.c.user_id == person.user_id, ratings.c.scope == scope)
            .order_by(ratings.c.game)
        )
        return await self._reading(lambda conn: [rating_of(r) for r in conn.execute(query)])


class SqlChanges:
    """The store inside one open write transaction (see SqlStore.transaction): each call is one
    hop to the store's threads, on the transaction's connection."""

    def __init__(self, store: SqlStore) -> None:
        self.store = store
        self.conn: Connection | None = None  # begun by the first call, in the same hop
        self._saves: list[Callable[[Connection], Callable[[], None]]] = []  # written with the next call
        self._after: list[Callable[[], None]] = []

    async def _on_conn(self, call: Callable[[Connection], T]) -> T:
        return await self.store._run(lambda: call(self._ready()))

    def _ready(self) -> Connection:
        """The transaction's connection (begun if need be), with the saves asked for so far written."""
        if self.conn is None:
            self.conn = self.store._begin()
        for write in self._saves:
            self._after.append(write(self.conn))
        self._saves = []
        return self.conn

    def finish(self) -> None:
        """Write what is left and commit, in one hop (the usual end of a change: save, commit)."""
        if self.conn is None and not self._saves:
            return
        conn = self._ready()
        conn.commit()
        self.conn = None
        conn.close()

    async def new_table_id(self) -> int:
        return await self._on_conn(_new_table_id)

    async def load(self, table_id: int) -> Table | None:
        """The table, its row locked until the transaction ends (PostgreSQL; on SQLite the whole
        database is, by BEGIN IMMEDIATE): a move in another process waits for this one."""
        return await self._on_conn(lambda conn: self.store._load(conn, table_id, LOCK_TABLE))

    async def claim(self, table_id: int) -> Table | None:
        """As `load`, but None at once if another transaction holds the table (SKIP LOCKED)."""
        return await self._on_conn(lambda conn: self.store._load(conn, table_id, CLAIM_TABLE))

    async def save(self, table: Table, expected_version: int) -> None:
        """Written with the transaction's next call, or its commit: one hop fewer per change."""
        self._saves.append(self.store._save(table, expected_version))

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return await self._on_conn(lambda conn: _load_many(conn, _open_in(chat)))

    async def delivered(self, table_id: int, delivery: str) -> bool:
        key = (deliveries.c.table_id == table_id, deliveries.c.delivery == delivery)
        return await self._on_conn(lambda conn: conn.scalar(select(deliveries.c.delivery).where(*key)) is not None)

    async def note_delivery(self, table_id: int, delivery: str) -> None:
        await self._on_conn(lambda conn: conn.execute(insert(deliveries).values(table_id=table_id, delivery=delivery)))

    async def lock(self, name: str) -> None:
        """PostgreSQL: a transaction-scoped advisory lock. SQLite has one writer at a time already."""
        if self.store.postgres:
            await self._on_conn(lambda conn: conn.execute(ADVISORY_LOCK, {"name": name}))

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        return await self._on_conn(lambda conn: ratings_of(conn, game, scope, persons))

    def committed(self) -> None:
        for then in self._after:
            then()


def _end(conn: Connection, commit: bool) -> None:
    """End a transaction begun by SqlStore._begin, and give its connection back."""
    try:
        if commit:
            conn.commit()
        else:
            conn.rollback()
    finally:
        conn.close()


def _load_many(conn: Connection, ids: Any) -> list[Table]:
    chosen = select(ids.subquery().c.id)
    rows = conn.execute(select(tables).where(tables.c.id.in_(chosen)).order_by(tables.c.id)).mappings().all()
    stored: dict[int, list[dict[str, Any]]] = {}
    for t in conn.execute(select(timers).where(timers.c.table_id.in_(chosen)).order_by(timers.c.id)):
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


def _new_table_id(conn: Connection) -> int:
    key = conn.execute(insert(table_ids)).inserted_primary_key
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
