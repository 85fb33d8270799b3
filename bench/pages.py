"""The player and group pages, their API and the replays, over HTTP from the bot's own web server
(adapters/web/server.py `WebServer`) on a full-size history, on SQLite and on PostgreSQL.

1. The history: `cardbot seed-history`'s builder (adapters/sql/seed.py: 10,000 finished games,
   2,000 players, 200 groups, 3 seasons by default), then `--replays` real games of each of the
   three games played to their end through the service (people of the seeded history and
   computers, on a fake clock) so that replays exist: Svolota of 3–6 seats, Speed single deals and
   one match to 50 points, Racing Demon rounds of 2–8 seats, one of 6 (the seeded games have no
   move log to replay).
2. The real `WebServer` on 127.0.0.1 (its own thread and event loop, its own store), asked with
   aiohttp by this process's main thread, one request at a time on a kept-alive connection, as
   Chrome asks (`Accept-Encoding: gzip, deflate, br, zstd`; the reader's language drawn from the 16
   catalogs). People and chats are drawn weighted by their games (the busy ones are opened most);
   every 20th request of a kind is the busiest person's or the busiest chat's. Kinds, `--requests`
   each, in one shuffled stream: the player page and its API, the group page (all time; a past
   season) and its API (all time; a past season), the replay page and its API. A replay is
   computed on the first request for a (game, language) and cached after: each visit opens the
   page and then the API (as the page's script does) — or the other way round, half of the
   visits — then both again (a reload), so *computed* is the first request of a visit and *cached*
   the three after it; the computed ones are as many as games × 16 languages allow.
3. Printed per kind: wall p50/p99/max in ms (the client's part included), the server's CPU time
   per request p50/p99 (this process's CPU time over the request less the client thread's: the
   server's loop, its database threads and aiohttp's compression threads; not PostgreSQL's own
   process), the bytes sent (median) and their encoding, and the busiest person's or chat's own
   wall p50 (with how many of theirs). The goal: p99 < 50 ms for every kind.

    python -m bench.pages [--store sqlite|postgres|both] [--games 10000] [--requests 500]
                          [--replays 12] [--profile]

`--profile` runs the server's thread under cProfile and prints its 25 most expensive functions
(cumulative) per database.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import io
import os
import pstats
import random
import statistics
import tempfile
import threading
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import aiohttp

from adapters.sql.seed import NAMES, Seeded
from adapters.sql.store import SqlStore
from adapters.web.page_links import sign_page
from adapters.web.server import WebServer
from adapters.web.settings import WebSettings
from bench.history import cpu_model, seeded_postgres, seeded_sqlite
from bench.tables import p50_p99
from bot.bootstrap import bootstrap
from bot.clock import FakeClock, SystemClock
from bot.commands import Open, Press
from bot.i18n import LANGUAGES
from bot.notifier import RecordingNotifier
from bot.pages import ChatPage, PlayerPage, ReplayPage
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import ServiceConfig
from bot.tables import Status

GOAL_P99_MS = 50.0
BOT_TOKEN = "123456:bench-pages"
BROWSER = {"Accept-Encoding": "gzip, deflate, br, zstd", "Accept": "text/html,application/json;q=0.9,*/*;q=0.8"}
BUSIEST_EVERY = 20  # every 20th request of a kind is the busiest person's or chat's
KINDS = (
    "player page",
    "player API",
    "group page, all time",
    "group page, past season",
    "group API, all time",
    "group API, past season",
    "replay page, computed",
    "replay page, cached",
    "replay API, computed",
    "replay API, cached",
)
# (game, seats, options) of the real games, in turn: each `--replays` round plays one of each game;
# the second has the long ones (a Speed match, a Racing Demon round of 6)
ROUNDS: tuple[tuple[tuple[str, int, dict[str, Any]], ...], ...] = (
    (("svolota", 3, {}), ("speed", 2, {}), ("racing_demon", 2, {})),
    (("svolota", 4, {}), ("speed", 2, {"target": 50}), ("racing_demon", 6, {})),
    (("svolota", 5, {}), ("speed", 2, {}), ("racing_demon", 4, {})),
    (("svolota", 6, {}), ("speed", 2, {}), ("racing_demon", 8, {})),
    (("svolota", 4, {}), ("speed", 2, {}), ("racing_demon", 3, {})),
)


@dataclass(frozen=True, slots=True)
class Played:
    table_id: int
    game: str
    seats: int
    moves: int


# ----- the real games -----------------------------------------------------------------------------


def actor(person: PersonRef) -> Actor:
    """A seeded person as the bot meets them: the name seed-history gave them."""
    i = int(person.user_id) - 100_000
    return Actor(person, f"{NAMES[i % len(NAMES)]} {i // len(NAMES) + 1}", lang="en")


async def play_real_games(url: str, built: Seeded, rounds: int, seed: int) -> tuple[list[Played], float]:
    """`rounds` games of each game played to their end through the service on `url`, in the busiest
    chats, by people of the seeded history (two a table, then computers; their idle seats soon get
    computer stand-ins), on a fake clock that starts a day ago. The games and the seconds it took."""
    began = time.perf_counter()
    rng = random.Random(seed)
    store = SqlStore(url)
    clock, notifier = FakeClock(time.time() - 86_400), RecordingNotifier()
    service = bootstrap(store, notifier, clock, ServiceConfig(computer_think=0.5, idle_seconds=3), seed=seed)
    chats = [c for c, _ in built.chats[:5]]
    people = [p for p, _ in built.people]
    weights = [n for _, n in built.people]
    done: list[Played] = []
    try:
        for n in range(rounds):
            for game, seats, options in ROUNDS[n % len(ROUNDS)]:
                if n >= len(ROUNDS):
                    options = {}  # (one Speed match is enough: it is the longest replay there is)
                chat = chats[len(done) % len(chats)]
                host, guest = map(actor, _two(rng, people, weights))
                table_id = (await service.handle(Open(chat, host, game, options))).table_id
                assert table_id is not None

                async def press(who: Actor, label: str, table_id: int = table_id, chat: ChatRef = chat) -> None:
                    screen = notifier.last(table_id, None, "table")
                    assert screen is not None
                    token = next(b.token for row in screen.buttons for b in row if label in b.label and b.token)
                    await service.handle(Press(who, token, where=chat))

                async def table(table_id: int = table_id) -> Any:
                    return await store.load(table_id)

                await press(guest, "Join")
                while len((await table()).seats) < seats:
                    await press(host, "+ Computer")
                if (await table()).status is Status.LOBBY:
                    await press(host, "Start")
                while (await table()).status.open:
                    due = await service.firing.next_due()
                    assert due is not None, f"{game} stopped"
                    clock.advance(max(0.0, due - clock.now()))
                    assert await service.firing.tick(), f"{game}: a due deadline could not fire"  # (not a spin)
                finished = await table()
                assert finished.status is Status.FINISHED, game
                done.append(Played(table_id, game, seats, len(await store.moves(table_id))))
                notifier.calls.clear()  # (its screens are not needed again)
                clock.advance(600)
    finally:
        await store.close()
    return done, time.perf_counter() - began


def _two(rng: random.Random, people: list[PersonRef], weights: list[int]) -> tuple[PersonRef, PersonRef]:
    while True:
        a, b = rng.choices(people, weights, k=2)
        if a != b:
            return a, b


# ----- the server, in a thread of its own -------------------------------------------------------


class Served:
    """The bot's web server over its own store of `url`, on its own thread's event loop (so that
    the client's CPU time, on the main thread, can be told from the server's)."""

    def __init__(self, url: str, profile: bool = False) -> None:
        self.url = url
        self.settings = WebSettings(listen="127.0.0.1:0")
        self.secret = self.settings.link_key(BOT_TOKEN)
        self.profiler = cProfile.Profile() if profile else None
        self.port = 0
        self._ready = threading.Event()
        self._loop: asyncio.AbstractEventLoop | None = None
        self._stop: asyncio.Event | None = None
        self._failed: BaseException | None = None
        self._thread = threading.Thread(target=self._run, name="bench-server", daemon=True)

    def __enter__(self) -> Served:
        self._thread.start()
        self._ready.wait(60)
        if self._failed is not None:
            raise RuntimeError("the server did not start") from self._failed
        return self

    def __exit__(self, *exc: object) -> None:
        if self._loop is not None and self._stop is not None:
            self._loop.call_soon_threadsafe(self._stop.set)
        self._thread.join(30)

    def _run(self) -> None:
        if self.profiler is not None:
            self.profiler.enable()
        try:
            asyncio.run(self._serve())
        except BaseException as e:  # (told to the main thread, which waits for `ready`)
            self._failed = e
            self._ready.set()
        finally:
            if self.profiler is not None:
                self.profiler.disable()

    async def _serve(self) -> None:
        self._loop, self._stop = asyncio.get_running_loop(), asyncio.Event()
        store = SqlStore(self.url)
        service = bootstrap(store, RecordingNotifier(), SystemClock(), ServiceConfig())
        server = WebServer(service, store, self.settings, BOT_TOKEN)
        await server.start()
        self.port = server.port
        self._ready.set()
        try:
            await self._stop.wait()
        finally:
            await server.stop()
            await store.close()


# ----- the traffic ------------------------------------------------------------------------------


@dataclass(slots=True)
class Request:
    kind: str
    path: str
    lang: str
    busiest: bool = False  # the busiest person's or chat's
    game: Played | None = None  # a replay's


@dataclass(slots=True)
class Figures:
    wall: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    busiest: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    computed: list[tuple[float, Played]] = field(default_factory=list)  # each computed replay's time
    cpu: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))
    sizes: dict[str, list[int]] = field(default_factory=lambda: defaultdict(list))
    encodings: dict[str, Counter[str]] = field(default_factory=lambda: defaultdict(Counter))
    failed: Counter[str] = field(default_factory=Counter)


def drawn(rng: random.Random, weighted: tuple[tuple[Any, int], ...], k: int) -> list[Any]:
    """`k` draws weighted by their games, every BUSIEST_EVERY-th the busiest."""
    picked = rng.choices([x for x, _ in weighted], [n for _, n in weighted], k=k)
    return [weighted[0][0] if i % BUSIEST_EVERY == 0 else x for i, x in enumerate(picked)]


def traffic(
    secret: bytes, built: Seeded, games: list[Played], requests: int, rng: random.Random
) -> tuple[list[list[Request]], list[Request]]:
    """The requests in the order sent (shuffled blocks: a replay's visit stays together), and the
    warm-up requests (not timed: a catalog loaded, a template compiled)."""
    expires = time.time() + 86_400
    past = built.seasons[-2] if len(built.seasons) > 1 else built.seasons[0]

    def page(ref: Any) -> str:
        return sign_page(secret, ref, expires)

    def lang() -> str:
        return rng.choice(LANGUAGES)

    blocks: list[list[Request]] = []
    top_person, top_chat = built.people[0][0], built.chats[0][0]
    for person in drawn(rng, built.people, requests):
        path = f"/page/{page(PlayerPage(person))}"
        blocks.append([Request("player page", path, lang(), person == top_person)])
    for person in drawn(rng, built.people, requests):
        path = f"/api/v1/players/{page(PlayerPage(person))}"
        blocks.append([Request("player API", path, lang(), person == top_person)])
    for kind, query in (("all time", ""), ("past season", f"?season={past}")):
        for chat in drawn(rng, built.chats, requests):
            path = f"/page/{page(ChatPage(chat))}{query}"
            blocks.append([Request(f"group page, {kind}", path, lang(), chat == top_chat)])
        for chat in drawn(rng, built.chats, requests):
            path = f"/api/v1/chats/{page(ChatPage(chat))}/leaderboard{query}"
            blocks.append([Request(f"group API, {kind}", path, lang(), chat == top_chat)])
    visits = [(g, code) for g in games for code in LANGUAGES]
    rng.shuffle(visits)
    for n, (game, reader) in enumerate(visits[: 2 * requests]):
        token = page(ReplayPage(game.table_id))
        html, data = f"/replay/{token}", f"/api/v1/games/{token}"
        first, then = (html, data) if n % 2 == 0 else (data, html)
        blocks.append(  # a visit, then the page reloaded: one block, so that the replay is still cached
            [
                Request(_replay_kind(first, "computed"), first, reader, game=game),
                Request(_replay_kind(then, "cached"), then, reader, game=game),
                Request("replay page, cached", html, reader),
                Request("replay API, cached", data, reader),
            ]
        )
    rng.shuffle(blocks)
    busiest, loudest = page(PlayerPage(built.people[0][0])), page(ChatPage(built.chats[0][0]))
    warm = [  # every page and answer once in each language (its catalog and Babel's locale data loaded)
        Request("warm", path, lang)
        for lang in LANGUAGES
        for path in (
            f"/page/{busiest}",
            f"/api/v1/players/{busiest}",
            f"/page/{loudest}",
            f"/page/{loudest}?season={past}",
            f"/api/v1/chats/{loudest}/leaderboard?season={past}",
        )
    ]
    return blocks, warm


def _replay_kind(path: str, how: str) -> str:
    return f"replay {'page' if path.startswith('/replay/') else 'API'}, {how}"


async def send(port: int, blocks: list[list[Request]], warm: list[Request]) -> Figures:
    figures = Figures()
    base = f"http://127.0.0.1:{port}"
    connector = aiohttp.TCPConnector(limit=1)  # (one kept-alive connection, as one reader's browser)
    async with aiohttp.ClientSession(base, connector=connector, auto_decompress=False) as session:

        async def get(r: Request, figures: Figures) -> None:
            headers = {**BROWSER, "Accept-Language": f"{r.lang.replace('_', '-')},en;q=0.8"}
            began, used, mine = time.perf_counter(), time.process_time(), time.thread_time()
            async with session.get(r.path, headers=headers, allow_redirects=False) as response:
                body = await response.read()
            took = time.perf_counter() - began
            server_cpu = (time.process_time() - used) - (time.thread_time() - mine)
            if response.status != 200:
                figures.failed[r.kind] += 1
                return
            figures.wall[r.kind].append(took)
            if r.busiest:
                figures.busiest[r.kind].append(took)
            if r.game is not None and r.kind.endswith("computed"):
                figures.computed.append((took, r.game))
            figures.cpu[r.kind].append(max(0.0, server_cpu))
            figures.sizes[r.kind].append(len(body))
            figures.encodings[r.kind][response.headers.get("Content-Encoding", "identity")] += 1

        for r in warm:
            await get(r, Figures())
        for block in blocks:
            for r in block:
                await get(r, figures)
    return figures


# ----- the report -------------------------------------------------------------------------------


def report(kind: str, url: str, built: Seeded, args: argparse.Namespace) -> Figures:
    print(
        f"{kind}: seeded {built.games:,} games of {len(built.people):,} people in {len(built.chats):,} chats, "
        f"seasons {', '.join(built.seasons)}, in {built.seconds:.1f} s"
    )
    games, seconds = asyncio.run(play_real_games(url, built, args.replays, args.seed))
    by_game = Counter(g.game for g in games)
    longest = max(games, key=lambda g: g.moves)
    print(
        f"  played {len(games)} real games ({', '.join(f'{g} {n}' for g, n in by_game.items())}; the longest "
        f"{longest.game} x{longest.seats}, {longest.moves:,} moves) in {seconds:.1f} s"
    )
    with Served(url, args.profile) as served:
        blocks, warm = traffic(served.secret, built, games, args.requests, random.Random(args.seed))
        began = time.perf_counter()
        figures = asyncio.run(send(served.port, blocks, warm))
        took = time.perf_counter() - began
    total = sum(len(v) for v in figures.wall.values())
    print(f"  {total:,} requests in {took:.1f} s, one at a time, over HTTP to 127.0.0.1")
    print(
        f"  {'':<26} {'requests':>8} {'p50 ms':>7} {'p99 ms':>7} {'max ms':>7}   "
        f"{'cpu p50':>7} {'cpu p99':>7}   {'KB sent':>7} {'encoding':<9} {'busiest p50':>11}"
    )
    for name in KINDS:
        wall = figures.wall.get(name, [])
        if not wall:
            print(f"  {name:<26} {0:>8}   (none: no real games?)")
            continue
        p50, p99 = p50_p99(wall)
        c50, c99 = p50_p99(figures.cpu[name])
        size = statistics.median(figures.sizes[name]) / 1024
        coding = "/".join(figures.encodings[name])
        top = figures.busiest.get(name)
        busiest = f"{statistics.median(top) * 1000:7.2f} ({len(top)})" if top else ""
        verdict = "ok" if p99 < GOAL_P99_MS else f"over the {GOAL_P99_MS:.0f} ms goal"
        print(
            f"  {name:<26} {len(wall):>8} {p50:7.2f} {p99:7.2f} {max(wall) * 1000:7.1f}   "
            f"{c50:7.2f} {c99:7.2f}   {size:7.1f} {coding:<9} {busiest:>11} {verdict}"
        )
    slowest: dict[int, tuple[float, Played]] = {}
    for took, game in figures.computed:  # (each game's slowest, in any language)
        slowest[game.table_id] = max(slowest.get(game.table_id, (0.0, game)), (took, game), key=lambda x: x[0])
    worst = sorted(slowest.values(), key=lambda x: -x[0])[:4]
    print(
        "  the slowest replays to compute: "
        + "; ".join(f"{g.game} x{g.seats}, {g.moves:,} moves: {took * 1000:.0f} ms" for took, g in worst)
    )
    if figures.failed:
        print(f"  not 200: {dict(figures.failed)}")
    if served.profiler is not None:
        out = io.StringIO()
        pstats.Stats(served.profiler, stream=out).sort_stats("cumulative").print_stats(25)
        print(out.getvalue())
    return figures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.pages", description=__doc__.split("\n\n")[0])
    parser.add_argument("--store", default="both", choices=["sqlite", "postgres", "both"])
    parser.add_argument("--games", type=int, default=10_000)
    parser.add_argument("--players", type=int, default=2_000)
    parser.add_argument("--groups", type=int, default=200)
    parser.add_argument("--seasons", type=int, default=3)
    parser.add_argument("--requests", type=int, default=500, help="requests of each kind")
    parser.add_argument("--replays", type=int, default=12, help="real games played of each game")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--profile", action="store_true", help="cProfile the server's thread")
    args = parser.parse_args(argv)
    print(f"machine: {os.cpu_count()} cores, {cpu_model()}")
    failed = False
    if args.store in ("sqlite", "both"):
        with tempfile.TemporaryDirectory(prefix="cardbot-pages-") as folder:
            url, built = seeded_sqlite(Path(folder), args)
            failed |= bool(report("sqlite", url, built, args).failed)
    if args.store in ("postgres", "both"):
        made = seeded_postgres(args)
        if made is not None:
            failed |= bool(report("postgresql", *made, args).failed)
            from tests import postgres

            postgres.drop_made()
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
