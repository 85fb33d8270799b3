"""Components that survive restarts: discord.py `DynamicItem`s whose custom id is our action token.

A button's custom id is the token itself (`<table>.<version>.<action><arg>`, bot/tokens.py, at
most 64 characters of Discord's 100); a select menu's is `pick<n>:<token of its first option>`
and each option's value is a token. discord.py matches a pressed component's custom id against
these templates and rebuilds the item from the message the press came from, so a button drawn
before a restart still works; the service decodes and checks the token (a stale or foreign one is
refused politely). Whatever matches neither template is answered by the bot's fallback (app.py).
"""

from __future__ import annotations

import logging
import re
import weakref
from typing import Any, Final, Protocol

import discord

from bot.tokens import ACTIONS

log = logging.getLogger(__name__)

TOKEN: Final = rf"[0-9a-z]{{1,12}}\.[0-9a-z]{{1,12}}\.[{''.join(sorted(ACTIONS))}][0-9A-Za-z>_-]{{0,40}}"
BUTTON_TEMPLATE: Final = re.compile(rf"(?P<token>{TOKEN})")
MENU_TEMPLATE: Final = re.compile(rf"pick(?P<index>[0-9]):(?P<token>{TOKEN})")
TEMPLATES: Final = (BUTTON_TEMPLATE, MENU_TEMPLATE)

View = discord.ui.View


class PressHandler(Protocol):
    async def press(self, interaction: discord.Interaction[Any], data: str) -> None:
        """Acknowledge the interaction and hand `data` (a custom id or a chosen value) to the service."""
        ...


_handlers: weakref.WeakKeyDictionary[discord.Client, PressHandler] = weakref.WeakKeyDictionary()


def register(client: discord.Client, handler: PressHandler) -> None:
    """The handler of this client's presses (dynamic items are classes, shared by every client)."""
    _handlers[client] = handler
    client.add_dynamic_items(TokenButton, MovePicker)


def ours(custom_id: str) -> bool:
    return any(template.fullmatch(custom_id) for template in TEMPLATES)


async def _press(interaction: discord.Interaction[Any], data: str) -> None:
    handler = _handlers.get(interaction.client)
    if handler is None:
        log.warning("a press reached a client without a handler")
        return
    await handler.press(interaction, data)


class TokenButton(discord.ui.DynamicItem[discord.ui.Button[View]], template=BUTTON_TEMPLATE):
    def __init__(
        self,
        label: str,
        token: str,
        style: discord.ButtonStyle = discord.ButtonStyle.secondary,
        row: int | None = None,
    ) -> None:
        super().__init__(discord.ui.Button(label=label, custom_id=token, style=style), row=row)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> TokenButton:
        label = getattr(item, "label", None) or "·"
        style = getattr(item, "style", discord.ButtonStyle.secondary)
        return cls(label, match["token"], style)

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        await _press(interaction, self.custom_id)


class MovePicker(discord.ui.DynamicItem[discord.ui.Select[View]], template=MENU_TEMPLATE):
    """A select menu of moves, for a list longer than the buttons a message may hold."""

    def __init__(self, select: discord.ui.Select[View], row: int | None = None) -> None:
        super().__init__(select, row=row)

    @classmethod
    def of(cls, index: int, options: list[tuple[str, str]], row: int | None = None) -> MovePicker:
        """A menu of (label, token) options; its custom id names its place and first option."""
        select: discord.ui.Select[View] = discord.ui.Select(
            custom_id=f"pick{index}:{options[0][1]}",
            options=[discord.SelectOption(label=label, value=token) for label, token in options],
        )
        return cls(select, row=row)

    @classmethod
    async def from_custom_id(
        cls, interaction: discord.Interaction[Any], item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> MovePicker:
        if isinstance(item, discord.ui.Select):
            return cls(item)
        return cls(discord.ui.Select(custom_id=match[0], options=[discord.SelectOption(label="·")]))

    async def callback(self, interaction: discord.Interaction[Any]) -> None:
        values = self.item.values
        await _press(interaction, values[0] if values else "")
