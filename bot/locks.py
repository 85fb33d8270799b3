"""A lock per key (a table), kept only while someone holds or waits for it: ids seen once (a
press for a table that does not exist, an inline query naming any number) leave nothing behind."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


class KeyedLocks:
    def __init__(self) -> None:
        self._locks: dict[int, tuple[asyncio.Lock, int]] = {}  # key -> (lock, holders and waiters)

    @asynccontextmanager
    async def hold(self, key: int) -> AsyncIterator[None]:
        lock, users = self._locks.get(key) or (asyncio.Lock(), 0)
        self._locks[key] = (lock, users + 1)
        try:
            async with lock:
                yield
        finally:
            lock, users = self._locks[key]
            if users == 1:
                del self._locks[key]
            else:
                self._locks[key] = (lock, users - 1)

    def busy(self, key: int) -> bool:
        """Someone holds or waits for `key`'s lock."""
        return key in self._locks

    def keys(self) -> list[int]:
        return list(self._locks)

    def __len__(self) -> int:
        return len(self._locks)
