"""The Telegram bot through the real python-telegram-bot stack, against the fake Bot API server of the
tests (tests/adapters/telegram/fake_api.py) on 127.0.0.1.

1. Latency of one move, against a no-op handler. The fake and the people pressing run in a process
   of their own (bench/telegram_presses.py; bench/channel.py), the bot in this one, as a real bot
   and Telegram do: Svolota tables of three people, each table in a group of its own; the person
   to act presses the first move on their private panel (a callback query). Timed from the press
   (the update queued in the fake while the bot's getUpdates long poll is waiting there: the fake
   answers it at once, as Telegram does, so no poll interval is in the time) until the fake
   receives the bot's answerCallbackQuery for it (what the person feels), and until the edits of
   the group's board and of the presser's panel arrive (with pictures on, the chat's default:
   `editMessageMedia`, the picture drawn and uploaded, or `editMessageCaption`). In the same run,
   on the same fake, a no-op python-telegram-bot Application (a CallbackQueryHandler that only
   answers) gets the same presses; the long poll goes to one or the other in turns (rounds). The
   adapter's pacing is lifted here (it is deliberate waiting, measured in part 2); the store is a
   SQLite file in a temporary folder, the service's clock a fake one that does not move (no timers
   fire).
2. Group messages per minute in fast games (one process): a 6-player Svolota table and an 8-player
   Racing Demon table of computers (the person who opened the table leaves at once and a computer
   takes the seat; two more people watch), on the scenario tests' fast settings. Time runs `--scale`
   times faster than real time for the game clock and for the adapter's pacing alike, so a minute
   of game time is 60/scale real seconds. Counts the messages sent and edited in the group, against
   Telegram's 20 a minute per group.

    python -m bench.telegram [--moves 300] [--tables 4] [--rounds 3] [--look classic|text] [--scale 20] [--minutes 10]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import importlib
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeAlias

from telegram import Update
from telegram.ext import Application, ApplicationBuilder, CallbackQueryHandler, ContextTypes

from adapters.chat.records import read_note
from adapters.sql.startup import open_store
from adapters.sql.store import SqlStore
from adapters.telegram.app import UPDATES, TelegramBot
from adapters.telegram.identities import PLATFORM
from adapters.telegram.settings import TelegramSettings
from bench import telegram_presses
from bench.channel import start_child, stop_child
from bench.press_figures import BOT, NOOP, PressFigures, report
from bench.telegram_presses import STARTED
from bot.clock import FakeClock
from bot.commands import Command, Press
from bot.people import ChatRef
from bot.service import Service
from bot.settings import ChatSettings, ServiceConfig
from bot.tables import Status
from bot.tokens import decode
from bot.ui.screen import Reply, Screen
from tests.adapters.telegram.world import Chat, Message, User

# The fake server lives with the tests and is type-checked with them, not by `mypy bench`: loaded untyped.
fake_api: Any = importlib.import_module("tests.adapters.telegram.fake_api")
FakeBotApi: Any = fake_api.FakeBotApi
Api: TypeAlias = Any  # a FakeBotApi

GROUP_LIMIT = 20  # Telegram: messages (edits count) per minute in one group
FAST = ServiceConfig(window_seconds=1.5, computer_think=0.2)  # as test_a_fast_game_stays_within_the_group_limit
UNPACED = {"minute": 1e-3, "private_per_second": 1e6, "overall_per_second": 1e6}  # part 1: no waiting
COMMANDS = {"svolota": "/svolota", "speed": "/speed", "racing_demon": "/demon"}
WRITES = (*fake_api.SENDS, *fake_api.EDITS)  # a board's messages and edits, text or photo


# --- shared --------------------------------------------------------------------------------------


def make_bot(
    token: str,
    root_url: str,
    folder: Path,
    clock: FakeClock,
    config: ServiceConfig,
    poll_timeout: int = 10,
    **settings: Any,
) -> TelegramBot:
    """The adapter as `cardbot telegram` builds it, on a new migrated SQLite file, pointed at the fake;
    without setting the command menu (64 requests beside the first presses: the bench times presses)."""
    store = open_store(f"sqlite:///{folder / f'telegram-{time.monotonic_ns()}.db'}")
    values = {"bot_token": token, "api_url": root_url, "set_menu": False, **settings}
    settings_ = TelegramSettings(**values)
    return TelegramBot(settings_, store, store.records, clock, config, seed=7, poll_timeout=poll_timeout)


async def close_bot(tg: TelegramBot) -> None:
    await tg.stop()
    store = tg.store
    if isinstance(store, SqlStore):
        await store.close()


def table_of(message: Message) -> int:
    tokens = [decode(b.get("callback_data", "")) for row in message.buttons for b in row]
    return next(t.table_id for t in tokens if t is not None)


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
    await settled(tg)


async def settled(tg: TelegramBot) -> None:
    """Every update the bot took handled, and every screen drawn. (A move is answered once it is
    committed, before its table is redrawn: adapters/telegram/presses.py. Answered is not drawn.)"""
    processor = tg.application.update_processor
    while processor.current_concurrent_updates or not tg.application.update_queue.empty():
        await asyncio.sleep(0.001)
    await tg.notifier.idle()


# --- 1. latency of one move ----------------------------------------------------------------------


Calls = list[tuple[float, float]]  # (called, returned), time.monotonic()


def noop_application(token: str, root_url: str, calls: Calls) -> Application[Any, Any, Any, Any, Any, Any]:
    async def answer_only(update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        calls.append((time.monotonic(), 0.0))
        if update.callback_query is not None:
            await update.callback_query.answer()

    builder = ApplicationBuilder().token(token).base_url(f"{root_url}/bot").base_file_url(f"{root_url}/file/bot")
    app: Application[Any, Any, Any, Any, Any, Any] = builder.build()
    app.add_handler(CallbackQueryHandler(answer_only))
    return app


async def move_latency(
    folder: Path,
    moves: int = 300,
    tables: int = 4,
    rounds: int = 3,
    warmup: int = 10,
    look: str = "classic",
    poll_timeout: int = 10,
) -> PressFigures:
    """`moves` presses for each of the bot and the no-op handler, in `rounds` turns each; the fake
    and the people pressing in a child process (bench/telegram_presses.py), the bot in this one.
    `look`: the groups' (classic: pictures, the default; text: none). `poll_timeout`: the long
    poll's; switching between the bot and the no-op waits for the pending one to end (a smoke run
    passes 1)."""
    process, child = start_child(telegram_presses.run, moves, tables, rounds, warmup)
    tg: TelegramBot | None = None
    noop: Application[Any, Any, Any, Any, Any, Any] | None = None
    try:
        _, root_url, token, groups = await child.receive()
        tg = make_bot(token, root_url, folder, FakeClock(), ServiceConfig(), poll_timeout, **UNPACED)
        for group in groups:
            await tg.service.chats.save(ChatRef(PLATFORM, str(group)), ChatSettings(look=look))
        calls: dict[str, Calls] = {BOT: [], NOOP: []}
        handle = tg.service.handle

        async def timed(command: Command) -> Reply:  # Presses calls service.handle: when, and how long
            called = time.monotonic()
            try:
                return await handle(command)
            finally:
                if isinstance(command, Press):
                    calls[BOT].append((called, time.monotonic()))

        tg.service.handle = timed  # type: ignore[method-assign]
        noop = noop_application(token, root_url, calls[NOOP])
        await tg.start()
        await noop.initialize()
        await noop.start()
        updaters = {BOT: tg.application.updater, NOOP: noop.updater}
        polling = BOT
        bot = tg

        async def switch(to: str) -> None:
            nonlocal polling
            if polling != to:
                old, new = updaters[polling], updaters[to]
                assert old is not None and new is not None
                await old.stop()  # confirms what it fetched (a last getUpdates with the offset)
                await new.start_polling(poll_interval=0, timeout=poll_timeout, allowed_updates=UPDATES)
                polling = to

        async def settle(table_id: int, who: str) -> tuple[bool, int, tuple[float, float]]:
            await settled(bot)
            table = await bot.store.load(table_id)
            mine = calls[who]
            return table is not None and table.status is Status.PLAYING, len(mine), mine[-1] if mine else (0.0, 0.0)

        async def where(table_id: int, audience: str, slot: str) -> int | None:
            return read_note(await bot.records.message_id(table_id, audience, slot))[0]

        child.send((STARTED,))
        figures: PressFigures = await child.serve({"switch": switch, "settle": settle, "drawn": where})
        await noop.stop()
        await noop.shutdown()
        noop = None
        return figures
    finally:
        if noop is not None and noop.running:
            await noop.stop()
        if tg is not None:
            await close_bot(tg)
        with contextlib.suppress(OSError):
            child.send(("stop",))
        stop_child(process)


def report_latency(figures: PressFigures, moves: int, tables: int, rounds: int, look: str = "classic") -> None:
    report(
        f"move latency, real PTB stack against the fake Bot API on 127.0.0.1 in its own process (long polling): "
        f"{moves} presses each, {tables} Svolota tables of 3 people, {rounds} rounds, look {look}",
        figures,
        [
            ("no-op PTB handler: the handler called", figures.noop_handler),
            ("no-op PTB handler: its answerCallbackQuery", figures.noop_answer),
            ("bot: Service.handle called", figures.handler),
            ("bot: Service.handle itself (not from the press)", figures.handle),
            ("bot: its answerCallbackQuery (what one feels)", figures.answer),
            ("  of which the game went on", figures.going_on),
            ("  of which the game's last move (rated before it)", figures.last_move),
            ("bot: the board's edit in the group", figures.board),
            ("bot: the presser's panel's edit", figures.panel),
        ],
        [
            ("answer", figures.answer, figures.noop_answer),
            ("answer, the game going on", figures.going_on, figures.noop_answer),
        ],
    )


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
    """Game time at `scale` times real time; deadlines fire at their due time, as the scheduler would.
    A deadline due that cannot fire yet (its table in a change, or resting after a failure until a
    time to come) lets time go on, as the scheduler pauses: else the clock would wait for it forever."""
    real0, game0 = time.monotonic(), clock.now()
    while not stop.is_set():
        target = game0 + (time.monotonic() - real0) * scale
        while (due := await service.firing.next_due()) is not None and due <= target:
            clock.advance(max(0.0, due - clock.now()))
            if not await service.firing.tick():
                break
        clock.advance(max(0.0, target - clock.now()))
        await asyncio.sleep(0.002)


async def one_game(api: Api, tg: TelegramBot, opener: User, group: Chat, game: str, players: int) -> int:
    """The opener opens a table, adds computers, starts it and leaves (a computer takes the seat)."""
    api.send_text(opener, group, COMMANDS[game])
    table_id = table_of(await api.next_message(group, timeout=10))
    await api.wait_for(lambda: not api.pending_updates, timeout=10)
    await settled(tg)
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
    tg = make_bot(
        api.token,
        api.root_url,
        folder,
        clock,
        FAST,
        minute=60 / scale,
        private_per_second=scale,
        overall_per_second=30 * scale,
    )
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
            await settled(tg)
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
    parser.add_argument("--look", default="classic", choices=["classic", "text"], help="part 1: the groups' look")
    parser.add_argument("--poll-timeout", type=int, default=10, help="part 1: the long poll's, in seconds")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        if args.part in ("latency", "both"):
            figures = asyncio.run(
                move_latency(
                    Path(folder), args.moves, args.tables, args.rounds, args.warmup, args.look, args.poll_timeout
                )
            )
            report_latency(figures, args.moves, args.tables, args.rounds, args.look)
        if args.part in ("pace", "both"):
            paces = [
                asyncio.run(group_pace(Path(folder), game, players, args.scale, args.minutes, args.max_minutes))
                for game, players in (("svolota", 6), ("racing_demon", 8))
            ]
            report_pace(paces)


if __name__ == "__main__":
    main()
