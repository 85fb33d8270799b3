"""`/quickmatch game:<game> [computers:<when>]` on Discord (bot/quick_match.py), in a server or in
direct messages; its game choices end with "Leave the queue". The answer is ephemeral: the queue's
place with its buttons ("Play with computers now", "Leave the queue", answered in place:
`press`), or why not. The person's direct-message channel is opened when they queue, so that the
table's board goes there the moment they are matched (notifier.py, direct.py)."""

from __future__ import annotations

import logging
from typing import Any, Final

import discord
from discord import app_commands
from discord.app_commands import Choice

from adapters.discord.components import MAX_TEXT, view_of
from adapters.discord.direct import DirectChannels
from adapters.discord.identities import PLATFORM, actor_of, chat_of
from adapters.discord.menu import COMMANDS, describe
from bot.commands import COMPUTERS_AFTER, LeaveQueue, Press, QuickMatch
from bot.games import game_info, games
from bot.service import Service
from bot.ui.screen import Reply
from bot.ui.words import N_

log = logging.getLogger(__name__)
STOP: Final = "stop"
COMPUTER_CHOICES: Final = (  # (name, seconds as text: "" never)
    (N_("at once"), "0"),
    (N_("after 1 minute"), "60"),
    (N_("after 3 minutes"), "180"),
    (N_("never"), ""),
)


def computers_of(value: str | None) -> float | None:
    if value is None:
        return COMPUTERS_AFTER
    return float(value) if value else None


def answer_of(reply: Reply) -> tuple[str, discord.ui.View | None]:
    """The ephemeral answer: the reply's words and its queue screen, with the queue's buttons."""
    if not reply.ok:
        return "✗ " + (reply.text or ""), None
    parts = [reply.text or "", *(s.text for s in reply.screens)]
    view = next((view_of(s) for s in reply.screens if s.buttons), None)
    return "\n\n".join(p for p in parts if p)[:MAX_TEXT], view


class QuickMatchCommand:
    def __init__(self, service: Service, direct: DirectChannels) -> None:
        self.service = service
        self.direct = direct

    def add(self, tree: app_commands.CommandTree[Any]) -> None:
        game_choices = [Choice(name=game_info(g).name, value=g) for g in games()]
        stop = Choice(name=N_("Leave the queue"), value=STOP)
        computer_choices = [Choice(name=name, value=value) for name, value in COMPUTER_CHOICES]

        @tree.command(name="quickmatch", description=COMMANDS["quickmatch"])
        @app_commands.describe(game=describe("quickmatch", "game"), computers=describe("quickmatch", "computers"))
        @app_commands.choices(game=[*game_choices, stop], computers=computer_choices)
        async def quickmatch(
            interaction: discord.Interaction[Any], game: Choice[str], computers: Choice[str] | None = None
        ) -> None:
            await self.quickmatch(interaction, game.value, computers.value if computers else None)

    async def quickmatch(self, interaction: discord.Interaction[Any], game: str, computers: str | None) -> None:
        try:
            await interaction.response.defer(ephemeral=True, thinking=True)
        except (discord.HTTPException, discord.InteractionResponded) as e:
            log.info("could not acknowledge /quickmatch: %s", e)
            return
        actor = actor_of(interaction)
        if game == STOP:
            reply = await self.service.handle(LeaveQueue(actor))
        else:
            chat = chat_of(interaction) if interaction.guild_id is not None else None
            reply = await self.service.handle(QuickMatch(actor, game, chat, computers_of(computers)))
            if reply.ok:
                await self.direct.of(actor.person.user_id)  # where the board will go, opened now
        content, view = answer_of(reply)
        try:
            if view is None:
                await interaction.edit_original_response(content=content)
            else:
                await interaction.edit_original_response(content=content, view=view)
        except discord.HTTPException as e:
            log.info("could not answer /quickmatch: %s", e)


async def press(service: Service, interaction: discord.Interaction[Any], data: str, once: str) -> None:
    """A queue button (acknowledged already): the answer takes the queue message's place; a
    refusal comes beside it, the message standing."""
    reply = await service.handle(Press(actor_of(interaction), data, once=f"{PLATFORM}:{once}"))
    content, _ = answer_of(reply)
    try:
        if reply.ok:
            await interaction.edit_original_response(content=content or "…", view=None)
        else:
            await interaction.followup.send(content, ephemeral=True)
    except discord.HTTPException as e:
        log.info("could not answer a quick-match button: %s", e)
