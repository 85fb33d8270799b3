"""A screen and where it goes on Discord (a channel's message, or a person's panel), and the
small answers the notifier needs about it: whom it may mention, how long a 429 asks to wait."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

import discord

from adapters.discord.panels import Panel
from bot.people import PersonRef
from bot.screens.model import Screen

NOT_A_TABLE: Final = 0  # leaderboards and stats: never edited, never remembered, no picture
Key = tuple[int, int, str, str]  # (channel, or 0 for a panel; table; audience; slot)
Shown = tuple[str, object, str | None]  # what a message shows: text, components, its picture's digest


@dataclass(frozen=True, slots=True)
class Post:
    """A screen and where it goes: a channel's message, or (channel 0) its person's panel."""

    channel: int
    screen: Screen
    farewell: Panel | None = None  # the last edit of this panel before its interaction runs out

    @property
    def audience(self) -> str:
        """The store's name for whom it is for: "" the channel, else the person's Discord id."""
        return "" if self.screen.audience is None else self.screen.audience.user_id

    @property
    def key(self) -> Key:
        return (self.channel, self.screen.table_id, self.audience, self.screen.slot)


def only(person: PersonRef) -> discord.AllowedMentions:
    """Mentions that notify this one person: no roles, not everyone, no one replied to."""
    return discord.AllowedMentions(
        everyone=False, users=[discord.Object(int(person.user_id))], roles=False, replied_user=False
    )


def retry_after(error: discord.HTTPException) -> float:
    """Seconds a 429 asks to wait (its Retry-After header; a second if it has none)."""
    try:
        return max(0.0, float(error.response.headers.get("Retry-After", 1.0)))
    except (AttributeError, TypeError, ValueError):
        return 1.0
