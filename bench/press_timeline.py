"""Inside a press: `bench.telegram --part latency` or `bench.discord` run with the drawing
process's drawings, the move's commit, the making of the table's screens and the chat layer's
database calls timed, each as when it began and ended after the press's `Service.handle` was
called (ms, the median over the presses, the n-th call of its kind in a press apart from the
(n+1)-th). Wrapping adds a little to each call; the point is the order and the waits, not the sums.

    python -m bench.press_timeline telegram|discord [--moves 200]
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
from collections import Counter, defaultdict
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from adapters.pictures.workers import Workers
from adapters.sql.records import SqlRecords
from adapters.sql.transaction import SqlTransaction
from bot.commands import Press
from bot.drawing import Drawing
from bot.service import Service

RECORDS = ("claim", "message_id", "remember_message", "file_id", "remember_file_id")


class Timeline:
    """Each press's calls: (kind, began, ended), in seconds after its `Service.handle` began."""

    def __init__(self) -> None:
        self.presses: list[list[tuple[str, float, float]]] = []
        self._began = 0.0
        self._originals: list[tuple[type, str, Any]] = []  # put back by `restore`

    def wrap(self, owner: type, name: str, kind: Callable[[tuple[Any, ...]], str]) -> None:
        original: Callable[..., Awaitable[Any]] = getattr(owner, name)
        self._originals.append((owner, name, original))

        @functools.wraps(original)
        async def timed(*args: Any, **kwargs: Any) -> Any:
            began = time.perf_counter()
            try:
                return await original(*args, **kwargs)
            finally:
                if self.presses:
                    self.presses[-1].append((kind(args), began - self._began, time.perf_counter() - self._began))

        setattr(owner, name, timed)

    def watch_presses(self) -> None:
        handle = Service.handle
        self._originals.append((Service, "handle", handle))

        async def timed(service: Service, command: Any) -> Any:
            if isinstance(command, Press):
                self._began = time.perf_counter()
                self.presses.append([])
            return await handle(service, command)

        Service.handle = timed  # type: ignore[method-assign,assignment]

    def watch(self) -> None:
        """Time the presses, their commits, the making of their screens, the drawings and the chat
        layer's database calls, until `restore`."""
        self.watch_presses()
        self.wrap(SqlTransaction, "commit", lambda _: "the move's commit")
        self.wrap(Drawing, "redraw", lambda _: "the table's screens made and queued")
        self.wrap(Workers, "draw", lambda a: f"draw {type(a[1]).__name__}")
        for name in RECORDS:
            self.wrap(SqlRecords, name, lambda _, name=name: f"database: {name}")  # type: ignore[misc]

    def restore(self) -> None:
        while self._originals:
            owner, name, original = self._originals.pop()
            setattr(owner, name, original)

    def report(self) -> None:
        calls: dict[str, list[tuple[float, float]]] = defaultdict(list)
        for press in self.presses:
            nth: Counter[str] = Counter()
            for kind, began, ended in press:
                nth[kind] += 1
                calls[f"{kind} #{nth[kind]}"].append((began * 1000, ended * 1000))
        print(f"inside {len(self.presses)} presses (ms after Service.handle began, medians; calls in at least a third)")
        print(f"  {'call':<34}{'n':>6}{'began':>9}{'ended':>9}")
        rows = [(k, v) for k, v in calls.items() if len(v) * 3 >= len(self.presses)]
        for kind, times in sorted(rows, key=lambda row: statistics.median(t[0] for t in row[1])):
            began, ended = statistics.median(t[0] for t in times), statistics.median(t[1] for t in times)
            print(f"  {kind:<34}{len(times):>6}{began:>9.2f}{ended:>9.2f}")


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("platform", choices=["telegram", "discord"])
    parser.add_argument("--moves", type=int, default=200, help="presses each for the bot and the no-op (default 200)")
    args = parser.parse_args(argv)
    timeline = Timeline()
    timeline.watch()
    try:
        if args.platform == "telegram":
            from bench import telegram

            telegram.main(["--part", "latency", "--moves", str(args.moves)])
        else:
            from bench import discord

            discord.main(["--moves", str(args.moves)])
    finally:
        timeline.restore()
    timeline.report()


if __name__ == "__main__":
    main()
