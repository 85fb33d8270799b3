"""bench.telegram's press latency, the fake's side: the fake Bot API (tests/adapters/telegram/
fake_api.py) and the people pressing, in a process of their own (bench/channel.py says why).

Svolota tables of three people, each table in a group of its own; the person to act presses the
first move on their private panel. A press is made only while the bot's getUpdates long poll is
waiting at the fake, which answers it the moment the update is queued, as Telegram does: the time
from the press is the bot's, never a poll interval. Timed until the fake receives the bot's
answerCallbackQuery for it, and the edits of the board in the group and of the presser's panel. The
bot's process says when every redraw is done and which message shows a screen (`Bot`'s requests,
answered in bench/telegram.py), and switches the long poll between the bot and the no-op handler.
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from multiprocessing.connection import Connection
from typing import Any, TypeAlias

from bench.channel import DONE, Channel
from bench.press_figures import BOT, NOOP, PressFigures, turns
from bot.tokens import decode
from tests.adapters.telegram.world import Chat, Message, User

# The fake server lives with the tests and is type-checked with them, not by `mypy bench`: loaded untyped.
fake_api: Any = importlib.import_module("tests.adapters.telegram.fake_api")
Api: TypeAlias = Any  # a FakeBotApi
Request: TypeAlias = Any  # one request the fake recorded (fake_api.Request)

STARTED = "started"  # the bot's process to the child: the bot polls, presses may come


@dataclass
class Place:
    group: Chat
    people: list[User]
    table_id: int = 0


def table_of(message: Message) -> int:
    tokens = [decode(b.get("callback_data", "")) for row in message.buttons for b in row]
    return next(t.table_id for t in tokens if t is not None)


def moves_on(message: Message) -> list[str]:
    data = [b["callback_data"] for row in message.buttons for b in row if "callback_data" in b]
    return [d for d in data if (t := decode(d)) is not None and t.action == "move"]


def _request_after(api: Api, start: int, match: Callable[[Request], bool]) -> Request | None:
    return next((r for r in api.requests[start:] if match(r)), None)


def _edit_in(request: Request, chat_id: int) -> bool:
    return bool(request.method in fake_api.EDITS and request.params.get("chat_id") == chat_id)


def _answer_to(query: str) -> Callable[[Request], bool]:
    return lambda r: r.method == "answerCallbackQuery" and str(r.params.get("callback_query_id")) == query


class Presser:
    """The people at the tables, pressing; `bot` is the pipe to the bot's process."""

    def __init__(self, api: Api, bot: Channel) -> None:
        self.api = api
        self.bot = bot

    async def switch(self, to: str) -> None:
        """The long poll to the bot or to the no-op handler; back once the new one is waiting."""
        since = time.monotonic()
        await self.bot.ask("switch", to)
        await self.poll_waiting(since)

    async def poll_waiting(self, since: float) -> None:
        """Until the latest getUpdates, made after `since`, is waiting: a press is then delivered
        as soon as it is queued."""

        def waiting() -> bool:
            last = next((r for r in reversed(self.api.requests) if r.method == "getUpdates"), None)
            return last is not None and last.time >= since and last.status == 0

        await self.api.wait_for(waiting, timeout=15, what="a waiting long poll")

    async def settle(self, table_id: int, who: str) -> tuple[bool, int, tuple[float, float]]:
        """Every redraw done; whether the table still plays; the handler's calls so far, and the last."""
        playing, calls, last = await self.bot.ask("settle", table_id, who)
        return playing, calls, last

    async def drawn(self, chat: Chat, table_id: int, audience: str = "", slot: str = "table") -> Message:
        """The message a table's screen is drawn in (its board, or a person's panel)."""
        message_id = await self.bot.ask("drawn", table_id, audience, slot)
        found: list[Message] = [m for m in self.api.messages(chat, from_bot=True) if m.message_id == message_id]
        if not found:
            raise LookupError(f"no message for table {table_id} ({audience!r}, {slot}) in {chat}")
        return found[0]

    async def press_and_settle(self, user: User, message: Message, text: str, table_id: int) -> None:
        query = self.api.press(user, message, text=text)
        await self.api.wait_for(lambda: self.api.answers_to(query), timeout=10, what=f"the {text!r} press answered")
        await self.settle(table_id, BOT)

    async def open_table(self, place: Place) -> None:
        """/svolota in the place's group, the others join, the first starts."""
        creator, *others = place.people
        self.api.send_text(creator, place.group, "/svolota")
        place.table_id = table_of(await self.api.next_message(place.group, timeout=10))
        await self.api.wait_for(lambda: not self.api.pending_updates, timeout=10)
        await self.settle(place.table_id, BOT)
        for person in others:
            await self.press_and_settle(person, await self.drawn(place.group, place.table_id), "Join", place.table_id)
        await self.press_and_settle(creator, await self.drawn(place.group, place.table_id), "Start", place.table_id)
        playing, _, _ = await self.settle(place.table_id, BOT)
        assert playing, "the Svolota table did not start"

    async def to_act(self, place: Place) -> tuple[User, Message, str]:
        """The person whose panel has moves, their panel and its first move."""
        for person in place.people:
            panel = await self.drawn(self.api.private_chat(person), place.table_id, str(person.id), "panel")
            moves = moves_on(panel)
            if moves:
                return person, panel, moves[0]
        raise LookupError(f"nobody has a move at table {place.table_id}")

    async def press(self, who: str, place: Place, figures: PressFigures | None) -> None:
        """The person to act presses a move, handled by `who`; the times go into `figures` (None:
        a warm-up press). A game the bot finished is replaced by a new one."""
        person, panel, move = await self.to_act(place)
        _, before, _ = await self.settle(place.table_id, who)
        await self.poll_waiting(0.0)
        start = len(self.api.requests)
        pressed = time.monotonic()
        query = self.api.press(person, panel, move)
        answer = await self.api.wait_for(lambda: self.api.answers_to(query), timeout=10, what="the press answered")
        playing, calls, (called, returned) = await self.settle(place.table_id, who)
        answered = _request_after(self.api, start, _answer_to(query))
        assert answered is not None and calls == before + 1, "the press did not reach the handler once"
        if who == NOOP:
            if figures is not None:
                figures.noop_handler.append(called - pressed)
                figures.noop_answer.append(answered.time - pressed)
            return
        board = _request_after(self.api, start, lambda r: _edit_in(r, place.group.id))
        own = _request_after(self.api, start, lambda r: _edit_in(r, person.id))
        assert board is not None, "a move was not drawn"
        if figures is not None:
            own_at = own.time if own is not None else None
            figures.bot_press(
                pressed, called, returned, answered.time, board.time, own_at, bool(answer.get("text")), not playing
            )
        if not playing:
            await self.open_table(place)
            if figures is not None:
                figures.games += 1


def run(connection: Connection, moves: int, tables: int, rounds: int, warmup: int) -> None:
    """The child process: serve the fake, press, send the figures, stop when told."""
    asyncio.run(_drive(Channel(connection), moves, tables, rounds, warmup))


async def _drive(bot: Channel, moves: int, tables: int, rounds: int, warmup: int) -> None:
    api = fake_api.FakeBotApi(spec=False)  # the fake checks nothing per request: its own cost stays small
    await api.start()
    try:
        places = []
        for i in range(tables):
            people = [api.add_user(f"P{i}{k}", language_code="en", started=True) for k in range(3)]
            places.append(Place(api.add_group(f"Table {i}", people), people))
        bot.send(("ready", api.root_url, api.token, [place.group.id for place in places]))
        await bot.receive()  # STARTED
        presser = Presser(api, bot)
        for place in places:
            await presser.open_table(place)
        figures = PressFigures()
        count = 0
        for turn in turns(moves, rounds, warmup):
            await presser.switch(turn.who)
            for i in range(turn.presses):
                await presser.press(turn.who, places[count % tables], figures if i >= turn.warmup else None)
                count += 1
        await presser.switch(BOT)
        bot.send((DONE, figures))
        await bot.receive()  # the bot has stopped: the fake may go
    finally:
        await api.stop()
