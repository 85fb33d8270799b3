"""bench.discord's press latency, the fake's side: the fake Discord (tests/adapters/discord/
fake_discord.py: REST and gateway) and the people pressing, in a process of their own
(bench/channel.py says why).

Svolota tables of three people, each in a channel of its own on one server; each person opens their
ephemeral panel ("My cards") once a game starts, and the person to act presses its first move. The
fake sends the interaction down the bot's gateway socket the moment it is made. Timed until the
fake receives the interaction's acknowledgement (the bot defers at once, before the service), the
edit of the presser's panel (through the interaction: what the person sees change) and the edit of
the board in the channel. Both the bot and the no-op client are connected; the fake sends each
press to one of them (`Route`), in turns. The bot's process says when every press is handled and
every redraw done, and which message shows a board (bench/discord.py answers).
"""

from __future__ import annotations

import asyncio
import importlib
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection
from typing import Any, TypeAlias

from bench.channel import DONE, Channel
from bench.press_figures import BOT, NOOP, PressFigures, turns
from bot.tokens import decode

# The fake lives with the tests and is type-checked with them, not by `mypy bench`: loaded untyped.
fake_discord: Any = importlib.import_module("tests.adapters.discord.fake_discord")
Fake: TypeAlias = Any  # a FakeDiscord
Request: TypeAlias = Any  # one request the fake recorded (fake_discord.Request)
Message: TypeAlias = Any  # of tests/adapters/discord/world.py, as are these two
User: TypeAlias = Any
TextChannel: TypeAlias = Any

STARTED = "started"  # the bot's process to the child: the bot connects
NOOP_UP = "noop up"  # the child to the bot's process: connect the no-op client
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"
ORIGINAL = "/webhooks/{webhook_id}/{webhook_token}/messages/@original"
CHANNEL_EDIT = "/channels/{channel_id}/messages/{message_id}"


@dataclass
class Place:
    channel: TextChannel
    people: list[User]
    table_id: int = 0
    panels: dict[int, Message] = field(default_factory=dict)  # person id -> their ephemeral panel


def tokens_on(message: Message) -> list[str]:
    return [b.custom_id or "" for row in message.buttons for b in row]


def moves_on(panel: Message) -> list[str]:
    """The custom ids of a panel's move buttons (a Svolota hand is buttons)."""
    return [c for c in tokens_on(panel) if (t := decode(c)) is not None and t.action == "move"]


class Route:
    """Which connected client the fake sends presses to: the others get no INTERACTION_CREATE
    (each of two bots on one application would answer every press)."""

    def __init__(self, fake: Fake) -> None:
        self.sessions: dict[str, Any] = {}
        self.to = BOT
        gateway = fake.gateway
        dispatch = gateway.dispatch

        def routed(event: str, data: Any, *, guild_id: int | None = None, intent: int | None = None) -> bool:
            if event == "INTERACTION_CREATE" and self.sessions:
                target = self.sessions[self.to]
                return bool(dispatch(event, lambda s: data if s is target else None, guild_id=guild_id, intent=intent))
            return bool(dispatch(event, data, guild_id=guild_id, intent=intent))

        gateway.dispatch = routed


def _after(fake: Fake, start: int, match: Callable[[Request], bool]) -> Request | None:
    return next((r for r in fake.requests[start:] if match(r)), None)


def _is(r: Request, method: str, route: str, **params: Any) -> bool:
    return bool(r.method == method and r.route == route and all(r.params.get(k) == str(v) for k, v in params.items()))


class Presser:
    """The people at the tables, pressing; `bot` is the pipe to the bot's process."""

    def __init__(self, fake: Fake, bot: Channel, route: Route) -> None:
        self.fake = fake
        self.bot = bot
        self.route = route

    async def settle(self, table_id: int, who: str = BOT) -> tuple[bool, int, int, tuple[float, float]]:
        """Every press handled and redraw done; whether the table plays, its moves, `who`'s
        handler calls so far (the bot's: Service.handle on presses) and the last one."""
        playing, moves, calls, last = await self.bot.ask("settle", table_id, who)
        return playing, moves, calls, last

    async def answered(self, interaction_id: int) -> Any:
        return await self.fake.wait_response(interaction_id, timeout=10)

    async def board(self, table_id: int) -> Message:
        message_id = await self.bot.ask("drawn", table_id, "", "table")
        return self.fake.all_messages[message_id]

    async def press_and_settle(self, user: User, message: Message, label: str, table_id: int) -> Any:
        interaction = await self.answered(self.fake.click(user, message, label=label))
        await self.settle(table_id)
        return interaction

    async def open_table(self, place: Place) -> None:
        """/svolota in the place's channel, the others join, the first starts; each opens their panel."""
        creator, *others = place.people
        await self.answered(self.fake.slash(creator, place.channel, "svolota", {}))
        place.table_id = next(t.table_id for c in tokens_on(self.fake.last_message(place.channel)) if (t := decode(c)))
        await self.settle(place.table_id)
        for person in others:
            await self.press_and_settle(person, await self.board(place.table_id), "Join", place.table_id)
        await self.press_and_settle(creator, await self.board(place.table_id), "▶ Start", place.table_id)
        for person in place.people:
            opened = await self.press_and_settle(person, await self.board(place.table_id), "My cards", place.table_id)
            place.panels[person.id] = opened.original
        playing, *_ = await self.settle(place.table_id)
        assert playing, "the Svolota table did not start"

    def to_act(self, place: Place) -> tuple[User, Message, str]:
        for person in place.people:
            moves = moves_on(place.panels[person.id])
            if moves:
                return person, place.panels[person.id], moves[0]
        raise LookupError(f"nobody has a move at table {place.table_id}")

    async def press(self, who: str, place: Place, figures: PressFigures | None) -> None:
        """The person to act presses a move, sent to `who`; the times go into `figures` (None: a
        warm-up press). A game the bot finished is replaced by a new one."""
        person, panel, move = self.to_act(place)
        _, moves, before, _ = await self.settle(place.table_id, who)
        self.route.to = who
        start = len(self.fake.requests)
        pressed = time.monotonic()
        token = self.fake.interactions[self.fake.click(person, panel, move)].token
        acked = await self.fake.wait_for(
            lambda: _after(self.fake, start, lambda r: _is(r, "POST", CALLBACK, interaction_token=token)),
            timeout=10,
            what="the press acknowledged",
        )
        playing, moved, calls, (called, returned) = await self.settle(place.table_id, who)
        assert calls == before + 1, "the press did not reach the handler once"
        own = _after(self.fake, start, lambda r: _is(r, "PATCH", ORIGINAL, webhook_token=token))
        if who == NOOP:
            assert own is not None and moved == moves, "the no-op did not edit, or something moved"
            if figures is not None:
                figures.noop_handler.append(called - pressed)
                figures.noop_answer.append(acked.time - pressed)
                figures.noop_edit.append(own.time - pressed)
            return
        board_id = (await self.board(place.table_id)).id
        board = _after(self.fake, start, lambda r: _is(r, "PATCH", CHANNEL_EDIT, message_id=board_id))
        assert board is not None, "a move was not drawn"
        if figures is not None:
            own_at = own.time if own is not None else None
            figures.bot_press(pressed, called, returned, acked.time, board.time, own_at, moved == moves, not playing)
        if not playing:
            await self.open_table(place)
            if figures is not None:
                figures.games += 1


def run(connection: Connection, moves: int, tables: int, rounds: int, warmup: int) -> None:
    """The child process: serve the fake, press, send the figures, stop when told."""
    asyncio.run(_drive(Channel(connection), moves, tables, rounds, warmup))


async def _drive(bot: Channel, moves: int, tables: int, rounds: int, warmup: int) -> None:
    fake = fake_discord.FakeDiscord(spec=None)  # no spec checks per request: the fake's own cost stays small
    await fake.start()
    route = Route(fake)
    try:
        people = [[fake.add_user(f"p{i}{k}", global_name=f"P{i}{k}") for k in range(3)] for i in range(tables)]
        everyone = [person for table in people for person in table]
        names = tuple(f"table-{i}" for i in range(tables))
        guild = fake.add_guild("Bench", everyone[0], everyone[1:], channels=names)
        places = [Place(channel, people[i]) for i, channel in enumerate(guild.channels.values())]
        bot.send(("ready", fake.api_url, fake.gateway_url, fake.token, [guild.id]))
        await bot.receive()  # STARTED: the bot connects
        await fake.wait_ready(timeout=30)
        route.sessions[BOT] = fake.gateway.ready_sessions[0]
        await bot.ask(NOOP_UP)  # the no-op client connects too
        await fake.wait_ready(timeout=30, sessions=2)
        route.sessions[NOOP] = next(s for s in fake.gateway.ready_sessions if s is not route.sessions[BOT])
        presser = Presser(fake, bot, route)
        for place in places:
            await presser.open_table(place)
        figures = PressFigures()
        count = 0
        for turn in turns(moves, rounds, warmup):
            for i in range(turn.presses):
                await presser.press(turn.who, places[count % tables], figures if i >= turn.warmup else None)
                count += 1
        route.to = BOT
        bot.send((DONE, figures))
        await bot.receive()  # the clients have stopped: the fake may go
    finally:
        await fake.stop()
