"""The Discord bot through the real discord.py stack, against the fake Discord of the tests
(tests/adapters/discord/fake_discord.py: REST and gateway on 127.0.0.1) in a process of its own
(bench/discord_presses.py; bench/channel.py): the latency of a press against a no-op handler.

Svolota tables of three people, each in a channel of its own; the person to act presses the first
move on their ephemeral panel (a component interaction). Timed from the press (the interaction
sent down the gateway socket) until the fake receives the bot's acknowledgement (it defers at
once), the edit of the presser's panel through the interaction (what the person sees change: with
pictures on, the chat's default, the picture drawn and uploaded) and the edit of the board in the
channel. In the same run a no-op discord.py client (an `on_interaction` that defers and edits the
pressed message to what it says already: the same two requests) is connected to the same fake,
which sends the presses to one or the other in turns (rounds). The store is a SQLite file in a
temporary folder; the service's clock a fake one that does not move (no timers fire).

    python -m bench.discord [--moves 300] [--tables 4] [--rounds 3] [--warmup 10] [--look classic|text]
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import tempfile
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import discord

from adapters.chat.records import read_note
from adapters.discord.app import DiscordBot
from adapters.discord.identities import PLATFORM
from adapters.discord.settings import DiscordSettings
from adapters.sql.startup import open_store
from adapters.sql.store import SqlStore
from bench import discord_presses
from bench.channel import start_child, stop_child
from bench.discord_presses import NOOP_UP, STARTED
from bench.press_figures import BOT, NOOP, PressFigures, report
from bot.clock import FakeClock
from bot.commands import Command, Press
from bot.people import ChatRef
from bot.settings import ChatSettings, ServiceConfig
from bot.tables import Status
from bot.ui.screen import Reply

Calls = list[tuple[float, float]]  # (called, returned), time.monotonic()


def noop_client(calls: Calls) -> discord.Client:
    """A discord.py client whose only handler acknowledges a press and edits the pressed message
    to what it says already."""
    client = discord.Client(intents=discord.Intents.none(), guild_ready_timeout=0.05)

    async def on_interaction(interaction: discord.Interaction[Any]) -> None:
        called = time.monotonic()
        await interaction.response.defer()
        content = interaction.message.content if interaction.message is not None else ""
        await interaction.edit_original_response(content=content)
        calls.append((called, time.monotonic()))

    client.event(on_interaction)
    return client


def watch_handling(client: discord.Client, handling: set[asyncio.Task[Any]]) -> None:
    """discord.py parses an INTERACTION_CREATE in one go, creating the tasks that handle it: noted
    here, so that a press is known handled when they are done (as tests/adapters/discord does)."""
    parsers = client._connection.parsers
    parse = parsers["INTERACTION_CREATE"]

    def parse_and_note(data: Any) -> None:
        before = asyncio.all_tasks()
        parse(data)
        handling.update(asyncio.all_tasks() - before)

    parsers["INTERACTION_CREATE"] = parse_and_note


async def press_latency(
    folder: Path, moves: int = 300, tables: int = 4, rounds: int = 3, warmup: int = 10, look: str = "classic"
) -> PressFigures:
    """`moves` presses for each of the bot and the no-op client, in `rounds` turns each. `look`:
    the channels' (classic: pictures, the default; text: none)."""
    process, child = start_child(discord_presses.run, moves, tables, rounds, warmup)
    app: DiscordBot | None = None
    store: SqlStore | None = None
    noop: discord.Client | None = None
    connecting: asyncio.Task[None] | None = None
    try:
        _, api_url, gateway_url, token, servers = await child.receive()
        store = open_store(f"sqlite:///{folder / f'discord-{time.monotonic_ns()}.db'}")
        settings = DiscordSettings(bot_token=token, api_url=api_url, gateway_url=gateway_url, guild_ready_timeout=0.05)
        app = bot = DiscordBot(settings, store, store.records, FakeClock(), ServiceConfig(), seed=7)
        for server in servers:  # a server's settings are its channels'
            await bot.service.chats.save(ChatRef(PLATFORM, str(server)), ChatSettings(look=look))
        calls: dict[str, Calls] = {BOT: [], NOOP: []}
        handle = bot.service.handle

        async def timed(command: Command) -> Reply:  # Presses calls service.handle: when, and how long
            called = time.monotonic()
            try:
                return await handle(command)
            finally:
                if isinstance(command, Press):
                    calls[BOT].append((called, time.monotonic()))

        bot.service.handle = timed  # type: ignore[method-assign]
        handling: set[asyncio.Task[Any]] = set()
        noop = noop_client(calls[NOOP])
        watch_handling(bot.client, handling)
        watch_handling(noop, handling)
        await bot.start()
        child.send((STARTED,))

        async def connect_noop() -> None:
            nonlocal connecting
            assert noop is not None
            connecting = asyncio.create_task(noop.start(token))
            await asyncio.wait_for(noop.wait_until_ready(), 30)

        async def settle(table_id: int, who: str) -> tuple[bool, int, int, tuple[float, float]]:
            while handling:
                await asyncio.wait(handling)
                handling.difference_update([t for t in handling if t.done()])
            await bot.notifier.idle()
            table = await bot.store.load(table_id)
            mine = calls[who]
            playing = table is not None and table.status is Status.PLAYING
            return playing, table.moves if table else 0, len(mine), mine[-1] if mine else (0.0, 0.0)

        async def where(table_id: int, audience: str, slot: str) -> int | None:
            return read_note(await bot.records.message_id(table_id, audience, slot))[0]

        handlers: dict[str, Callable[..., Awaitable[Any]]] = {NOOP_UP: connect_noop, "settle": settle, "drawn": where}
        figures: PressFigures = await child.serve(handlers)
        return figures
    finally:
        if noop is not None:
            await noop.close()
        if connecting is not None:
            with contextlib.suppress(Exception, asyncio.CancelledError):
                await asyncio.wait_for(connecting, 5)
        if app is not None:
            await app.stop()
        if store is not None:
            await store.close()
        with contextlib.suppress(OSError):
            child.send(("stop",))
        stop_child(process)


def report_latency(figures: PressFigures, moves: int, tables: int, rounds: int, look: str = "classic") -> None:
    report(
        f"press latency, real discord.py stack against the fake Discord on 127.0.0.1 in its own process: "
        f"{moves} presses each, {tables} Svolota tables of 3 people, {rounds} rounds, look {look}",
        figures,
        [
            ("no-op discord.py handler: the handler called", figures.noop_handler),
            ("no-op discord.py handler: its acknowledgement", figures.noop_answer),
            ("no-op discord.py handler: its edit of the message", figures.noop_edit),
            ("bot: Service.handle called", figures.handler),
            ("bot: Service.handle itself (not from the press)", figures.handle),
            ("bot: its acknowledgement (deferred at once)", figures.answer),
            ("bot: the presser's panel's edit (what one sees)", figures.panel),
            ("bot: the board's edit in the channel", figures.board),
        ],
        [
            ("acknowledgement", figures.answer, figures.noop_answer),
            ("the panel's edit / the no-op's edit", figures.panel, figures.noop_edit),
        ],
    )


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=300, help="measured presses for each of the bot and the no-op")
    parser.add_argument("--tables", type=int, default=4, help="Svolota tables the presses go round")
    parser.add_argument("--rounds", type=int, default=3, help="turns the bot and the no-op handler take")
    parser.add_argument("--warmup", type=int, default=10, help="unmeasured presses before each one's first round")
    parser.add_argument("--look", default="classic", choices=["classic", "text"], help="the channels' look")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as folder:
        figures = asyncio.run(press_latency(Path(folder), args.moves, args.tables, args.rounds, args.warmup, args.look))
        report_latency(figures, args.moves, args.tables, args.rounds, args.look)


if __name__ == "__main__":
    main()
