"""The live table on loopback: how soon a tap shows, and what many watching sockets cost.

One process: the Service on the memory store (the store's own cost is bench/service.py's), the
WebServer on 127.0.0.1, and aiohttp clients in the same event loop. Svolota tables of three people
in chats that read text (pictures are bench/pictures.py's), each opened, joined and started through
the service.

1. Tap to update: the people of the first `--latency-tables` tables (default 10) open a socket
   each; `--taps` times (default 500), the person whose turn it is (their panel has moves) presses
   their first move through their socket, timed from the send until their socket receives the view
   with the new version (the press's answer may come before or after it). Printed: p50/p99
   (target p99 < 50 ms).
2. Many sockets: `--sockets` spectators (default 1,000) watch `--tables` tables (default 200),
   spread evenly. Printed: memory per socket (the process's RSS growth over the sockets opened,
   divided by them: both ends of each socket are in this process, so it is an upper bound for the
   server's side), and the fan-out of one update: a move is made through the service on each
   table in turn, timed from its commit (an observer of the service) until every watcher of that table has
   the new version, p50/p99.
3. A crowd: all `--sockets` spectators on one table; the fan-out of one update to all of them,
   over `--crowd-updates` updates (default 10), p50/max.

    python -m bench.web [--sockets 1000] [--tables 200] [--taps 500] [--latency-tables 10] [--crowd-updates 10]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import resource
import statistics
import time
from dataclasses import dataclass, field
from typing import Any

import aiohttp

from adapters.web.server import WebServer
from adapters.web.settings import WebSettings
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import Open, Press
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.observers import Observer
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import ChatSettings
from bot.tables import Table
from bot.tokens import Token
from bot.ui.render import panel_screens

TOKEN = "1:bench"
TARGET_P99 = 50.0  # ms, tap to update


@dataclass
class Arrivals:
    """Waits for a version to reach many sockets with one event, not a task each (the clients share
    the server's process and loop: their own cost would be counted in the fan-out)."""

    def __init__(self) -> None:
        self._waiting: dict[tuple[int, int], list[Any]] = {}  # (table, version) -> [sockets left, event]

    def got(self, table_id: int, version: int) -> None:
        entry = self._waiting.get((table_id, version))
        if entry is not None:
            entry[0] -= 1
            if entry[0] <= 0:
                entry[1].set()

    async def all(self, watchers: list[Watcher], table_id: int, version: int, timeout: float = 30.0) -> None:
        left = sum(1 for w in watchers if w.version < version)
        if left:
            entry: list[Any] = [left, asyncio.Event()]
            self._waiting[table_id, version] = entry
            try:
                await asyncio.wait_for(entry[1].wait(), timeout)
            finally:
                del self._waiting[table_id, version]


@dataclass
class Watcher:
    """A client socket: the newest view it got, and who waits for a version."""

    ws: aiohttp.ClientWebSocketResponse
    table_id: int
    arrivals: Arrivals
    view: dict[str, Any] = field(default_factory=dict)
    version: int = -1
    arrived: asyncio.Event = field(default_factory=asyncio.Event)
    reader: asyncio.Task[None] | None = None

    async def read(self) -> None:
        async for message in self.ws:
            if message.type is not aiohttp.WSMsgType.TEXT:
                break
            data = json.loads(message.data)
            if data.get("type") == "view" and data["version"] > self.version:
                self.view, self.version = data, data["version"]
                self.arrived.set()
                self.arrivals.got(self.table_id, self.version)

    async def reach(self, version: int, timeout: float = 10.0) -> None:
        while self.version < version:
            self.arrived.clear()
            await asyncio.wait_for(self.arrived.wait(), timeout)

    def move(self) -> str | None:
        """The first move on this person's panel (None: not their turn)."""
        panel = self.view.get("panel") or {}
        tokens = [b["token"] for row in panel.get("buttons", []) for b in row if ".m" in b["token"]]
        return tokens[0] if tokens else None


class Bench:
    def __init__(self) -> None:
        self.store = MemoryStore()
        self.notifier = RecordingNotifier()
        self.service = bootstrap(self.store, self.notifier, FakeClock(time.time()))  # no deadline ever falls due
        self.server = WebServer(self.service, self.store, WebSettings(listen="127.0.0.1:0"), TOKEN)
        self.session: aiohttp.ClientSession | None = None
        self.players: dict[int, list[Actor]] = {}
        self.committed: dict[tuple[int, int], float] = {}  # (table, version) -> when the service told the hub
        self.sent: dict[tuple[int, int], float] = {}  # ... and when the hub had written it to every socket
        self._spectators = 0
        self.arrivals = Arrivals()

    async def __aenter__(self) -> Bench:
        await self.server.start()
        committed = self.committed

        class Committed(Observer):  # told right after the hub (which only schedules its pushes)
            def committed(self, table: Table) -> None:
                committed[table.id, table.version] = time.perf_counter()

        self.service.observers.add(Committed())
        push = self.server.hub._push

        async def pushed(table: Table, watched: Any) -> None:
            await push(table, watched)
            self.sent[table.id, table.version] = time.perf_counter()

        self.server.hub._push = pushed  # type: ignore[method-assign]
        self.session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0))  # (default: 100 at once)
        return self

    async def __aexit__(self, *_: object) -> None:
        if self.session is not None:
            await self.session.close()
        await self.server.stop()

    async def table(self, n: int) -> int:
        """A Svolota table of three people in its own chat (read as text), started."""
        chat = ChatRef("telegram", f"-{n + 1}")
        people = [Actor(PersonRef("telegram", f"{n}{i}"), f"P{n}.{i}", lang="en") for i in range(3)]
        await self.store.save_chat_settings(chat, ChatSettings(look="text"))
        table_id = (await self.service.handle(Open(chat, people[0], "svolota", {}))).table_id
        assert table_id is not None
        for who, action in ((people[1], "join"), (people[2], "join"), (people[0], "start")):
            table = await self.store.load(table_id)
            assert table is not None
            token = Token(table_id, table.version, action).encode()
            reply = await self.service.handle(Press(who, token, where=chat))
            assert reply.ok, reply.text
        self.players[table_id] = people
        return table_id

    async def watcher(self, table_id: int, who: Actor | None = None) -> Watcher:
        if who is None:
            self._spectators += 1
            who = Actor(PersonRef("telegram", f"9{self._spectators:07d}"), "Spectator", lang="en")
        assert self.session is not None
        origin = f"http://127.0.0.1:{self.server.port}"
        ws = await self.session.ws_connect(f"{origin}/ws", origin=origin, max_msg_size=1 << 20)
        link = self.server.sign(who.person, who.name, who.lang, table_id)
        await ws.send_json({"type": "hello", "table": table_id, "auth": {"kind": "link", "token": link}})
        watcher = Watcher(ws, table_id, self.arrivals)
        watcher.reader = asyncio.create_task(watcher.read())
        await watcher.reach(0)
        return watcher

    async def move_through_service(self, table_id: int) -> int | None:
        """The mover's first move, pressed as from their private panel; the new version (None: no move)."""
        table = await self.store.load(table_id)
        assert table is not None
        for seat, s in enumerate(table.seats):
            for screen in panel_screens(table, seat, "en") if table.status.open else []:
                tokens = [b.token for row in screen.buttons for b in row if b.token and ".m" in b.token]
                if tokens and s.person is not None:
                    reply = await self.service.handle(Press(Actor(s.person, s.name), tokens[0]))
                    return table.version + 1 if reply.ok else None
        return None


async def close_all(watchers: list[Watcher]) -> None:
    for w in watchers:
        await w.ws.close()
        if w.reader is not None:
            await asyncio.gather(w.reader, return_exceptions=True)


async def tap_latency(bench: Bench, table_ids: list[int], taps: int) -> list[float]:
    """ms from a press sent through a socket to that socket's view of the new version."""
    seated = {t: [await bench.watcher(t, who) for who in bench.players[t]] for t in table_ids}
    took: list[float] = []
    live = list(table_ids)
    while len(took) < taps and live:
        for table_id in list(live):
            movers = [w for w in seated[table_id] if w.move()]
            if not movers:  # the game is over: a new one in its place
                live.remove(table_id)
                fresh = await bench.table(len(bench.players))
                seated[fresh] = [await bench.watcher(fresh, who) for who in bench.players[fresh]]
                live.append(fresh)
                continue
            mover = movers[0]
            before, token = mover.version, mover.move()
            start = time.perf_counter()
            await mover.ws.send_json({"type": "press", "token": token})
            await mover.reach(before + 1)
            took.append((time.perf_counter() - start) * 1000)
            await asyncio.gather(*(w.reach(before + 1) for w in seated[table_id]))  # every panel up to date
            if len(took) >= taps:
                break
    await close_all([w for ws in seated.values() for w in ws])
    return took


def rss_kib() -> int:
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * resource.getpagesize() // 1024


async def fan_out(
    bench: Bench, table_ids: list[int], watchers: dict[int, list[Watcher]]
) -> tuple[list[float], list[float]]:
    """ms from a move's commit until the hub has written the new version to every socket of its
    table, and until every watcher has received it; a table at a time."""
    sent, received = [], []
    for table_id in table_ids:
        version = await bench.move_through_service(table_id)
        if version is None:
            continue
        await bench.arrivals.all(watchers[table_id], table_id, version)
        done, committed = time.perf_counter(), bench.committed[table_id, version]
        sent.append((bench.sent[table_id, version] - committed) * 1000)
        received.append((done - committed) * 1000)
    return sent, received


async def run(sockets: int, tables: int, taps: int, latency_tables: int, crowd_updates: int) -> dict[str, Any]:
    async with Bench() as bench:
        ids = [await bench.table(n) for n in range(max(tables, latency_tables))]
        figures: dict[str, Any] = {"sockets": sockets, "tables": tables}
        taps_ms = await tap_latency(bench, ids[:latency_tables], taps)
        figures["taps"] = len(taps_ms)
        figures["tap p50"], figures["tap p99"] = _p(taps_ms, 50), _p(taps_ms, 99)

        before = rss_kib()
        spread: dict[int, list[Watcher]] = {t: [] for t in ids[:tables]}
        for i in range(sockets):
            table_id = ids[i % tables]
            spread[table_id].append(await bench.watcher(table_id))
        figures["KiB per socket"] = (rss_kib() - before) / max(1, sockets)
        figures["watchers"] = sum(bench.server.hub.watchers(t) for t in ids)
        sent, received = await fan_out(bench, ids[:tables], spread)
        figures["sent p50"], figures["sent p99"] = _p(sent, 50), _p(sent, 99)
        figures["fan-out p50"], figures["fan-out p99"] = _p(received, 50), _p(received, 99)
        figures["per table"] = sockets / max(1, tables)
        await close_all([w for ws in spread.values() for w in ws])

        crowd_table = ids[-1]
        crowd = {crowd_table: [await bench.watcher(crowd_table) for _ in range(sockets)]}
        sent, received = [], []
        for _ in range(crowd_updates):
            one_sent, one_received = await fan_out(bench, [crowd_table], crowd)
            sent += one_sent
            received += one_received
        figures["crowd updates"] = len(received)
        figures["crowd sent p50"], figures["crowd sent max"] = _p(sent, 50), max(sent, default=0.0)
        figures["crowd p50"], figures["crowd max"] = _p(received, 50), max(received, default=0.0)
        await close_all(crowd[crowd_table])
        return figures


def _p(values: list[float], percent: int) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[percent - 1]


def report(f: dict[str, Any]) -> None:
    verdict = "met" if f["tap p99"] < TARGET_P99 else "MISSED"
    rows = [
        (f"tap to update ({f['taps']} taps)", "", f"{f['tap p50']:.2f} / {f['tap p99']:.2f} p99"),
        (
            f"fan-out, {f['per table']:g} watchers a table",
            f"{f['sent p50']:.2f} / {f['sent p99']:.2f} p99",
            f"{f['fan-out p50']:.2f} / {f['fan-out p99']:.2f} p99",
        ),
        (
            f"fan-out, {f['sockets']} watchers on one table",
            f"{f['crowd sent p50']:.1f} / {f['crowd sent max']:.1f} max",
            f"{f['crowd p50']:.1f} / {f['crowd max']:.1f} max",
        ),
    ]
    print("live table on loopback (memory store, text look; server and clients in one process)")
    print(f"  {'':38} {'written to all, ms':>22} {'received by all, ms':>22}")
    for name, sent, received in rows:
        print(f"  {name:38} {sent:>22} {received:>22}")
    print(f"  tap to update: target p99 < {TARGET_P99:g} ms: {verdict}")
    print(
        f"  {f['sockets']} sockets on {f['tables']} tables: {f['KiB per socket']:.1f} KiB a socket"
        " (RSS growth, both ends in this process)"
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sockets", type=int, default=1000)
    parser.add_argument("--tables", type=int, default=200)
    parser.add_argument("--taps", type=int, default=500)
    parser.add_argument("--latency-tables", type=int, default=10)
    parser.add_argument("--crowd-updates", type=int, default=10)
    args = parser.parse_args(argv)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 4 * args.sockets + 256)), hard))
    figures = asyncio.run(run(args.sockets, args.tables, args.taps, args.latency_tables, args.crowd_updates))
    report(figures)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
