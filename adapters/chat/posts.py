"""A screen and where it goes: a place in a chat (a group's board and turn alert, a person's panel)
or a message of its own.

Most screens are a message drawn again and again (a board, a panel, a turn alert): the newest
screen for it replaces one still waiting (writers.py). A one-off screen (slot PING: a new lobby's
message naming the people who asked to hear of one; slot SEASON, table 0: a season's podium, one
per game the chat played) is a new message of its own, never edited nor remembered: its post gets a
number no other post has (`serial`), so that two of them (two games' podiums) are never coalesced
into one.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from typing import Final, NamedTuple

from bot.people import ChatRef
from bot.ui.screen import Screen

BOARD: Final = "table"  # the slot of a table's public board
PANEL: Final = "panel"  # the slot of a person's private panel
PING: Final = "ping"  # a new lobby's message naming the people who asked to hear of one
SEASON: Final = "season"  # a season's podium, for each game the chat played (table 0)
STATS: Final = "stats"  # a person's stats, an answer to a command (table 0): with their rating chart
ONE_OFF: Final = frozenset({PING, SEASON})  # slots whose screens are each a new message, never edited
NOT_A_TABLE: Final = 0  # leaderboards, stats, season podiums: never edited, never remembered
_serials = itertools.count(1)


class Place(NamedTuple):
    """Where messages go: a chat or channel (a person's private chat; "" for Discord's ephemeral
    panels, which are no chat's messages), and a forum topic in it."""

    chat: str
    thread: str | None = None

    @staticmethod
    def of(chat: ChatRef) -> Place:
        return Place(chat.chat_id, chat.thread_id)


Key = tuple[Place, int, str, str]  # (where it is drawn, table, audience, slot)


@dataclass(frozen=True, slots=True)
class Post:
    """A screen and where it goes."""

    where: Place
    screen: Screen
    serial: int = 0  # a one-off message's own number (0: the message of its place)

    @staticmethod
    def public(where: Place, screen: Screen) -> Post:
        return Post(where, screen, next(_serials) if screen.slot in ONE_OFF else 0)

    @property
    def audience(self) -> str:
        """The store's name for whom it is for: "" the chat, else the person's id on the platform."""
        return "" if self.screen.audience is None else self.screen.audience.user_id

    @property
    def key(self) -> Key:
        slot = self.screen.slot if not self.serial else f"{self.screen.slot}#{self.serial}"
        return (self.where, self.screen.table_id, self.audience, slot)

    @property
    def one_off(self) -> bool:
        """A new message of its own, never edited nor remembered (a ping, a season's podium)."""
        return self.serial != 0

    @property
    def is_board(self) -> bool:
        """The table's public message, which messages below it may bury (not an alert, not the end)."""
        screen = self.screen
        return screen.audience is None and screen.slot == BOARD and not screen.final
