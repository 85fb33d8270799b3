"""The picture cache over a scripted evening: how often a picture is drawn again, and what that saves.

`--chats` group chats (default 4) play at the same time on one fake clock, each its own list of
games in turn: `--games` rounds (default 2) of a Svolota game (3-6 seats, 1-4 of them people), a Speed game
(1-2 people) and a Racing Demon round (2-5 seats, 1-3 people), computer players of every level in
the other seats, a short pause between two games. The chats' looks go classic, four-colour, text,
classic, ...: a text chat's screens carry pictures but are not drawn. Everything is seeded
(`--seed`): the seatings, the people's pace and moves, the deals (the service's seed).

The real service (`bot.service.Service`, the memory store, the production `ServiceConfig`: turn
timers, computers' thinking, 1.5 s real-time windows) drives the tables; people play through
their panels' buttons (`Press` of a move token, in private) a few seconds after a panel offering
moves is drawn for them (Svolota: 1.5-8 s, on their turn; real time: 0.6-2.5 s, a move at random
among those on the newest panel, so some lose a race and are refused); computers, turn timers and
windows are fired by `Service.tick` as their deadlines fall due.

The notifier (a `RecordingNotifier` that keeps nothing) does what an adapter does with every
screen it receives: a screen with a picture, in a chat whose look is a deck, is rendered with
`adapters.pictures.render` through the shared `CACHE` (bounded, 256 pictures) - the board once
per redraw, each person's panel, the podium on the board and on each panel. As the Telegram
adapter does, a real-time panel redrawn between two windows (`picture_stays`) keeps the picture it
shows and is not rendered (counted apart). Each deck is warmed up first (fonts and cards drawn
once, as `adapters.pictures.screens.warm_up` does when an adapter starts) and the cache emptied.

Printed: games played, screens, pictures requested, distinct pictures, the cache's hits and
misses and its hit rate; the hit rate of an unbounded cache (requests less distinct pictures:
the upper bound) and of LRU caches of other sizes replayed over the same requests; render time
p50/p99/max of the misses per picture kind (each game's board and panel, the podium) and of the
hits; the cache's peak PNG bytes; and the uploads a Telegram adapter would make: once per distinct
PNG when it remembers file ids (adapters/chat/uploads.py); without, once per picture drawn (the
misses) if each were uploaded once when drawn, but in fact once each time a message's picture
changes (the notifier sends by upload whatever its message does not show already: the PNG cache
saves drawing, not uploading). Not modelled: the adapters' coalescing of screens a chat's pace has
no time for (fewer renders), and captions too long for a photo (sent as text).

    python -m bench.evening [--seed 1] [--chats 4] [--games 2]
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import random
import time
from collections import Counter, OrderedDict, defaultdict
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from adapters.pictures import render as pictures
from adapters.pictures.decks import DECKS
from adapters.pictures.samples import HAND
from bot.bootstrap import bootstrap
from bot.clock import FakeClock
from bot.commands import ChangeSettings, Open, Press
from bot.memory_store import MemoryStore
from bot.notifier import RecordingNotifier
from bot.people import Actor, ChatRef, PersonRef
from bot.tables import Status
from bot.tokens import Token, decode
from bot.ui.picture import DemonBoard, Picture, Podium, SpeedBoard, SvolotaBoard
from bot.ui.screen import TEXT, Screen

PLATFORM = "evening"
ROUND = ("svolota", "speed", "racing_demon")  # the games of one round, in the order a chat plays them
CHAT_LOOKS = ("classic", "four_colour", TEXT)  # chat i's look: CHAT_LOOKS[i % 3]
PEOPLE = ("Ann", "Bob", "Cy", "Dan", "Eve", "Fay", "Gus")  # each chat's regulars
LEVELS = ("easy", "normal", "hard")  # the computers' levels, one at random per seat
MOST_PEOPLE = {"svolota": 4, "speed": 2, "racing_demon": 3}  # people at a table, at most (one at least)
SVOLOTA_PAUSE = (1.5, 8.0)  # seconds a person looks at their cards before pressing, on their turn
REAL_TIME_PAUSE = (0.6, 2.5)  # seconds between a real-time person's moves
BETWEEN_GAMES = (20.0, 90.0)  # seconds a chat takes to open its next game
GAME_LIMIT = 3 * 3600.0  # a game not over after this long (virtual seconds) is cancelled
TARGET_MS = 20.0  # p99 of a board drawn (bench/pictures.py)
CACHE_SIZES = (64, 256, 1024)  # LRU sizes replayed over the evening's requests
MISS_KINDS = (
    "svolota board",
    "svolota panel",
    "speed board",
    "speed panel",
    "demon board",
    "demon panel",
    "podium",
)


def kind_of(screen: Screen) -> str:
    """The picture's kind, as the tables are printed: the game's board (the chat's) or panel (a
    person's own, with their hand or layout), or the podium."""
    picture = screen.picture
    if isinstance(picture, Podium):
        return "podium"
    game = {SvolotaBoard: "svolota", SpeedBoard: "speed", DemonBoard: "demon"}.get(type(picture), "hand")
    return f"{game} {'board' if screen.audience is None else 'panel'}"


@dataclass
class Figures:
    """What the evening's pictures cost."""

    games: Counter[str] = field(default_factory=Counter)  # finished, by game
    unfinished: int = 0  # cancelled at GAME_LIMIT
    screens: int = 0  # every screen the notifier received
    with_picture: int = 0  # ... that describe a picture
    text_look: int = 0  # ... of those, in a text chat: not drawn
    stays: int = 0  # ... of those, a real-time panel between windows: the picture shown stays
    requests: int = 0  # pictures rendered (`render` called)
    hits: int = 0
    misses: int = 0
    miss_ms: dict[str, list[float]] = field(default_factory=lambda: defaultdict(list))  # by kind
    requests_by: Counter[str] = field(default_factory=Counter)  # by kind
    hits_by: Counter[str] = field(default_factory=Counter)
    miss_cpu_ms: list[float] = field(default_factory=list)  # this process's CPU time of each miss
    hit_ms: list[float] = field(default_factory=list)
    keys: list[int] = field(default_factory=list)  # each request's picture, numbered by first sight
    distinct_pngs: int = 0
    changed: int = 0  # a message's picture changed: what the Telegram notifier uploads without file ids
    peak_bytes: int = 0  # the cache's PNG bytes at their highest
    png_bytes: list[int] = field(default_factory=list)  # each miss's PNG size
    presses: int = 0
    refused: Counter[str] = field(default_factory=Counter)  # refused presses, by game
    seconds: float = 0.0  # wall time of the evening
    virtual_hours: float = 0.0  # the fake clock's time, from the start to the last game's end

    @property
    def distinct(self) -> int:
        return len(set(self.keys))

    @property
    def hit_rate(self) -> float:
        return self.hits / self.requests if self.requests else 0.0

    @property
    def unbounded_rate(self) -> float:
        """The hit rate of a cache that forgets nothing: every picture but the first of each."""
        return (self.requests - self.distinct) / self.requests if self.requests else 0.0

    def lru_rate(self, size: int) -> float:
        """The hit rate an LRU cache of `size` pictures would have had on the same requests."""
        return lru_hits(self.keys, size) / self.requests if self.requests else 0.0


def lru_hits(keys: Iterable[int], size: int) -> int:
    cache: OrderedDict[int, None] = OrderedDict()
    hits = 0
    for key in keys:
        if key in cache:
            hits += 1
            cache.move_to_end(key)
        else:
            cache[key] = None
            if len(cache) > size:
                cache.popitem(last=False)
    return hits


class Drawing(RecordingNotifier):
    """The notifier: each screen's picture rendered as an adapter would, timed and counted; the
    screens themselves are handed to the evening (people's panels) and not kept."""

    def __init__(self, figures: Figures, evening: Evening) -> None:
        super().__init__()
        self.figures = figures
        self.evening = evening
        self._numbers: dict[tuple[Picture, str], int] = {}
        self._pngs: set[bytes] = set()
        self._shown: dict[tuple[int, PersonRef | None, str], bytes] = {}  # each message's picture's digest
        # what CACHE holds, replayed beside it (a hit moves a picture last, a miss adds it and
        # pushes out the first beyond maxsize): each picture's PNG bytes, and their sum
        self._held: OrderedDict[int, int] = OrderedDict()
        self._held_bytes = 0

    async def show(self, chat: ChatRef, screens: list[Screen]) -> None:
        for screen in screens:
            self.figures.screens += 1
            if screen.picture is not None:
                self._picture(screen)
            self.evening.seen(chat, screen)

    def _picture(self, screen: Screen) -> None:
        f = self.figures
        f.with_picture += 1
        if screen.look == TEXT:
            f.text_look += 1
            return
        if screen.picture_stays:
            f.stays += 1
            return
        assert screen.picture is not None and screen.look in DECKS
        kind = kind_of(screen)
        key = (screen.picture, screen.look)
        hits = pictures.CACHE.hits
        started, cpu = time.perf_counter(), time.process_time()
        png = pictures.render(screen.picture, screen.look)
        ms, cpu_ms = (time.perf_counter() - started) * 1000, (time.process_time() - cpu) * 1000
        f.requests += 1
        f.requests_by[kind] += 1
        number = self._numbers.setdefault(key, len(self._numbers))
        f.keys.append(number)
        hit = pictures.CACHE.hits > hits
        assert hit == (number in self._held), "the replayed cache went its own way"
        if hit:
            f.hits += 1
            f.hits_by[kind] += 1
            f.hit_ms.append(ms)
            self._held.move_to_end(number)
        else:
            f.misses += 1
            f.miss_ms[kind].append(ms)
            f.miss_cpu_ms.append(cpu_ms)
            f.png_bytes.append(len(png))
            self._held[number] = len(png)
            self._held_bytes += len(png)
            while len(self._held) > pictures.CACHE.maxsize:
                self._held_bytes -= self._held.popitem(last=False)[1]
            f.peak_bytes = max(f.peak_bytes, self._held_bytes)
        digest = hashlib.sha256(png).digest()
        self._pngs.add(digest)
        f.distinct_pngs = len(self._pngs)
        place = (screen.table_id, screen.audience, screen.slot)
        if self._shown.get(place) != digest:
            f.changed += 1
            self._shown[place] = digest


@dataclass
class Person:
    actor: Actor
    press_at: float | None = None  # when they press next (None: nothing to press)
    moves: tuple[str, ...] = ()  # the move tokens of their newest panel
    real_time: bool = False


@dataclass
class Chat:
    ref: ChatRef
    look: str
    people: list[Person]
    games: list[str]  # still to play, in order
    rng: random.Random
    table: int | None = None  # the table being played
    game: str = ""
    started: float = 0.0
    next_open: float | None = 0.0  # when the next game opens (None: playing, or done)


class Evening:
    """The chats, their people and the service, on one fake clock."""

    def __init__(self, seed: int, chats: int, games: int, looks: Sequence[str] = CHAT_LOOKS) -> None:
        self.rng = random.Random(seed)
        self.clock = FakeClock()
        self.figures = Figures()
        self.store = MemoryStore()
        self.notifier = Drawing(self.figures, self)
        self.service = bootstrap(self.store, self.notifier, self.clock, seed=seed)
        self.chats = [
            Chat(
                ChatRef(PLATFORM, f"-{100 + i}"),
                looks[i % len(looks)],
                [Person(Actor(PersonRef(PLATFORM, f"{i}-{name.lower()}"), name)) for name in PEOPLE],
                [game for _ in range(games) for game in ROUND],
                random.Random(f"{seed}:{i}"),
                next_open=self.rng.uniform(0, BETWEEN_GAMES[0]),
            )
            for i in range(chats)
        ]
        self._people = {p.actor.person: (chat, p) for chat in self.chats for p in chat.people}
        self._tables: dict[int, Chat] = {}  # table id -> its chat
        self.start = self.clock.now()

    # ----- what the notifier hands over ----------------------------------------------------

    def seen(self, chat_ref: ChatRef, screen: Screen) -> None:
        """A person's panel: the moves it offers, and when they press one; a podium: the game is over."""
        chat = self._tables.get(screen.table_id)
        if chat is None or screen.table_id != chat.table:
            return
        if screen.audience is None:
            if screen.slot == "table" and (isinstance(screen.picture, Podium) or screen.final):
                self._over(chat, finished=isinstance(screen.picture, Podium))
            return
        found = self._people.get(screen.audience)
        if found is None or screen.slot != "panel":
            return
        person = found[1]
        person.moves = tuple(b.token for row in screen.buttons for b in row if b.token and _is_move(b.token))
        if not person.moves:
            if not person.real_time:
                person.press_at = None
        elif person.press_at is None:
            low, high = REAL_TIME_PAUSE if person.real_time else SVOLOTA_PAUSE
            person.press_at = self.clock.now() + chat.rng.uniform(low, high)

    def _over(self, chat: Chat, finished: bool) -> None:
        if finished:
            self.figures.games[chat.game] += 1
        else:
            self.figures.unfinished += 1
        chat.table = None
        for person in chat.people:
            person.press_at, person.moves = None, ()
        if chat.games:
            chat.next_open = self.clock.now() + chat.rng.uniform(*BETWEEN_GAMES)

    # ----- the chats' doings ----------------------------------------------------------------

    async def setup(self) -> None:
        for chat in self.chats:
            admin = Actor(PersonRef(PLATFORM, f"{chat.ref.chat_id}-admin"), "Admin", admin=True)
            reply = await self.service.handle(ChangeSettings(chat.ref, admin, "look", chat.look))
            assert reply.ok, reply.text

    async def open_game(self, chat: Chat) -> None:
        """The chat's next game: a person opens it, others join, computers fill the rest, it starts."""
        chat.next_open = None
        chat.game = game = chat.games.pop(0)
        rng = chat.rng
        seats = {"svolota": rng.randint(3, 6), "speed": 2, "racing_demon": rng.randint(2, 5)}[game]
        people = rng.sample(chat.people, rng.randint(1, min(seats, MOST_PEOPLE[game])))
        for person in chat.people:
            person.real_time = game != "svolota"
        reply = await self.service.handle(Open(chat.ref, people[0].actor, game))
        assert reply.table_id is not None, reply.text
        chat.table, chat.started = reply.table_id, self.clock.now()
        self._tables[reply.table_id] = chat
        for person in people[1:]:
            await self._lobby(chat, person.actor, "join")
        for _ in range(seats - len(people)):
            await self._lobby(chat, people[0].actor, "add_computer", rng.choice(LEVELS))
        await self._lobby(chat, people[0].actor, "start")

    async def _lobby(self, chat: Chat, actor: Actor, action: str, arg: str = "") -> None:
        assert chat.table is not None
        table = await self.store.load(chat.table)
        assert table is not None
        if table.status is not Status.LOBBY:  # (full: it started by itself)
            return
        token = Token(table.id, table.version, action, arg).encode()
        reply = await self.service.handle(Press(actor, token, where=chat.ref))
        assert reply.ok, f"{action}: {reply.text}"

    async def press(self, chat: Chat, person: Person) -> None:
        person.press_at = None
        if not person.moves:
            return
        token = chat.rng.choice(person.moves)
        person.moves = ()
        self.figures.presses += 1
        reply = await self.service.handle(Press(person.actor, token))  # on their own panel, in private
        if not reply.ok:
            self.figures.refused[chat.game] += 1

    async def cancel_if_stuck(self, chat: Chat) -> None:
        if chat.table is not None and self.clock.now() - chat.started > GAME_LIMIT:
            table = await self.store.load(chat.table)
            assert table is not None
            token = Token(table.id, table.version, "cancel").encode()
            creator = next(p.actor for p in chat.people if p.actor.person == table.creator)
            await self.service.handle(Press(creator, token, where=chat.ref))
            if chat.table is not None:  # (the closed board was not recognised as final)
                self._over(chat, finished=False)

    # ----- the clock --------------------------------------------------------------------------

    async def run(self) -> Figures:
        await self.setup()
        started = time.perf_counter()
        while True:
            events = [c.next_open for c in self.chats if c.next_open is not None]
            events += [p.press_at for c in self.chats for p in c.people if p.press_at is not None]
            due = await self.service.firing.next_due()
            if due is not None:
                events.append(due)
            if not events:
                break
            self.clock.advance(max(0.0, min(events) - self.clock.now()))
            now = self.clock.now()
            for chat in self.chats:
                if chat.next_open is not None and chat.next_open <= now:
                    await self.open_game(chat)
                for person in chat.people:
                    if person.press_at is not None and person.press_at <= now:
                        await self.press(chat, person)
            while (due := await self.service.firing.next_due()) is not None and due <= self.clock.now():
                if not await self.service.firing.tick():
                    break  # (due, but its table resting after a failure: the clock moves on first)
            for chat in self.chats:
                await self.cancel_if_stuck(chat)
            if all(c.table is None and c.next_open is None for c in self.chats):
                break
        self.figures.seconds = time.perf_counter() - started
        self.figures.virtual_hours = (self.clock.now() - self.start) / 3600
        return self.figures


def _is_move(token: str) -> bool:
    decoded = decode(token)
    return decoded is not None and decoded.action == "move"


def warm_up() -> None:
    """Each deck's fonts and cards loaded once, then the cache emptied (as an adapter starts)."""
    for deck in DECKS:
        pictures.render(HAND, deck)
    pictures.CACHE.clear()


def evening(seed: int = 1, chats: int = 4, games: int = 2, looks: Sequence[str] = CHAT_LOOKS) -> Figures:
    """Play the evening (chat i's look `looks[i % len(looks)]`); its pictures' figures."""
    warm_up()
    return asyncio.run(Evening(seed, chats, games, looks).run())


# ----- the report ------------------------------------------------------------------------------


def percentile(values: Sequence[float], p: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))] if ordered else 0.0


def _rate(part: int, whole: int) -> str:
    return f"{part / whole:.1%}" if whole else "-"


def report(f: Figures, seed: int, chats: int, games: int) -> None:
    looks = ", ".join(CHAT_LOOKS[i % len(CHAT_LOOKS)] for i in range(chats))
    played = ", ".join(f"{f.games[g]} {g}" for g in ROUND)
    refused = ", ".join(f"{f.refused[g]} {g}" for g in ROUND)
    print(f"A scripted evening: {chats} chats ({looks}), {games} round(s) of {', '.join(ROUND)} each, seed {seed}")
    print(
        f"  games played {f.games.total()} ({played}; unfinished {f.unfinished}), "
        f"{f.virtual_hours:.1f} h of play in {f.seconds:.1f} s; people's presses {f.presses} (refused: {refused})"
    )
    print(
        f"  screens {f.screens}, with a picture {f.with_picture}: in a text chat {f.text_look}, "
        f"kept between windows {f.stays}, requested {f.requests}"
    )
    print(
        f"  pictures requested {f.requests}, distinct {f.distinct}; cache (LRU, {pictures.CACHE.maxsize}) "
        f"hits {f.hits}, misses {f.misses}: hit rate {_rate(f.hits, f.requests)}"
    )
    sizes = ", ".join(f"{size} {f.lru_rate(size):.1%}" for size in CACHE_SIZES)
    print(f"  hit rate of an unbounded cache (upper bound) {f.unbounded_rate:.1%}; LRU of {sizes}")
    mean_kb = sum(f.png_bytes) / len(f.png_bytes) / 1024 if f.png_bytes else 0.0
    print(f"  cache peak {f.peak_bytes / 1024 / 1024:.2f} MB of PNG ({mean_kb:.1f} KB a picture)")
    print(
        f"  Telegram uploads: remembering file ids {f.distinct_pngs} (distinct PNGs); without, "
        f"{f.misses} if once per miss, {f.changed} as the notifier sends (each change of a message's picture)"
    )
    print(f"{'render (ms)':<16}{'requests':>9}{'hits':>7}{'hit rate':>9}{'misses':>8}{'p50':>7}{'p99':>7}{'max':>7}")
    for kind in MISS_KINDS:
        if not f.requests_by[kind]:
            continue
        ms = f.miss_ms[kind]
        print(
            f"{kind:<16}{f.requests_by[kind]:>9}{f.hits_by[kind]:>7}{_rate(f.hits_by[kind], f.requests_by[kind]):>9}"
            f"{len(ms):>8}{percentile(ms, 50):>7.1f}{percentile(ms, 99):>7.1f}{max(ms, default=0.0):>7.1f}"
        )
    every = [ms for kind in f.miss_ms for ms in f.miss_ms[kind]]
    print(
        f"{'all misses':<16}{f.requests:>9}{f.hits:>7}{_rate(f.hits, f.requests):>9}{len(every):>8}"
        f"{percentile(every, 50):>7.1f}{percentile(every, 99):>7.1f}{max(every, default=0.0):>7.1f}"
    )
    boards = [ms for kind in f.miss_ms if kind != "podium" for ms in f.miss_ms[kind]]
    verdict = "met" if percentile(boards, 99) < TARGET_MS else "not met"
    print(
        f"{'hits':<16}{'':>9}{f.hits:>7}{'':>9}{'':>8}{percentile(f.hit_ms, 50):>7.3f}"
        f"{percentile(f.hit_ms, 99):>7.3f}{max(f.hit_ms, default=0.0):>7.3f}"
    )
    print(
        f"boards and panels drawn: p99 {percentile(boards, 99):.1f} ms (target < {TARGET_MS:.0f} ms: {verdict}); "
        f"CPU time of every miss p50 {percentile(f.miss_cpu_ms, 50):.1f} p99 {percentile(f.miss_cpu_ms, 99):.1f} ms"
    )


def main(argv: Sequence[str] | None = None) -> Figures:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seed", type=int, default=1, help="seed of the seatings, the people and the deals")
    parser.add_argument("--chats", type=int, default=4, help="group chats playing at once (default 4)")
    parser.add_argument("--games", type=int, default=2, help="rounds of Svolota, Speed and Racing Demon per chat")
    args = parser.parse_args(argv)
    figures = evening(args.seed, args.chats, args.games)
    report(figures, args.seed, args.chats, args.games)
    return figures


if __name__ == "__main__":
    main()
