"""The Telegram bot through the real python-telegram-bot stack, against the fake Bot API server of the
tests (tests/adapters/telegram/fake_api.py) on 127.0.0.1, in one process and one event loop.

1. Latency of one move. Svolota tables of three people, each table in a group of its own; the
   person to act presses the first move on their private panel (a callback query). Timed from the
   press (the update queued in the fake, while the bot's getUpdates long poll is waiting) until the
   fake receives the bot's answerCallbackQuery for it (what the person feels), and until the
   edits of the group's board and of the presser's panel arrive (with pictures on, the chat's
   default: `editMessageMedia`, the picture drawn and uploaded, or `editMessageCaption`). In the same run, on the
   same server, a no-op python-telegram-bot Application (a CallbackQueryHandler that only answers)
   gets the same presses; the two take turns in rounds. The adapter's pacing is lifted here (it is
   deliberate waiting, measured in part 2); the store is a SQLite file, the service's clock a fake
   one that does not move (no timers fire).
2. Group messages per minute in fast games: a 6-player Svolota table and an 8-player Racing Demon
   table of computers (the person who opened the table leaves at once and a computer takes the
   seat; two more people watch), on the scenario tests' fast settings. Time runs `--scale` times
   faster than real time for the game clock and for the adapter's pacing alike, so a minute of game
   time is 60/scale real seconds. Counts the messages sent and edited in the group, against
   Telegram's 20 a minute per group.

    python -m bench.telegram [--moves 300] [--tables 4] [--rounds 3] [--scale 20] [--minutes 10]
"""

from __future__ import annotations

import argparse
import asyncio
import importlib
import math
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from telegram import Update
from telegram.ext import Application, CallbackQueryHandler, ContextTypes

from adapters.chat.records import read_note
from adapters.sql.startup import open_store
from adapters.sql.store import SqlStore
from adapters.telegram.app import UPDATES, TelegramBot
from adapters.telegram.settings import TelegramSettings
from bot.clock import FakeClock
from bot.commands import Command, Press
from bot.people import ChatRef
from bot.service import Service
from bot.settings import ServiceConfig
from bot.tables import Status
from bot.tokens import decode
from bot.ui.screen import Reply, Screen
from tests.adapters.telegram.world import Chat, Message, User

# The fake server lives with the tests and is type-checked with them, not by `mypy bench`: loaded untyped.
fake_api: Any = importlib.import_module("tests.adapters.telegram.fake_api")
FakeBotApi: Any = fake_api.FakeBotApi
Api: TypeAlias = Any  # a FakeBotApi
Request: TypeAlias = Any  # one request the fake recorded (fake_api.Request)

GROUP_LIMIT = 20  # Telegram: messages (edits count) per minute in one group
FAST = ServiceConfig(window_seconds=1.5, computer_think=0.2)  # as test_a_fast_game_stays_within_the_group_limit
UNPACED = {"minute": 1e-3, "private_per_second": 1e6, "overall_per_second": 1e6}  # part 1: no waiting
COMMANDS = {"svolota": "/svolota", "speed": "/speed", "racing_demon": "/demon"}
WRITES = (*fake_api.SENDS, *fake_api.EDITS)  # a board's messages and edits, text or photo


# --- shared --------------------------------------------------------------------------------------


def make_bot(api: Api, folder: Path, clock: FakeClock, config: ServiceConfig, **settings: Any) -> TelegramBot:
    """The adapter as `cardbot telegram` builds it, on a new migrated SQLite file, pointed at the fake."""
    store = open_store(f"sqlite:///{folder / f'telegram-{time.monotonic_ns()}.db'}")
    values = {"bot_token": api.token, "api_url": api.root_url, **settings}
    return TelegramBot(TelegramSettings(**values), store, store.records, clock, config, seed=7, poll_timeout=10)


async def close_bot(tg: TelegramBot) -> None:
    await tg.stop()
    store = tg.store
    if isinstance(store, SqlStore):
        await store.close()


def table_of(message: Message) -> int:
    tokens = [decode(b.get("callback_data", "")) for row in message.buttons for b in row]
    return next(t.table_id for t in tokens if t is not None)


def moves_on(message: Message) -> list[str]:
    data = [b["callback_data"] for row in message.buttons for b in row if "callback_data" in b]
    return [d for d in data if (t := decode(d)) is not None and t.action == "move"]


async def drawn(
    api: Api, tg: TelegramBot, chat: Chat, table_id: int, audience: str = "", slot: str = "table"
) -> Message:
    """The message a table's screen is drawn in (its board, or a person's panel)."""
    message_id, _ = read_note(await tg.records.message_id(table_id, audience, slot))
    found: list[Message] = [m for m in api.messages(chat, from_bot=True) if m.message_id == message_id]
    if not found:
        raise LookupError(f"no message for table {table_id} ({audience!r}, {slot}) in {chat}")
    return found[0]


async def press_and_settle(api: Api, tg: TelegramBot, user: User, message: Message, text: str) -> None:
    """Press a button by its label, wait for the answer and for every screen it caused to be drawn."""
    query = api.press(user, message, text=text)
    await api.wait_for(lambda: api.answers_to(query), timeout=10, what=f"the {text!r} press to be answered")
    await tg.notifier.idle()


def percentile(values: list[float], q: float) -> float:
    """Nearest rank; 0 for no values."""
    if not values:
        return 0.0
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


# --- 1. latency of one move ----------------------------------------------------------------------


@dataclass
class Latency:
    noop_handler: list[float] = field(default_factory=list)  # press -> the no-op handler called
    noop_answer: list[float] = field(default_factory=list)  # press -> its answerCallbackQuery at the fake
    handler: list[float] = field(default_factory=list)  # press -> the bot's Service.handle called
    handle: list[float] = field(default_factory=list)  # Service.handle itself (load, apply, save, commit, queue)
    answer: list[float] = field(default_factory=list)  # press -> the bot's answerCallbackQuery at the fake
    board: list[float] = field(default_factory=list)  # press -> the board's edit at the fake
    panel: list[float] = field(default_factory=list)  # press -> the presser's panel's edit at the fake
    games: int = 0  # Svolota games opened for the presses
    refused: int = 0  # presses the bot answered with a refusal (should stay 0)


Calls = list[tuple[float, float]]  # (called, returned), time.monotonic()


@dataclass
class Place:
    group: Chat
    people: list[User]
    table_id: int = 0


def _last_poll(api: Api) -> Request | None:
    for r in reversed(api.requests):
        if r.method == "getUpdates":
            return r
    return None


async def poll_waiting(api: Api, since: float) -> None:
    """Until the bot's latest getUpdates, made after `since`, is waiting: a press is then delivered
    as soon as it is queued, never after a poll interval."""

    def waiting() -> bool:
        r = _last_poll(api)
        return r is not None and r.time >= since and r.status == 0

    await api.wait_for(waiting, timeout=15, what="a waiting long poll")


def _request_after(api: Api, start: int, match: Callable[[Request], bool]) -> Request | None:
    return next((r for r in api.requests[start:] if match(r)), None)


def _edit_in(request: Request, chat_id: int) -> bool:
    return bool(request.method in fake_api.EDITS and request.params.get("chat_id") == chat_id)


async def open_table(api: Api, tg: TelegramBot, place: Place) -> None:
    """/svolota in the place's group, the others join, the first starts."""
    creator, *others = place.people
    api.send_text(creator, place.group, "/svolota")
    lobby = await api.next_message(place.group, timeout=10)
    place.table_id = table_of(lobby)
    await api.wait_for(lambda: not api.pending_updates, timeout=10)
    await tg.notifier.idle()
    for person in others:
        await press_and_settle(api, tg, person, await drawn(api, tg, place.group, place.table_id), "Join")
    await press_and_settle(api, tg, creator, await drawn(api, tg, place.group, place.table_id), "Start")
    table = await tg.store.load(place.table_id)
    assert table is not None and table.status is Status.PLAYING, "the Svolota table did not start"


async def to_act(api: Api, tg: TelegramBot, place: Place) -> tuple[User, Message, str]:
    """The person whose panel has moves, their panel and its first move."""
    for person in place.people:
        panel = await drawn(api, tg, api.private_chat(person), place.table_id, str(person.id), "panel")
        moves = moves_on(panel)
        if moves:
            return person, panel, moves[0]
    raise LookupError(f"nobody has a move at table {place.table_id}")


async def bot_press(api: Api, tg: TelegramBot, place: Place, calls: Calls, figures: Latency | None) -> None:
    """The person to act presses a move; the times to the answer, the board edit and their panel
    edit go into `figures` (None: a warm-up press). A finished game is replaced by a new one."""
    person, panel, move = await to_act(api, tg, place)
    await poll_waiting(api, 0.0)
    start, handled = len(api.requests), len(calls)
    pressed = time.monotonic()
    query = api.press(person, panel, move)
    answer = await api.wait_for(lambda: api.answers_to(query), timeout=10, what="the move to be answered")
    await tg.notifier.idle()  # the writers were queued before the answer: every edit has landed now
    answered = _request_after(
        api, start, lambda r: r.method == "answerCallbackQuery" and str(r.params.get("callback_query_id")) == query
    )
    board = _request_after(api, start, lambda r: _edit_in(r, place.group.id))
    own = _request_after(api, start, lambda r: _edit_in(r, person.id))
    assert answered is not None and board is not None, "a move was not answered and drawn"
    assert len(calls) == handled + 1, "the press did not reach the service once"
    if figures is not None:
        called, returned = calls[-1]
        figures.handler.append(called - pressed)
        figures.handle.append(returned - called)
        figures.answer.append(answered.time - pressed)
        figures.board.append(board.time - pressed)
        if own is not None:  # none after the last move of a game: the result has no panels
            figures.panel.append(own.time - pressed)
        figures.refused += bool(answer.get("text"))
    table = await tg.store.load(place.table_id)
    if table is None or table.status is not Status.PLAYING:
        await open_table(api, tg, place)
        if figures is not None:
            figures.games += 1


async def noop_press(api: Api, tg: TelegramBot, place: Place, calls: Calls, figures: Latency | None) -> None:
    """The same press, to the no-op Application (it answers; nothing changes)."""
    person, panel, move = await to_act(api, tg, place)
    await poll_waiting(api, 0.0)
    start, handled = len(api.requests), len(calls)
    pressed = time.monotonic()
    query = api.press(person, panel, move)
    await api.wait_for(lambda: api.answers_to(query), timeout=10, what="the no-op answer")
    answered = _request_after(
        api, start, lambda r: r.method == "answerCallbackQuery" and str(r.params.get("callback_query_id")) == query
    )
    assert answered is not None and len(calls) == handled + 1
    if figures is not None:
        figures.noop_handler.append(calls[-1][0] - pressed)
        figures.noop_answer.append(answered.time - pressed)


def noop_application(api: Api, calls: Calls) -> Application[Any, Any, Any, Any, Any, Any]:
    async def answer_only(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        calls.append((time.monotonic(), 0.0))
        if update.callback_query is not None:
            await update.callback_query.answer()

    app: Application[Any, Any, Any, Any, Any, Any] = api.application_builder().build()
    app.add_handler(CallbackQueryHandler(answer_only))
    return app


async def move_latency(folder: Path, moves: int = 300, tables: int = 4, rounds: int = 3, warmup: int = 10) -> Latency:
    """`moves` presses for each of the bot and the no-op handler, in `rounds` turns each."""
    figures = Latency()
    api = FakeBotApi(spec=False)  # the fake checks nothing per request: its own cost stays small
    await api.start()
    tg = make_bot(api, folder, FakeClock(), ServiceConfig(), **UNPACED)
    bot_calls: Calls = []
    noop_calls: Calls = []
    noop = noop_application(api, noop_calls)
    handle = tg.service.handle

    async def timed(command: Command) -> Reply:  # Presses calls service.handle: when, and how long
        called = time.monotonic()
        try:
            return await handle(command)
        finally:
            if isinstance(command, Press):
                bot_calls.append((called, time.monotonic()))

    tg.service.handle = timed  # type: ignore[method-assign]
    try:
        places = []
        for i in range(tables):
            people = [api.add_user(f"P{i}{k}", language_code="en", started=True) for k in range(3)]
            places.append(Place(api.add_group(f"Table {i}", people), people))
        await tg.start()
        for place in places:
            await open_table(api, tg, place)
        await noop.initialize()
        await noop.start()
        updaters = {"bot": tg.application.updater, "noop": noop.updater}
        polling = "bot"

        async def switch(to: str) -> None:
            nonlocal polling
            if polling == to:
                return
            old, new = updaters[polling], updaters[to]
            assert old is not None and new is not None
            await old.stop()  # confirms what it fetched (a last getUpdates with the offset)
            await new.start_polling(poll_interval=0, timeout=10, allowed_updates=UPDATES)
            await poll_waiting(api, time.monotonic())
            polling = to

        per_round = [moves // rounds + (r < moves % rounds) for r in range(rounds)]
        count = 0
        for r, n in enumerate(per_round):
            for who in ("noop", "bot") if r % 2 == 0 else ("bot", "noop"):
                await switch(who)
                press, calls = (bot_press, bot_calls) if who == "bot" else (noop_press, noop_calls)
                for _ in range(warmup if r == 0 else 0):
                    await press(api, tg, places[count % tables], calls, None)
                    count += 1
                for _ in range(n):
                    await press(api, tg, places[count % tables], calls, figures)
                    count += 1
        await switch("bot")
        await noop.stop()
        await noop.shutdown()
    finally:
        await close_bot(tg)
        await api.stop()
    return figures


def report_latency(figures: Latency, moves: int, tables: int, rounds: int) -> None:
    def ms(values: list[float], q: float) -> float:
        return percentile(values, q) * 1000

    print(
        f"move latency, real PTB stack against the fake Bot API on 127.0.0.1 (long polling): {moves} presses each, "
        f"{tables} Svolota tables of 3 people, {rounds} rounds"
    )
    print(f"  {'measured from the press (update queued) to':48} {'presses':>7} {'p50 ms':>8} {'p99 ms':>8}")
    rows = [
        ("no-op PTB handler: the handler called", figures.noop_handler),
        ("no-op PTB handler: its answerCallbackQuery", figures.noop_answer),
        ("bot: Service.handle called", figures.handler),
        ("bot: Service.handle itself (not from the press)", figures.handle),
        ("bot: its answerCallbackQuery (what one feels)", figures.answer),
        ("bot: the board's edit in the group", figures.board),
        ("bot: the presser's panel's edit", figures.panel),
    ]
    for label, values in rows:
        print(f"  {label:48} {len(values):7d} {ms(values, 50):8.2f} {ms(values, 99):8.2f}")
    noop50, noop99 = ms(figures.noop_answer, 50), ms(figures.noop_answer, 99)
    r50 = ms(figures.answer, 50) / noop50 if noop50 else math.inf
    r99 = ms(figures.answer, 99) / noop99 if noop99 else math.inf
    verdict = "meets" if r50 <= 1.5 else "above"
    print(f"  bot / no-op (answer): p50 {r50:.2f}x  p99 {r99:.2f}x  ({verdict} the 1.5x target at p50)")
    print(f"  games opened along the way: {figures.games}  refused presses: {figures.refused}")


# --- 2. group messages per minute in fast games ----------------------------------------------------


@dataclass
class Pace:
    game: str
    players: int
    scale: float
    minutes: float = 0.0  # game time from the first command to the last write in the group
    writes: list[float] = field(default_factory=list)  # game seconds since the first command, per group write
    sent: int = 0
    edited: int = 0
    asked: int = 0  # board screens the service asked to draw in the group
    games: int = 0  # games played to the end
    cut: bool = False  # the last game was stopped by max_minutes

    @property
    def busiest(self) -> int:
        """The most writes within any 60 s of game time (windows starting at each write)."""
        return max((sum(1 for w in self.writes if start <= w < start + 60) for start in self.writes), default=0)

    @property
    def per_minute(self) -> list[int]:
        """Writes in each whole minute of game time (0:00-1:00, 1:00-2:00, ...)."""
        buckets = [0] * (int(self.minutes) + 1)
        for w in self.writes:
            buckets[int(w // 60)] += 1
        return buckets

    @property
    def mean(self) -> float:
        return len(self.writes) / max(self.minutes, 1.0)


async def run_clock(service: Service, clock: FakeClock, scale: float, stop: asyncio.Event) -> None:
    """Game time at `scale` times real time; deadlines fire at their due time, as the scheduler would."""
    real0, game0 = time.monotonic(), clock.now()
    while not stop.is_set():
        target = game0 + (time.monotonic() - real0) * scale
        while (due := await service.firing.next_due()) is not None and due <= target:
            clock.advance(max(0.0, due - clock.now()))
            await service.firing.tick()
        clock.advance(max(0.0, target - clock.now()))
        await asyncio.sleep(0.002)


async def one_game(api: Api, tg: TelegramBot, opener: User, group: Chat, game: str, players: int) -> int:
    """The opener opens a table, adds computers, starts it and leaves (a computer takes the seat)."""
    api.send_text(opener, group, COMMANDS[game])
    table_id = table_of(await api.next_message(group, timeout=10))
    await api.wait_for(lambda: not api.pending_updates, timeout=10)
    await tg.notifier.idle()
    for _ in range(players - 1):
        await press_and_settle(api, tg, opener, await drawn(api, tg, group, table_id), "+ Computer")
    table = await tg.store.load(table_id)
    if table is not None and table.status is Status.LOBBY:
        await press_and_settle(api, tg, opener, await drawn(api, tg, group, table_id), "Start")
    panel = await drawn(api, tg, api.private_chat(opener), table_id, str(opener.id), "panel")
    await press_and_settle(api, tg, opener, panel, "Leave")
    return table_id


async def group_pace(
    folder: Path, game: str, players: int, scale: float = 20.0, minutes: float = 10.0, max_minutes: float = 30.0
) -> Pace:
    """Fast games of `players` computers, one after another in one group until `minutes` of game time
    have passed (the last one played to its end, or cut at `max_minutes`); the group's writes timed."""
    pace = Pace(game, players, scale)
    api = FakeBotApi(spec=False)
    await api.start()
    opener = api.add_user("Alice", username="alice_w", started=True)
    watchers = [api.add_user(name, started=True) for name in ("Bob", "Carol")]
    group = api.add_group("Fast table", [opener, *watchers])
    clock = FakeClock()
    tg = make_bot(api, folder, clock, FAST, minute=60 / scale, private_per_second=scale, overall_per_second=30 * scale)
    show = tg.notifier.show

    async def counted(chat: ChatRef, screens: list[Screen]) -> None:
        pace.asked += sum(1 for s in screens if s.audience is None and chat.chat_id == str(group.id))
        await show(chat, screens)

    tg.notifier.show = counted  # type: ignore[method-assign]
    stop = asyncio.Event()
    ticking: asyncio.Task[None] | None = None

    def elapsed() -> float:  # game seconds since the first command
        return (time.monotonic() - started) * scale

    try:
        await tg.start()
        started = time.monotonic()
        ticking = asyncio.create_task(run_clock(tg.service, clock, scale, stop))
        while elapsed() < minutes * 60 and not pace.cut:
            table_id = await one_game(api, tg, opener, group, game, players)
            while True:
                table = await tg.store.load(table_id)
                if table is None or table.status is not Status.PLAYING:
                    pace.games += 1
                    break
                if elapsed() >= max_minutes * 60:
                    pace.cut = True
                    break
                await asyncio.sleep(0.05)
            await tg.notifier.idle()
        stop.set()
        await ticking
        writes = [r for r in api.calls(chat=group) if r.method in WRITES]
        pace.writes = [(r.time - started) * scale for r in writes]
        pace.sent = sum(1 for r in writes if r.method in fake_api.SENDS)
        pace.edited = len(writes) - pace.sent
        pace.minutes = max(pace.writes, default=0.0) / 60
    finally:
        stop.set()
        if ticking is not None and not ticking.done():
            ticking.cancel()
        await close_bot(tg)
        await api.stop()
    return pace


def report_pace(paces: list[Pace]) -> None:
    print(
        f"group writes (messages sent and edited in the group) per minute of game time: fast games of "
        f"computers back to back, the adapter's pacing ({GROUP_LIMIT}/min per group, burst 5), time x{paces[0].scale:g}"
    )
    print(
        f"  {'game':14} {'players':>7} {'games':>5} {'minutes':>7} {'writes':>6} {'sent':>4} {'edits':>5} "
        f"{'busiest':>7} {'mean/min':>8} {'asked/min':>9}  limit"
    )
    for p in paces:
        verdict = f"within {GROUP_LIMIT}/min" if p.busiest <= GROUP_LIMIT else f"OVER {GROUP_LIMIT}/min"
        asked = p.asked / max(p.minutes, 1.0)
        cut = "  (the last game cut)" if p.cut else ""
        print(
            f"  {p.game:14} {p.players:7d} {p.games:5d} {p.minutes:7.1f} {len(p.writes):6d} {p.sent:4d} "
            f"{p.edited:5d} {p.busiest:7d} {p.mean:8.1f} {asked:9.1f}  {verdict}{cut}"
        )
        print(f"  {'':14} in each whole minute: {' '.join(str(b) for b in p.per_minute)}")
    print(
        "  busiest: the most writes in any 60 s of game time; asked/min: board redraws the service asked for "
        "(the notifier coalesced the rest)"
    )


# --- main ----------------------------------------------------------------------------------------


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=300, help="measured presses for each of the bot and the no-op")
    parser.add_argument("--tables", type=int, default=4, help="Svolota tables the presses go round")
    parser.add_argument("--rounds", type=int, default=3, help="turns the bot and the no-op handler take")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured presses before each one's first round")
    parser.add_argument("--scale", type=float, default=20.0, help="game time and pacing run this much faster")
    parser.add_argument("--minutes", type=float, default=10.0, help="game time of back-to-back fast games per table")
    parser.add_argument("--max-minutes", type=float, default=30.0, help="cut the games after this much game time")
    parser.add_argument("--part", default="both", choices=["latency", "pace", "both"])
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        if args.part in ("latency", "both"):
            figures = asyncio.run(move_latency(Path(folder), args.moves, args.tables, args.rounds, args.warmup))
            report_latency(figures, args.moves, args.tables, args.rounds)
        if args.part in ("pace", "both"):
            paces = [
                asyncio.run(group_pace(Path(folder), game, players, args.scale, args.minutes, args.max_minutes))
                for game, players in (("svolota", 6), ("racing_demon", 8))
            ]
            report_pace(paces)


if __name__ == "__main__":
    main()
