"""One writer per place: screens drawn one at a time, the newest winning.

The notifier queues a screen and returns at once (the service holds the table's lock meanwhile).
The writer of its place draws it once the chat's pace allows (pacing.py); a screen that arrives
while the writer waits for its turn, or while an edit is in flight, replaces the one waiting, so
only the newest is drawn: a fast game edits its board as often as the chat's limit allows, a
real-time board once per reaction window at most, fewer times when the platform says slow down.

A one-off message (a ping, a season's podium: posts.py) has a writer of its own, which starts once
the writers of the same table in the same chat are done (a ping comes below its lobby).

Normal events, not failures (platform.py): a rate limit that outlasted the library's own retries
(the screen waits that long and goes again, unless a newer one has replaced it), a network failure
(a timeout, a broken connection, a 5xx: the platform is down; tried again until it is back, after
a capped backoff on the service's clock, backoff.py, the newest screen of the place winning, so
that a board catches up after an outage and no screen is drawn twice), and any refusal (skipped).
A writer never dies with screens waiting.

A press's answer may go before the redraws it causes (`hold`): Telegram answers a button with a
toast, which would otherwise queue behind the board and panel the press changed.
"""

from __future__ import annotations

import asyncio
import logging
from collections import Counter
from collections.abc import Awaitable, Callable
from typing import TypeVar

from adapters.chat.backoff import Backoff
from adapters.chat.pacing import UNPACED, Pace
from adapters.chat.platform import Trouble, Troubles
from adapters.chat.posts import Key, Post
from bot.clock import Clock, SystemClock

log = logging.getLogger(__name__)

Draw = Callable[[Post], Awaitable[None]]
T = TypeVar("T")


class Writers:
    def __init__(
        self, troubles: Troubles, stats: Counter[str], pace: Pace = UNPACED, clock: Clock | None = None
    ) -> None:
        """`clock`: the service's, on which a network failure's backoff is waited (backoff.py)."""
        self.troubles = troubles
        self.stats = stats
        self.pace = pace
        self.backoff = Backoff(clock or SystemClock())
        self._unreached = 0  # network failures since a write last got through, of every place
        self._pending: dict[Key, Post] = {}
        self._writers: dict[Key, asyncio.Task[None]] = {}
        self._once = 0  # one-off writes on their way (`once`)
        self._holds: Counter[str] = Counter()  # chat -> presses being answered there (see `hold`)
        self._released: dict[str, asyncio.Event] = {}  # chat -> set when its last hold ends

    def queue(self, post: Post, draw: Draw) -> asyncio.Task[None]:
        """Draw the post (with `draw`) once its chat's turn comes, unless a newer one for its place
        comes first; the writer drawing it."""
        if post.key in self._pending:
            self.stats["coalesced"] += 1
        self._pending[post.key] = post
        writer = self._writers.get(post.key)
        if writer is None:
            before = [w for k, w in self._writers.items() if k[:2] == post.key[:2]] if post.one_off else []
            writer = self._writers[post.key] = asyncio.create_task(self._write(post.key, draw, before))
        return writer

    def writing(self, key: Key) -> asyncio.Task[None] | None:
        """The writer of this place, while it has screens to draw."""
        return self._writers.get(key)

    async def once(self, chat: str, write: Callable[[], Awaitable[T]]) -> T:
        """A write of its own (an answer to a command) at the chat's pace."""
        self._once += 1
        try:
            await self.pace.take(chat)
            return await write()
        finally:
            self._once -= 1

    def hold(self, *chats: str) -> Callable[[], None]:
        """Hold the redraws of these chats while a press is answered, so the presser's answer goes
        out before the board and panel the press changed (they would otherwise take the connection
        first). Other chats' redraws go on. Returns the release (safe to call more than once)."""
        for chat in chats:
            self._holds[chat] += 1
            self._released.setdefault(chat, asyncio.Event())
        released = False

        def release() -> None:
            nonlocal released
            if released:
                return
            released = True
            for chat in chats:
                self._holds[chat] -= 1
                if not self._holds[chat]:
                    del self._holds[chat]
                    self._released.pop(chat).set()

        return release

    def held(self, chat: str) -> bool:
        """Whether the chat's redraws wait for a press's answer."""
        return chat in self._holds

    async def idle(self) -> None:
        """Wait until every queued screen and one-off write is drawn."""
        while self._writers or self._once:
            if self._writers:
                await asyncio.gather(*list(self._writers.values()), return_exceptions=True)
            else:
                await asyncio.sleep(0.01)

    async def close(self, timeout: float = 5.0) -> None:
        """Draw what is queued (for at most `timeout` seconds), then stop."""
        try:
            await asyncio.wait_for(self.idle(), timeout)
        except TimeoutError:
            for writer in list(self._writers.values()):
                writer.cancel()
            log.warning("stopped with %d screens not drawn", len(self._pending))

    async def _write(self, key: Key, draw: Draw, before: list[asyncio.Task[None]]) -> None:
        """Draw the newest screen of one place until none is waiting."""
        failures = 0
        try:
            if before:
                await asyncio.wait(before)  # (never cancels them)
            while key in self._pending:
                await self._unheld(key[0].chat)
                await self.pace.take(key[0].chat)
                post = self._pending.pop(key)  # the newest, whatever arrived while we waited
                try:
                    await draw(post)
                except Exception as e:  # a writer must never die with screens waiting
                    failures = await self._failed(post, e, failures)
                else:
                    if self._unreached:
                        log.info("the platform answers again (%d writes had failed meanwhile)", self._unreached)
                        self._unreached = 0
                    failures = 0
                    self.backoff.back()
        finally:
            del self._writers[key]

    async def _failed(self, post: Post, error: Exception, failures: int) -> int:
        """Meet a failed drawing: wait and draw again, or skip it; the network failures in a row."""
        table, where = post.screen.table_id, post.where.chat or "a panel"
        trouble = self.troubles.trouble(error)
        if trouble is Trouble.RATE_LIMITED:
            after = self.troubles.retry_after(error)
            log.warning("rate limited drawing table %s in %s: waiting %.1f s", table, where, after)
            self._pending.setdefault(post.key, post)
            await asyncio.sleep(after)
        elif trouble is Trouble.NETWORK:  # the platform is down: the newest screen waits for it
            failures += 1
            self.stats["network failures"] += 1
            self._pending.setdefault(post.key, post)
            pause = self.backoff.delay(failures)
            # one line an outage, not one a board: a thousand tables would say the same thing
            level = logging.WARNING if not self._unreached else logging.DEBUG
            self._unreached += 1
            log.log(
                level,
                "could not reach the platform drawing table %s in %s (%s): every screen waits for it, this one"
                " tried again in %.1f s",
                table,
                where,
                error,
                pause,
            )
            await self.backoff.wait(pause)
        elif trouble is None:
            log.error("could not draw table %s in %s", table, where, exc_info=error)
        else:
            self.stats["skipped"] += 1
            log.warning("could not draw table %s in %s: %s", table, where, error)
        return failures

    async def _unheld(self, chat: str) -> None:
        while (released := self._released.get(chat)) is not None:
            await released.wait()
