"""A screen and where it goes on Discord (a channel's message, or a person's panel), and the
small answers the notifier needs about it: whom it may mention, how long a 429 asks to wait.

Most screens are a message drawn again and again (a board, a panel, a turn alert): the newest
screen for it replaces one still waiting. A one-off screen (a ping when a game opens, a season's
podium) is a message of its own, sent once and never edited: each has its own place in the queue
(`serial`), so none is lost to a later one."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

import discord

from adapters.discord.panels import Panel
from bot.people import PersonRef
from bot.screens.model import Screen

BOARD: Final = "table"  # the slot of a table's public board
NO_MENTIONS: Final = discord.AllowedMentions.none()
NOT_A_TABLE: Final = 0  # leaderboards, stats and seasons: never edited, never remembered
PING: Final = "ping"  # the slot of the message naming the people who asked to be told a game opened
SEASON: Final = "season"  # the slot of a season's podium (table 0), with its picture
ONE_OFF: Final = frozenset({PING, SEASON})  # slots whose every screen is a new message
MAX_MENTIONS: Final = 100  # users one message's allowed mentions may name
Key = tuple[int, int, str, str]  # (channel, or 0 for a panel; table; audience; slot)
Shown = tuple[str, object, str | None]  # what a message shows: text, components, its picture's digest


@dataclass(frozen=True, slots=True)
class Post:
    """A screen and where it goes: a channel's message, or (channel 0) its person's panel."""

    channel: int
    screen: Screen
    farewell: Panel | None = None  # the last edit of this panel before its interaction runs out
    serial: int = 0  # a one-off message's own place in the queue (0: the message of its slot)

    @property
    def audience(self) -> str:
        """The store's name for whom it is for: "" the channel, else the person's Discord id."""
        return "" if self.screen.audience is None else self.screen.audience.user_id

    @property
    def key(self) -> Key:
        slot = f"{self.screen.slot}#{self.serial}" if self.serial else self.screen.slot
        return (self.channel, self.screen.table_id, self.audience, slot)


def only(person: PersonRef) -> discord.AllowedMentions:
    """Mentions that notify this one person: no roles, not everyone, no one replied to."""
    return discord.AllowedMentions(
        everyone=False, users=[discord.Object(int(person.user_id))], roles=False, replied_user=False
    )


def these(people: Iterable[PersonRef]) -> discord.AllowedMentions:
    """Mentions that notify these people (the first MAX_MENTIONS of them) and nobody else."""
    ids = [int(person.user_id) for person in dict.fromkeys(people) if person.user_id.isdecimal()]
    users = [discord.Object(user_id) for user_id in ids[:MAX_MENTIONS]]
    return discord.AllowedMentions(everyone=False, users=users, roles=False, replied_user=False)


def retry_after(error: discord.HTTPException) -> float:
    """Seconds a 429 asks to wait (its Retry-After header; a second if it has none)."""
    try:
        return max(0.0, float(error.response.headers.get("Retry-After", 1.0)))
    except (AttributeError, TypeError, ValueError):
        return 1.0
