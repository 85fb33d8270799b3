"""A screen and the place it is drawn in (the group's board and alert, a person's panel), and
what a drawn message is known to show."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from adapters.telegram.buried import Place
from bot.people import ChatRef
from bot.screens.model import Screen

BOARD: Final = "table"  # the slot of a table's public board
Key = tuple[str, int, str, str]  # (chat it is drawn in, table, audience, slot)
# text, entities (as JSON: PTB compares entities by type and place only), buttons, the picture's digest
Shown = tuple[str, str, object, str | None]


@dataclass(frozen=True, slots=True)
class Post:
    """A screen and where it goes."""

    chat_id: str
    thread_id: str | None
    screen: Screen

    @property
    def audience(self) -> str:
        """The store's name for whom it is for: "" the chat, else the person's Telegram id."""
        return "" if self.screen.audience is None else self.screen.audience.user_id

    @property
    def key(self) -> Key:
        return (self.chat_id, self.screen.table_id, self.audience, self.screen.slot)

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
    if screen.audience is None:
        if chat is None:
            raise ValueError("a public screen needs its chat")
        return Post(chat.chat_id, chat.thread_id, screen)
    return Post(screen.audience.user_id, None, screen)
