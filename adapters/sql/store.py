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
BEGIN IMMEDIATE already gives one writer at a time. The calls are synchronous inside
the async methods: each is a few milliseconds at most, and the event loop has nothing better to
do than wait for the commit it must not answer before.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable, Collection, Iterator
from contextlib import asynccontextmanager, contextmanager
from dataclasses import asdict
from typing import Any

from sqlalchemy import Connection, Engine, String, bindparam, delete, func, insert, or_, select, text, update

from adapters.sql.engine import WRITE
from adapters.sql.models import Base
from adapters.sql.ratings import person_of, rating_of, ratings_of, save_outcome
from bot.deadlines import Deadline
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating, Standing, Z
from bot.settings import ChatSettings
from bot.store import StaleTable
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
LOAD_TIMERS = select(timers).where(timers.c.table_id == bindparam("table_id")).order_by(timers.c.id)
UPDATE_TABLE = update(tables).where(tables.c.id == bindparam("_id"), tables.c.version == bindparam("_expected"))
DELETE_TIMERS = delete(timers).where(timers.c.table_id == bindparam("table_id"))
# A firing timer locks its table row, the lock that guards the table's timers, and skips tables
# locked by a move or by another process's timer. Locking the timer rows too would take the locks
# in the opposite order to a move's (table, then its timers) and could deadlock.
CLAIM_DUE = (
    select(timers)
    .join(tables, tables.c.id == timers.c.table_id)
    .where(
        timers.c.due <= bindparam("now"),
        timers.c.table_id.not_in(bindparam("busy", expanding=True)),
        or_(bindparam("platform", type_=String).is_(None), tables.c.platform == bindparam("platform", type_=String)),
    )
    .order_by(timers.c.due, timers.c.table_id, timers.c.kind)
    .limit(1)
    .with_for_update(of=tables, skip_locked=True)
)
DUE = select(timers).where(timers.c.due <= bindparam("now")).order_by(timers.c.due, timers.c.table_id, timers.c.kind)
NEXT_DUE = select(func.min(timers.c.due))
NEXT_DUE_OF = NEXT_DUE.join_from(timers, tables, tables.c.id == timers.c.table_id).where(
    tables.c.platform == bindparam("platform")
)
CLOSED = [s.value for s in Status if not s.open]
ADVISORY_LOCK = text("SELECT pg_advisory_xact_lock(hashtextextended(:name, 0))")


class SqlStore:
    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._deadlines: dict[int, tuple[int, list[dict[str, Any]]]] = {}  # table -> (version, stored)

    @contextmanager
    def _read(self) -> Iterator[Connection]:
        with self.engine.connect() as conn, conn.begin():
            yield conn

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        with self.engine.connect().execution_options(**WRITE) as conn, conn.begin():
            yield conn

    # ----- tables ---------------------------------------------------------------------------

    @asynccontextmanager
    async def transaction(self) -> AsyncIterator[SqlChanges]:
        """One write transaction (BEGIN IMMEDIATE on SQLite): load, decide, save, commit."""
        with self._write() as conn:
            changes = SqlChanges(self, conn)
            yield changes
        changes.committed()

    async def new_table_id(self) -> int:
        with self._write() as conn:
            return _new_table_id(conn)

    async def load(self, table_id: int) -> Table | None:
        with self._read() as conn:
            return self._load(conn, table_id)

    async def save(self, table: Table, expected_version: int) -> None:
        with self._write() as conn:
            remember = self._save(conn, table, expected_version)
        remember()

    def _save(self, conn: Connection, table: Table, expected_version: int) -> Callable[[], None]:
        """Write the table in `conn`'s transaction; returns what to do once it is committed."""
        data = table.to_dict()
        timer_rows: list[dict[str, Any]] = data.pop("deadlines")
        row = _table_row(data)
        first = table.moves - len(table.unsaved) + 1
        known = self._deadlines.get(table.id)
        if expected_version == -1:
            conn.execute(insert(tables), row)
        else:
            done = conn.execute(UPDATE_TABLE, {**row, "_id": table.id, "_expected": expected_version})
            if done.rowcount != 1:
                raise StaleTable(f"table {table.id} is no longer at version {expected_version}")
        # a save at the same version is a repair (the service rewrites a table's deadlines so)
        unchanged = table.version != expected_version and known == (expected_version, timer_rows)
        if not unchanged:
            if expected_version != -1:
                conn.execute(DELETE_TIMERS, {"table_id": table.id})
            if timer_rows:
                conn.execute(insert(timers), timer_rows)
        if table.unsaved:
            conn.execute(
                insert(moves_t),
                [{"table_id": table.id, "number": first + i, **asdict(m)} for i, m in enumerate(table.unsaved)],
            )
        if table.outcome is not None:
            save_outcome(conn, table.outcome)
        if not table.status.open and expected_version != -1:
            conn.execute(delete(deliveries).where(deliveries.c.table_id == table.id))
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
        return self._load_all(_open_in(chat))

    async def all_open(self, platform: str | None = None) -> list[Table]:
        query = select(tables.c.id).where(tables.c.status.in_(OPEN), *_on(platform))
        return self._load_all(query.order_by(tables.c.id))

    async def recently_closed(self, window: float, platform: str | None = None) -> list[Table]:
        with self._read() as conn:
            newest = conn.scalar(select(func.max(tables.c.updated_at)).where(*_on(platform)))
        if newest is None:
            return []
        closed = (tables.c.status.in_(CLOSED), tables.c.updated_at >= newest - window, *_on(platform))
        return self._load_all(select(tables.c.id).where(*closed).order_by(tables.c.id))

    def _load_all(self, query: Any) -> list[Table]:
        with self._read() as conn:
            found = [self._load(conn, table_id) for table_id in conn.scalars(query)]
        return [t for t in found if t is not None]

    def _load(self, conn: Connection, table_id: int, lock: bool = False) -> Table | None:
        row = conn.execute(LOCK_TABLE if lock else LOAD_TABLE, {"table_id": table_id}).mappings().first()
        if row is None:
            return None
        data = dict(row)
        data["chat"] = {key: data.pop(key) for key in ("platform", "chat_id", "thread_id")}
        data["creator"] = {"platform": data.pop("creator_platform"), "user_id": data.pop("creator_user_id")}
        known = self._deadlines.get(table_id)
        # A change reads the timers it will save over: another process may have rewritten them at
        # the same version (a deadline that fired and changed nothing visible keeps the version).
        if known is not None and known[0] == data["version"] and not lock:
            data["deadlines"] = [dict(d) for d in known[1]]
        else:
            data["deadlines"] = [
                {"table_id": t.table_id, "kind": t.kind, "due": t.due, "version": t.version, "seat": t.seat}
                for t in conn.execute(LOAD_TIMERS, {"table_id": table_id})
            ]
            self._deadlines[table_id] = (data["version"], [dict(d) for d in data["deadlines"]])
        return Table.from_dict(data)

    async def moves(self, table_id: int) -> list[LoggedMove]:
        with self._read() as conn:
            rows = conn.execute(select(moves_t).where(moves_t.c.table_id == table_id).order_by(moves_t.c.number))
            return [LoggedMove(r.seat, r.move, r.at, r.by) for r in rows]

    # ----- deadlines ------------------------------------------------------------------------

    async def due(self, now: float) -> list[Deadline]:
        with self._read() as conn:
            rows = conn.execute(DUE, {"now": now})
            return [Deadline(r.table_id, r.kind, r.due, r.version, r.seat) for r in rows]

    async def next_due(self, platform: str | None = None) -> float | None:
        with self._read() as conn:
            due = conn.scalar(NEXT_DUE) if platform is None else conn.scalar(NEXT_DUE_OF, {"platform": platform})
            return None if due is None else float(due)

    # ----- chats and people -----------------------------------------------------------------

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        with self._read() as conn:
            data = conn.scalar(
                select(chats.c.settings).where(chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
            )
        return ChatSettings() if data is None else ChatSettings.from_dict(data)

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None:
        where = (chats.c.platform == chat.platform, chats.c.chat_id == chat.chat_id)
        with self._write() as conn:
            if conn.execute(update(chats).where(*where).values(settings=settings.to_dict())).rowcount == 0:
                conn.execute(
                    insert(chats).values(platform=chat.platform, chat_id=chat.chat_id, settings=settings.to_dict())
                )

    async def person_lang(self, person: PersonRef) -> str | None:
        with self._read() as conn:
            lang: str | None = conn.scalar(
                select(people.c.lang).where(people.c.platform == person.platform, people.c.user_id == person.user_id)
            )
            return lang

    async def set_person_lang(self, person: PersonRef, lang: str) -> None:
        where = (people.c.platform == person.platform, people.c.user_id == person.user_id)
        with self._write() as conn:
            if conn.execute(update(people).where(*where).values(lang=lang)).rowcount == 0:
                conn.execute(insert(people).values(platform=person.platform, user_id=person.user_id, lang=lang))


    # ----- platform messages ----------------------------------------------------------------

    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)
        with self._read() as conn:
            found: str | None = conn.scalar(select(messages.c.message_id).where(*where))
            return found

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)
        with self._write() as conn:  # (the version was claimed before drawing, unless this is the first)
            if conn.execute(update(messages).where(*where).values(message_id=message_id)).rowcount == 0:
                conn.execute(
                    insert(messages).values(
                        table_id=table_id, audience=audience, slot=slot, message_id=message_id, version=version
                    )
                )

    async def claim_screen(self, table_id: int, audience: str, slot: str, version: int) -> bool:
        where = (messages.c.table_id == table_id, messages.c.audience == audience, messages.c.slot == slot)
        with self._write() as conn:  # the claim is one conditional UPDATE: two processes cannot both win it
            claim = update(messages).where(*where, messages.c.version <= version).values(version=version)
            if conn.execute(claim).rowcount:
                return True
            return conn.scalar(select(messages.c.version).where(*where)) is None  # a first drawing

    # ----- results and ratings --------------------------------------------------------------

    async def results(self, table_id: int) -> list[Standing]:
        with self._read() as conn:
            rows = conn.execute(select(results).where(results.c.table_id == table_id).order_by(results.c.seat))
            return [
                Standing(r.seat, r.name, person_of(r.platform, r.user_id), r.score, r.place, r.won) for r in rows
            ]

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        with self._read() as conn:
            return ratings_of(conn, game, scope, persons)

    async def leaderboard(self, game: str, scope: str, limit: int) -> list[Rating]:
        ordinal = ratings.c.mu - Z * ratings.c.sigma  # Rating.ordinal
        query = (
            select(ratings)
            .where(ratings.c.game == game, ratings.c.scope == scope, ratings.c.games >= 1)
            .order_by(ordinal.desc(), ratings.c.games.desc(), ratings.c.name, ratings.c.platform, ratings.c.user_id)
            .limit(max(0, limit))
        )
        with self._read() as conn:
            return [rating_of(r) for r in conn.execute(query)]

    async def person_stats(self, person: PersonRef, scope: str) -> list[Rating]:
        query = (
            select(ratings)
            .where(ratings.c.platform == person.platform, ratings.c.user_id == person.user_id, ratings.c.scope == scope)
            .order_by(ratings.c.game)
        )
        with self._read() as conn:
            return [rating_of(r) for r in conn.execute(query)]


class SqlChanges:
    """The store inside one open write transaction (see SqlStore.transaction)."""

    def __init__(self, store: SqlStore, conn: Connection) -> None:
        self.store, self.conn = store, conn
        self._after: list[Callable[[], None]] = []

    async def new_table_id(self) -> int:
        return _new_table_id(self.conn)

    async def load(self, table_id: int) -> Table | None:
        """The table, its row locked until the transaction ends (PostgreSQL; on SQLite the whole
        database is, by BEGIN IMMEDIATE): a move in another process waits for this one."""
        return self.store._load(self.conn, table_id, lock=True)

    async def save(self, table: Table, expected_version: int) -> None:
        self._after.append(self.store._save(self.conn, table, expected_version))

    async def open_tables(self, chat: ChatRef) -> list[Table]:
        return [t for t in (self.store._load(self.conn, i) for i in self.conn.scalars(_open_in(chat))) if t]

    async def delivered(self, table_id: int, delivery: str) -> bool:
        key = (deliveries.c.table_id == table_id, deliveries.c.delivery == delivery)
        return self.conn.scalar(select(deliveries.c.delivery).where(*key)) is not None

    async def note_delivery(self, table_id: int, delivery: str) -> None:
        self.conn.execute(insert(deliveries).values(table_id=table_id, delivery=delivery))

    async def lock(self, name: str) -> None:
        """PostgreSQL: a transaction-scoped advisory lock. SQLite has one writer at a time already."""
        if self.conn.dialect.name == "postgresql":
            self.conn.execute(ADVISORY_LOCK, {"name": name})

    async def claim_due(self, now: float, busy: Collection[int], platform: str | None = None) -> Deadline | None:
        """The earliest deadline due by `now` whose table is free (not in `busy`, nor locked by
        another transaction), its table locked until the transaction ends; None if there is none."""
        row = self.conn.execute(CLAIM_DUE, {"now": now, "busy": list(busy), "platform": platform}).first()
        return None if row is None else Deadline(row.table_id, row.kind, row.due, row.version, row.seat)

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        return ratings_of(self.conn, game, scope, persons)

    def committed(self) -> None:
        for then in self._after:
            then()


def _on(platform: str | None) -> tuple[Any, ...]:
    return () if platform is None else (tables.c.platform == platform,)


def _open_in(chat: ChatRef) -> Any:
    return select(tables.c.id).where(
        tables.c.platform == chat.platform,
        tables.c.chat_id == chat.chat_id,
        tables.c.thread_id.is_(None) if chat.thread_id is None else tables.c.thread_id == chat.thread_id,
        tables.c.status.in_(OPEN),
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
