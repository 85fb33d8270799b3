"""SQLite: the saves of changes that finish at about the same time, written in one transaction.

SQLite has one writer at a time for the whole database, and each commit writes its pages to the
log again. So a change that holds no transaction (see adapters/sql/transaction.py) hands its saves
here; whatever is waiting when the writer is free is written in one hop, BEGIN IMMEDIATE to COMMIT,
and every change in it is told once it is committed (nothing is answered before). If any save in
the batch fails (a table someone else saved meanwhile, a disk that is full), the batch is rolled
back and each change is written again on its own, so that only the one at fault fails.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable

from sqlalchemy.exc import DBAPIError
from sqlalchemy.exc import TimeoutError as PoolTimeout

from adapters.sql.database import Database
from adapters.sql.engine import translated
from adapters.sql.table_rows import Write

Done = list[Callable[[], None]] | BaseException


class Together:
    def __init__(self, db: Database) -> None:
        self.db = db
        self._waiting: list[tuple[list[Write], asyncio.Future[list[Callable[[], None]]]]] = []
        self._writing: asyncio.Task[None] | None = None

    async def commit(self, writes: list[Write]) -> list[Callable[[], None]]:
        """Write `writes` in the next batch; return once it is committed (what to do then), or
        raise what their own transaction would have."""
        done: asyncio.Future[list[Callable[[], None]]] = asyncio.get_running_loop().create_future()
        self._waiting.append((writes, done))
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

    def _write(self, batch: list[list[Write]]) -> list[Done]:
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

    def _write_one(self, writes: list[Write]) -> Done:
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
