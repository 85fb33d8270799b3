"""Setting the console's table up through the service, as a person in a chat would: open a table,
press "+ Computer" for each opponent (with the chosen level as the button's argument), and start.
The console's chat has no turn timer (`ChatSettings.turn_seconds` None): a practice game waits for
its person."""

from __future__ import annotations

from adapters.console.chat import ConsoleChat
from bot.commands import ChangeSettings, Command, Open, Press
from bot.people import Actor, ChatRef
from bot.service import Service
from bot.settings import ChatSettings
from bot.ui.screen import Reply


class SetupFailed(Exception):
    """The service refused a step of the setup; the message says why."""


async def seat_table(
    service: Service, chat: ConsoleChat, where: ChatRef, me: Actor, game: str, players: int, level: str
) -> int:
    """Open a `game` table in `where` with `me` and `players - 1` computer players at `level`,
    start it, and return its id. The chat is muted meanwhile: the lobby is not the console's to show."""
    chat.muted = True
    # a practice game: one person, whom nobody else waits for, so no turn timer plays for them
    await service.store.save_chat_settings(where, ChatSettings(turn_seconds=None))
    if me.lang:
        await _send(service, ChangeSettings(where, me, "lang", me.lang))  # the board speaks it too
    table_id = (await _send(service, Open(where, me, game))).table_id
    assert table_id is not None
    for _ in range(players - 1):
        await _press(service, chat, where, me, "add_computer", level)
    if chat.lobby_token("start"):  # a full table has started by itself
        await _press(service, chat, where, me, "start")
    chat.unmute()
    return table_id


async def _press(service: Service, chat: ConsoleChat, where: ChatRef, me: Actor, action: str, arg: str = "") -> None:
    token = chat.lobby_token(action, arg)
    if token is None:
        raise SetupFailed(f"no {action} button on the lobby")
    await _send(service, Press(me, token, where=where))


async def _send(service: Service, command: Command) -> Reply:
    reply = await service.handle(command)
    if not reply.ok:
        raise SetupFailed(reply.text or "refused")
    return reply
