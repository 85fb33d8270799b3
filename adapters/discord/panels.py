"""Ephemeral panels: a person's hand or controls for one table, in a message only they see.

An ephemeral message can only be edited through the interaction that made it (or the latest
interaction on it), for 15 minutes. So each open panel is kept with the way to edit it, the time
that way runs out, the person's language and the screen last drawn in it; every press on the panel
brings a fresh interaction, and with it another 15 minutes. Nothing here needs to survive a
restart: after one, a press on an old panel (its buttons still work) opens it again.

A panel also knows its message's id (once known: a panel opened from the table's message is a new
"thinking" message until its first edit answers with it), by which panel_screens.py remembers the
picture the message shows: a press on the panel keeps it, and a redraw that does not change it
uploads nothing.
"""

from __future__ import annotations

import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

import discord

from adapters.discord.components import PictureEdit
from bot.ui.screen import Screen

# Draws (text, components, what happens to the picture) on the panel's message; answers the
# message's id (None: not known)
Edit = Callable[[str, discord.ui.View | None, PictureEdit], Awaitable[int | None]]
PanelKey = tuple[int, str]  # (table, person's Discord id)


@dataclass(slots=True)
class Panel:
    edit: Edit
    expires: float  # monotonic seconds: after this, `edit` no longer reaches the message
    lang: str
    screen: Screen | None = None  # the newest screen for it (drawn, or on its way)
    note: str | None = None  # an answer shown above the screen (a refused move), until `note_until`
    note_until: float = 0.0
    message_id: int | None = None  # the panel's message (None: a new one, not drawn in yet)


def edit_original(interaction: discord.Interaction[Any]) -> Edit:
    """Edits the interaction's message: the panel a component was pressed on, or the one the
    interaction's response created."""

    async def edit(content: str, view: discord.ui.View | None, picture: PictureEdit) -> int | None:
        message = await interaction.edit_original_response(content=content, view=view, **picture.edit_fields())
        return message.id

    return edit


def edit_followup(message: discord.WebhookMessage) -> Edit:
    """Edits a panel sent as a follow-up message."""

    async def edit(content: str, view: discord.ui.View | None, picture: PictureEdit) -> int | None:
        edited = await message.edit(content=content, view=view, **picture.edit_fields())
        return edited.id

    return edit


class Panels:
    def __init__(self, lifetime: float, now: Callable[[], float] = time.monotonic) -> None:
        self.lifetime = lifetime
        self.now = now
        self._panels: dict[PanelKey, Panel] = {}

    def open(
        self, key: PanelKey, edit: Edit, lang: str, screen: Screen | None = None, message_id: int | None = None
    ) -> Panel:
        """A fresh way to edit the person's panel (from an interaction just answered) on the
        message `message_id` (None: a new one); a note shown on it is dropped (a new press
        answers it)."""
        old = self._panels.get(key)
        screen = screen or (old.screen if old else None)
        panel = Panel(edit, self.now() + self.lifetime, lang, screen, message_id=message_id)
        self._panels[key] = panel
        return panel

    def get(self, key: PanelKey) -> Panel | None:
        """The person's live panel, if any (an expired one is forgotten)."""
        panel = self._panels.get(key)
        if panel is not None and panel.expires <= self.now():
            del self._panels[key]
            return None
        return panel

    def is_current(self, key: PanelKey, panel: Panel) -> bool:
        """Whether `panel` is still the way to edit the person's panel (expired or not)."""
        return self._panels.get(key) is panel

    def close(self, key: PanelKey, panel: Panel | None = None) -> None:
        """Forget the panel (only if it is still `panel`, when given)."""
        if panel is None or self._panels.get(key) is panel:
            self._panels.pop(key, None)

    def reopen(self, key: PanelKey, panel: Panel) -> bool:
        """Take back a panel closed while its interaction still lasts (to draw one more final
        screen on it); False if it has run out, or the person has opened another since."""
        if panel.expires <= self.now() or key in self._panels:
            return False
        self._panels[key] = panel
        return True

    def of_table(self, table_id: int) -> list[PanelKey]:
        return [key for key in self._panels if key[0] == table_id]

    def note_of(self, panel: Panel) -> str | None:
        return panel.note if panel.note and panel.note_until > self.now() else None

    def __len__(self) -> int:
        return len(self._panels)
