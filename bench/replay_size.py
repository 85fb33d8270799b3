"""How big a replay's answer is (GET /api/v1/games/{token}, adapters/web/replay_json.py), and how
long it takes to compute: a long game of each kind, played to its end through the service with
computers only (a fake clock), answered both ways — every step's open model whole, and the deal
plus each step's changes (what is sent) — raw and gzipped.

    python -m bench.replay_size
"""

from __future__ import annotations

import asyncio
import gzip
import json
import time
from typing import Any

from adapters.web.replay_json import replay_json
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open, Press
from bot.i18n import translator
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.replay import Replay, replay
from bot.settings import ServiceConfig
from bot.tables import LoggedMove, Status, Table

CHAT = ChatRef("bench", "chat")
ANN = Actor(PersonRef("bench", "ann"), "Ann")
GAMES: tuple[tuple[str, int, dict[str, Any], int], ...] = (  # (game, seats, options, seed): long games
    ("svolota", 6, {}, 3),
    ("speed", 2, {"target": 50}, 5),
    ("racing_demon", 6, {}, 8),
    ("racing_demon", 8, {}, 4),
)


async def played(game: str, seats: int, options: dict[str, Any], seed: int) -> tuple[Table, list[LoggedMove]]:
    """Ann and computers play `game` to its end (Ann's idle seat soon gets a computer stand-in)."""
    clock, notifier, store = FakeClock(), RecordingNotifier(), MemoryStore()
    service = bootstrap(store, notifier, clock, ServiceConfig(computer_think=0.5, idle_seconds=3), seed=seed)
    table_id = (await service.handle(Open(CHAT, ANN, game, options))).table_id
    assert table_id is not None

    async def table() -> Table:
        found = await store.load(table_id)
        assert found is not None
        return found

    async def press(label: str) -> None:
        screen = notifier.last(table_id, None, "table")
        assert screen is not None
        token = next(b.token for row in screen.buttons for b in row if label in b.label and b.token)
        await service.handle(Press(ANN, token, where=CHAT))

    while len((await table()).seats) < seats:
        await press("+ Computer")
    if (await table()).status is Status.LOBBY:
        await press("Start")
    while (await table()).status.open:
        due = await service.firing.next_due()
        assert due is not None, "the game stopped"
        clock.advance(max(0.0, due - clock.now()))
        assert await service.firing.tick(), "a due deadline could not fire"  # (a failure, not a spin)
    return await table(), await store.moves(table_id)


def whole(r: Replay) -> dict[str, Any]:
    answer = replay_json(r, "en", "ltr")
    answer["steps"] = [{"at": s.at, "seat": s.seat, "words": s.words, "model": s.model.json()} for s in r.steps]
    return answer


def size(data: dict[str, Any]) -> tuple[int, int]:
    body = json.dumps(data, separators=(",", ":"), ensure_ascii=False).encode()
    return len(body), len(gzip.compress(body))


def main() -> None:
    t = translator("en")
    print(f"{'game':<22} {'moves':>5} {'compute':>8} {'whole raw':>10} {'gzip':>8} {'changes raw':>12} {'gzip':>8}")
    for game, seats, options, seed in GAMES:
        table, log = asyncio.run(played(game, seats, options, seed))
        start = time.perf_counter()
        r = replay(table, log, t)
        ms = (time.perf_counter() - start) * 1000
        w, wz = size(whole(r))
        c, cz = size(replay_json(r, "en", "ltr"))
        name = f"{game} ×{seats}" + (f" {options}" if options else "")
        print(
            f"{name:<22} {len(log):>5} {ms:>6.0f}ms {w / 1000:>8.0f}KB {wz / 1000:>6.1f}KB"
            f" {c / 1000:>10.0f}KB {cz / 1000:>6.1f}KB"
        )


if __name__ == "__main__":
    main()
