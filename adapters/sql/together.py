"""SQLite: writes that come at about the same time, written in one transaction.

SQLite has one writer at a time for the whole database, and each commit writes its pages to the
log again. So a change that holds no transaction (see adapters/sql/transaction.py) hands its saves
here, and so does the chat layer its writes (a screen's claim, its message, a picture's file id:
adapters/sql/records.py; a press draws several screens at once); whatever is waiting when the
writer is free is written in one hop, BEGIN IMMEDIATE to COMMIT, and every writer in it is told
once it is committed (nothing is answered before). If any write in the batch fails (a table someone
else saved meanwhile, a disk that is full), the batch is rolled back and each writer's writes are
written again on their own, so that only the one at fault fails. (A write is therefore a function
of its connection alone: it may run twice, and only the second run's result counts.)
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any, TypeVar

from sqlalchemy import Connection
from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from adapters.sql.database import Database
from adapters.sql.engine import translated

T = TypeVar("T")
Writes = list[Callable[[Connection], Any]]  # one writer's writes, in order
Done = list[Any] | BaseException  # their results, or what failed them


class Together:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._waiting: list[tuple[Writes, asyncio.Future[list[Any]]]] = []
        self._writing: asyncio.Task[None] | None = None

    async def commit(self, writes: Sequence[Callable[[Connection], T]]) -> list[T]:
        """Write `writes` in the next batch; return once it is committed (each write's result: for a
        change's save, what to do then), or raise what their own transaction would have."""
        done: asyncio.Future[list[Any]] = asyncio.get_running_loop().create_future()
        self._waiting.append((list(writes), done))
        if self._writing is None or self._writing.done():
            self._writing = asyncio.ensure_future(self._write_waiting())
        return await asyncio.shield(done)  # a change cancelled meanwhile is still written, or not, with its batch

    async def _write_waiting(self) -> None:
        while self._waiting:
            batch, self._waiting = self._waiting, []
            try:
                async with self.db.turns:
                    results = await self.db.run(self._write, [writes for writes, _ in batch])
            except asyncio.CancelledError:  # the loop is closing: none of them is known to be committed
                for _, done in batch:
                    done.cancel()
                raise
            except Exception as e:  # (the writer's thread itself failing)
                results = [e] * len(batch)
            for (_, done), result in zip(batch, results, strict=True):
                if isinstance(result, BaseException):
                    done.set_exception(result)
                else:
                    done.set_result(result)

    async def write(self, write: Callable[[Connection], T]) -> T:
        """One write, in the next batch: its result once committed."""
        return (await self.commit([write]))[0]

    def _write(self, batch: list[Writes]) -> list[Done]:
        """On the store's thread: the batch in one transaction, else each in one of its own."""
        if len(batch) > 1:
            conn = self.db.begin()
            try:
                results: list[Done] = [[write(conn) for write in writes] for writes in batch]
                conn.commit()
                return results
            except Exception:
                conn.rollback()
            finally:
                conn.close()
        return [self._write_one(writes) for writes in batch]

    def _write_one(self, writes: Writes) -> Done:
        conn = self.db.begin()
        try:
            after = [write(conn) for write in writes]
            conn.commit()
            return after
        except (DBAPIError, PoolTimeout) as e:
            conn.rollback()
            return translated(e)
        except Exception as e:
            conn.rollback()
            return e
        finally:
            conn.close()
