"""Button presses and menu choices: acknowledged at once (Discord wants an answer within 3 s),
then the custom id (or the chosen value) is handed to the service as it is; it decodes and checks
it. How the press is answered depends on where it came from:

- "My cards" / "My panel" on a table's public message: the acknowledgement is an ephemeral
  "thinking" message that becomes the person's panel (their hand, or their real-time controls);
  from then on it is drawn through this interaction (panel_screens.py).
- any button on a panel (a move, leaving, 🔄): the acknowledgement says "the panel will be
  updated", and this press's interaction becomes the way to edit the panel (15 more minutes)
  on the same message (so the picture it shows stays until a redraw changes it); a refused move
  shows its reason above the panel for a few seconds.
- /forget's question (an ephemeral message of the asker's): its answer takes the question's place.
- anything else (join, start, accept, rematch…): acknowledged silently; the table's message is
  redrawn by the chat layer; a refusal ("too late", "not your turn") is an ephemeral message.

A press counts only in the server its table lives in (a panel is an ephemeral message in the
table's channel, so it is there too); one forged from another server changes nothing.
"""

from __future__ import annotations

import logging
from typing import Any

import discord

from adapters.discord import quick_match, texts
from adapters.discord.components import MAX_TEXT
from adapters.discord.identities import PLATFORM, actor_of, chat_of
from adapters.discord.panel_screens import PanelScreens
from adapters.discord.panels import Panels, edit_original
from bot.commands import Press
from bot.i18n import translator
from bot.service import Service
from bot.tokens import Token, decode
from bot.ui.screen import Reply

log = logging.getLogger(__name__)


def on_panel(interaction: discord.Interaction[Any]) -> bool:
    """Whether the press came from an ephemeral message of the presser's own (their panel)."""
    message = interaction.message
    if message is None or not message.flags.ephemeral:
        return False
    metadata = message.interaction_metadata
    return metadata is None or metadata.user.id == interaction.user.id


class Presses:
    def __init__(self, service: Service, screens: PanelScreens, panels: Panels) -> None:
        self.service = service
        self.screens = screens
        self.panels = panels

    async def press(self, interaction: discord.Interaction[Any], data: str) -> None:
        token = decode(data)
        from_panel = on_panel(interaction)
        opens_panel = token is not None and token.action == "panel" and not from_panel
        try:
            await interaction.response.defer(ephemeral=opens_panel, thinking=opens_panel)
        except (discord.HTTPException, discord.InteractionResponded) as e:
            # too late (3 s), or answered already: the press did not happen
            log.info("could not acknowledge a press: %s", e)
            return
        try:
            if token is not None and token.action == "forget":
                await self._forget(interaction, data)
                return
            if token is not None and token.action == "queue":  # quick match's queue (issue #38)
                await quick_match.press(self.service, interaction, data, str(interaction.id))
                return
            await self._handle(interaction, data, token, from_panel, opens_panel)
        except Exception:
            log.exception("a press failed")
            if opens_panel:
                await self._say(interaction, texts.failed(translator("en")), edit=True)

    async def _forget(self, interaction: discord.Interaction[Any], data: str) -> None:
        """/forget's question answered: the answer in its place (a refusal beside it, the question standing)."""
        reply = await self.service.handle(Press(actor_of(interaction), data, once=f"{PLATFORM}:{interaction.id}"))
        if reply.ok:
            try:
                await interaction.edit_original_response(content=(reply.text or "")[:MAX_TEXT], view=None)
            except discord.HTTPException as e:
                log.info("could not replace /forget's question: %s", e)
            return
        await self._say(interaction, "✗ " + (reply.text or ""), edit=False)

    async def _handle(
        self, interaction: discord.Interaction[Any], data: str, token: Token | None, from_panel: bool, opens: bool
    ) -> None:
        actor = actor_of(interaction)
        lang = await self.service.chats.lang_of(actor, chat_of(interaction))
        key = (token.table_id, actor.person.user_id) if token is not None else None
        panel = None
        if key is not None and (from_panel or opens):
            # From now on the panel is drawn through this interaction: also the redraw the press
            # itself causes, which comes before the service answers.
            # A press on the panel edits its own message (whose picture stays); "My cards" a new one.
            on = interaction.message.id if from_panel and interaction.message is not None else None
            panel = self.panels.open(key, edit_original(interaction), lang, message_id=on)
            self.screens.opened(key, panel)
        where = chat_of(interaction) if interaction.guild_id is not None else None  # None: a DM, a private place
        reply = await self.service.handle(Press(actor, data, once=f"{PLATFORM}:{interaction.id}", where=where))
        for screen in reply.screens:  # nothing awaited since the answer: a later redraw comes after it
            if screen.audience == actor.person:
                self.screens.draw_panel(screen)
        if opens and not reply.screens and key is not None and panel is not None:
            self.screens.forget(key, panel)  # no panel came: the "thinking" message gets the answer
        if reply.text:
            await self._answer(interaction, reply, key if from_panel else None, edit=opens)
        elif opens and not reply.screens:
            await self._say(interaction, texts.failed(translator(lang)), edit=True)

    async def _answer(
        self, interaction: discord.Interaction[Any], reply: Reply, panel: tuple[int, str] | None, edit: bool
    ) -> None:
        text = (reply.text or "") if reply.ok else "✗ " + (reply.text or "")
        if panel is not None and self.screens.note(panel, text):
            return
        await self._say(interaction, text, edit)

    @staticmethod
    async def _say(interaction: discord.Interaction[Any], text: str, edit: bool) -> None:
        """A short private answer: the ephemeral "thinking" message itself, or a new one."""
        try:
            if edit:
                await interaction.edit_original_response(content=text[:MAX_TEXT], view=None)
            else:
                await interaction.followup.send(text[:MAX_TEXT], ephemeral=True)
        except discord.HTTPException as e:
            log.info("could not answer a press: %s", e)
