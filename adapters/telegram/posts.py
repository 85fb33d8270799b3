"""A screen and the place it is drawn in (the group's board and alert, a person's panel), and
what a drawn message is known to show.

Some screens are one-off messages rather than places: a lobby's ping naming the people who asked
to hear of new games (slot PING), a season's podium (slot SEASON, table 0, one per game). Each is
a new message of its own, never edited nor remembered: its post gets a key no other post has, so
that two of them (two games' podiums) are never coalesced into one."""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from typing import Final

from adapters.telegram.buried import Place
from bot.people import ChatRef
from bot.screens.model import Screen

BOARD: Final = "table"  # the slot of a table's public board
PING: Final = "ping"  # a new lobby's message naming the people who asked to hear of one
SEASON: Final = "season"  # a season's podium, for each game the chat played (table 0)
ONE_OFF: Final = frozenset({PING, SEASON})  # slots whose screens are each a new message, never edited
_serials = itertools.count(1)
Key = tuple[str, int, str, str]  # (chat it is drawn in, table, audience, slot)
# text, entities (as JSON: PTB compares entities by type and place only), buttons, the picture's digest
Shown = tuple[str, str, object, str | None]


@dataclass(frozen=True, slots=True)
class Post:
    """A screen and where it goes."""

    chat_id: str
    thread_id: str | None
    screen: Screen
    serial: int = field(default=0, compare=False)  # a one-off message's own number (0: a place)

    @property
    def audience(self) -> str:
        """The store's name for whom it is for: "" the chat, else the person's Telegram id."""
        return "" if self.screen.audience is None else self.screen.audience.user_id

    @property
    def key(self) -> Key:
        slot = self.screen.slot if not self.serial else f"{self.screen.slot}#{self.serial}"
        return (self.chat_id, self.screen.table_id, self.audience, slot)

    @property
    def one_off(self) -> bool:
        """A new message of its own, never edited nor remembered (a ping, a season's podium)."""
        return self.serial != 0

    @property
    def place(self) -> Place:
        return (self.chat_id, self.thread_id)

    @property
    def is_board(self) -> bool:
        """The table's public message, which messages below it may bury (not an alert, not the end)."""
        screen = self.screen
        return screen.audience is None and screen.slot == BOARD and not screen.final


def drawn_digest(shown: Shown | None) -> str | None:
    """The digest of the picture a message is known to show (None: text, or not known)."""
    return shown[3] if shown is not None else None


def post_of(chat: ChatRef | None, screen: Screen) -> Post:
    """A public screen goes to the chat (and topic); a private one to the person's own chat."""
    serial = next(_serials) if screen.slot in ONE_OFF else 0
    if screen.audience is None:
        if chat is None:
            raise ValueError("a public screen needs its chat")
        return Post(chat.chat_id, chat.thread_id, screen, serial)
    return Post(screen.audience.user_id, None, screen, serial)
