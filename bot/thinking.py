"""Computers that search (`core.computer.Searching`: Svolota's hard level) think off the event
loop, in one worker thread: a decision takes tens of milliseconds, which would hold every other
table's presses and timers if it ran on the loop. The thread shares the interpreter's lock with
the loop, which gets it back every few milliseconds (`sys.getswitchinterval`): a search slows the
loop's other work, never stalls it. One thread, not a pool: pure Python does not run faster on
more threads, and a process pool would copy every position to another process.

When several decisions wait at once (a busy bot: many tables whose computer is to move), each
gets a share of its budget, 1/n with n decisions waiting: the computers play a little less well
and nobody's turn waits for them. The share depends only on how many wait, not on a clock, so a
quiet bot's choices are the same from run to run.
"""

from __future__ import annotations

import asyncio
import random
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from core.computer import Policy, Searching


class Thinker:
    def __init__(self) -> None:
        self._thread = ThreadPoolExecutor(1, thread_name_prefix="cardbot-think")
        self.waiting = 0  # decisions asked for and not yet made

    async def choose(self, policy: Policy[Any, Any], view: Any, legal: list[Any], rng: random.Random) -> Any:
        """`policy`'s move; a searching one's worked out in the thread, within its share."""
        if not isinstance(policy, Searching):
            return policy.choose(view, legal, rng)
        self.waiting += 1
        try:
            searching = policy.within(1 / self.waiting)
            loop = asyncio.get_running_loop()
            return await loop.run_in_executor(self._thread, searching.choose, view, list(legal), rng)
        finally:
            self.waiting -= 1
