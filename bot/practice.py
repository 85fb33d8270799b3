"""A practice table: one person and computer players, set up through the service as a person in a
chat would (open a table, press "+ Computer" for each opponent with the chosen level as the
button's argument, start). The console (`cardbot play`) and the browser (`cardbot play --web`)
seat their person this way.

A practice chat has no turn timer (`ChatSettings.turn_seconds` None): nobody else waits for its
one person."""

from __future__ import annotations

from dataclasses import dataclass

from bot.commands import ChangeSettings, Command, Open, Press
from bot.people import Actor, ChatRef
from bot.service import Service
from bot.settings import ChatSettings
from bot.tables import Status
from bot.tokens import Token
from bot.ui.screen import Reply


@dataclass(frozen=True, slots=True)
class Practice:
    """A practice game as asked for: the game, the players at the table (the person included), the
    computers' level, the person's name and language, and the seed that deals it."""

    game: str
    players: int
    level: str
    name: str
    lang: str
    seed: int


class SetupFailed(Exception):
    """The service refused a step of the setup; the message says why."""


async def practice_table(service: Service, where: ChatRef, me: Actor, game: str, players: int, level: str) -> int:
    """Open a `game` table in `where` with `me` and `players - 1` computer players at `level`,
    start it, and return its id."""
    table_id = await practice_lobby(service, where, me, game)
    await seat_computers(service, where, me, table_id, players, level)
    return table_id


async def practice_lobby(service: Service, where: ChatRef, me: Actor, game: str) -> int:
    """Open a `game` table in `where` with `me` alone in its lobby; its id."""
    await service.store.save_chat_settings(where, ChatSettings(turn_seconds=None))
    if me.lang:
        await _send(service, ChangeSettings(where, me, "lang", me.lang))  # the board speaks it too
    table_id = (await _send(service, Open(where, me, game))).table_id
    assert table_id is not None
    return table_id


async def seat_computers(service: Service, where: ChatRef, me: Actor, table_id: int, players: int, level: str) -> None:
    """Fill the lobby up to `players` with computer players at `level`, and start the game."""
    for _ in range(players - 1):
        await _press(service, where, me, table_id, "add_computer", level)
    table = await service.store.load(table_id)
    if table is not None and table.status is Status.LOBBY:  # (a full table has started by itself)
        await _press(service, where, me, table_id, "start")


async def _press(service: Service, where: ChatRef, me: Actor, table_id: int, action: str, arg: str = "") -> None:
    """Press the lobby's button for `action`, as drawn for the table's version now."""
    table = await service.store.load(table_id)
    if table is None:
        raise SetupFailed(f"table {table_id} is gone")
    await _send(service, Press(me, Token(table_id, table.version, action, arg).encode(), where=where))


async def _send(service: Service, command: Command) -> Reply:
    reply = await service.handle(command)
    if not reply.ok:
        raise SetupFailed(reply.text or "refused")
    return reply
