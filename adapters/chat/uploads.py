"""Pictures on a platform that names them by file id (Telegram): each uploaded once, and only when
an upload fits the chat's pace.

Telegram gives every photo it receives a `file_id`; sending that id again shows the same photo
without uploading it. The file id of each picture (by its content hash) is kept in memory and in
the store, so a picture drawn before, by this process or another, on any day, is never uploaded
again: a board whose picture is back to one shown before (a new deal that looks like an old one,
an empty pile, the same podium) costs an edit, not an upload. While one writer uploads a picture,
the others who want it (the result on the board and on every panel) wait for its file id.

An upload takes longer than an edit (a board is 20–40 KB). How long uploads take is measured
(the median of the latest five, once there are three: one slow upload, such as a flood-control
wait inside the rate limiter, is not a trend); when it is longer than the chat's pace allows
between two of its writes (about 3 s in a group, at least 1 s anywhere), a picture Telegram does
not have yet is not uploaded: the screen goes out as text, which is always the fallback. Uploads
are tried again after a while, so a slow minute does not turn pictures off for good.
"""

from __future__ import annotations

import asyncio
import logging
import statistics
import time
from collections import deque
from collections.abc import Callable
from typing import Final

from cachetools import LRUCache

from adapters.chat.records import Records

log = logging.getLogger(__name__)

KEPT: Final = 10_000  # file ids kept in memory (the store keeps them all)
RECENT: Final = 5  # uploads whose times judge whether uploads fit the pace (their median) ...
JUDGED_AFTER: Final = 3  # ... once there are this many: one slow upload (a 429 waited out) is not a trend
TRY_AGAIN: Final = 60.0  # seconds after uploads were found too slow before one is tried again


class Uploads:
    def __init__(self, records: Records, platform: str, now: Callable[[], float] = time.monotonic) -> None:
        self.records = records
        self.platform = platform
        self.now = now
        self.recent: deque[float] = deque(maxlen=RECENT)  # seconds the latest uploads took
        self.uploads = 0
        self._ids: LRUCache[str, str] = LRUCache(KEPT)  # digest -> file id
        self._pending: dict[str, asyncio.Future[None]] = {}  # digest -> done when its upload is
        self._slow_since: float | None = None

    async def file_id(self, digest: str) -> str | None:
        """The file id the platform gave this picture, if it was ever uploaded; else None, and the
        caller uploads it, then calls `uploaded` or `release`."""
        while True:
            pending = self._pending.get(digest)
            if pending is not None:
                await asyncio.shield(pending)
                continue
            found = await self.known(digest) or self._ids.get(digest)  # (or uploaded while the store answered)
            if found is not None:
                return found
            if digest not in self._pending:  # (not claimed by another writer while the store answered)
                self._pending[digest] = asyncio.get_running_loop().create_future()
                return None

    def release(self, digest: str) -> None:
        """The caller of `file_id` is not uploading the picture after all (or is done)."""
        pending = self._pending.pop(digest, None)
        if pending is not None and not pending.done():
            pending.set_result(None)

    async def uploaded(self, digest: str, file_id: str, seconds: float) -> None:
        """The platform took the picture in `seconds` and named it `file_id`."""
        self.uploads += 1
        self.recent.append(seconds)
        self._slow_since = None
        self._ids[digest] = file_id
        self.release(digest)
        try:
            await self.records.remember_file_id(self.platform, digest, file_id)
        except Exception as e:  # kept in memory: uploaded again after a restart, at worst
            log.warning("could not keep a picture's file id: %r", e)

    async def known(self, digest: str) -> str | None:
        """The picture's file id if the platform has it (nothing claimed: for a caller that never uploads)."""
        found = self._ids.get(digest)
        if found is None:
            try:
                found = await self.records.file_id(self.platform, digest)
            except Exception as e:
                log.warning("could not read a picture's file id: %r", e)
            if found is not None:
                self._ids[digest] = found
        return found

    @property
    def upload_seconds(self) -> float | None:
        """How long an upload takes, as judged (the median of the latest; None: too few yet)."""
        return statistics.median(self.recent) if len(self.recent) >= JUDGED_AFTER else None

    def fits(self, budget: float) -> bool:
        """Whether an upload is expected to take at most `budget` seconds (the time the chat's pace
        leaves between two writes); after TRY_AGAIN seconds of "no", one is tried anyway."""
        seconds = self.upload_seconds
        if seconds is None or seconds <= budget:
            return True
        now = self.now()
        if self._slow_since is None:
            self._slow_since = now
            log.info("uploads take %.1f s, more than the pace allows: text until they are faster", seconds)
        if now - self._slow_since >= TRY_AGAIN:
            self._slow_since = now
            return True
        return False
