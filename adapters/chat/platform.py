"""The platform protocol: the little a chat platform does for the chat layer.

discord.py's HTTPClient and python-telegram-bot's BaseRequest keep the transport behind a narrow
interface and put the behaviour above it. So does the chat layer: writers, pacing, edit-or-post,
buried boards, turn alerts, one-off messages, pictures and what a message shows are written once;
a platform (adapters/telegram/messages.py, adapters/discord/messages.py) only draws a screen its own
way (text, entities or mentions, buttons), sends, edits and deletes a message (a picture, uploaded
or named by the file id the platform gave it, goes with the send or the edit) and says what an
error of its means. Where a private screen goes is the platform's too: Telegram's panels are
messages in a person's private chat (`private_place`), Discord's are ephemeral, drawn through the
same writers by adapters/discord/panel_screens.py.

Reading what people do (commands, presses, inline mode, components) is each platform's own, and so
is answering a press (a Telegram toast, a Discord interaction's response): it is part of reading
it, and the chat layer never needs it.
"""

from __future__ import annotations

import enum
import logging
from dataclasses import dataclass
from typing import Protocol, TypeVar

from adapters.chat.pictures import Picture
from adapters.chat.posts import Place, Post
from bot.people import ChatRef, PersonRef

log = logging.getLogger(__name__)


class Trouble(enum.Enum):
    """What a platform's error means for the message being drawn. Normal events, not failures,
    but for REFUSED (logged and skipped)."""

    NETWORK = "network"  # a timeout, a broken connection, a server error: tried again a few times
    RATE_LIMITED = "rate limited"  # beyond the library's own retries: wait `retry_after`, then the newest
    FORBIDDEN = "forbidden"  # the bot may not write there (a person who never started it, or blocked it)
    GONE = "gone"  # the message was deleted, or can no longer be edited: a new one is sent
    NOT_MODIFIED = "not modified"  # the message shows this already
    WRONG_KIND = "wrong kind"  # the message is not of the kind its row says (another process drew it)
    REFUSED = "refused"  # any other answer of the platform's: the screen is skipped


class NotEditable(Exception):
    """A platform cannot make the message show this by an edit (a Telegram photo cannot lose its
    picture): it is sent anew, and the old one deleted."""


@dataclass(frozen=True, slots=True)
class Sent:
    message_id: int
    file_id: str | None = None  # the platform's name for the picture uploaded with it, if it gives one


class Drawing(Protocol):
    """A screen as a platform draws it; the chat layer reads two things of it."""

    @property
    def shows(self) -> object:
        """What the message shows besides its picture (text, entities, buttons), to compare."""
        ...

    @property
    def takes_picture(self) -> bool:
        """Whether a picture may go with it (a caption's length is limited)."""
        ...


D = TypeVar("D", bound=Drawing)


class Troubles(Protocol):
    def trouble(self, error: BaseException) -> Trouble | None:
        """What the error means (None: it is not the platform's: a bug, logged with its trace)."""
        ...

    def retry_after(self, error: BaseException) -> float:
        """Seconds a RATE_LIMITED error asks to wait."""
        ...


class Platform(Troubles, Protocol[D]):
    def place_of(self, chat: ChatRef) -> Place:
        """Where a chat's public screens go."""
        ...

    def private_place(self, person: PersonRef) -> Place | None:
        """Where a person's screens go: their private chat with the bot (None: nowhere the chat
        layer draws in, as Discord's ephemeral panels)."""
        ...

    def drawn(self, post: Post) -> D:
        """The screen of a place's message, drawn this platform's way."""
        ...

    def parts(self, post: Post) -> list[D]:
        """A one-off screen as the messages it goes in (one, unless it is too long for one)."""
        ...

    async def send(self, post: Post, drawn: D, picture: Picture | None, silently: bool) -> Sent:
        """A new message (`silently`: ringing no one's phone); with the picture, if one is given."""
        ...

    async def edit(
        self, post: Post, message_id: int, drawn: D, picture: Picture | None, showing: str | None
    ) -> str | None:
        """Edit the message to show `drawn` with `picture` (None: none) where it shows `showing`
        (shown.py); the file id of a picture uploaded with it, if the platform gives one."""
        ...

    async def delete(self, where: Place, message_id: int) -> None: ...


async def delete_quietly(platform: Platform[D], where: Place, message_id: int) -> bool:
    """Delete a message the chat may have lost already (deleted by people, or by another process,
    or too old to delete); whether it was. A platform that is down or asks to slow down has said
    nothing of the message: that is raised, and the whole drawing tried again (writers.py), so an
    outage leaves no old board or turn alert behind the new one."""
    try:
        await platform.delete(where, message_id)
    except Exception as e:
        if platform.trouble(e) in (None, Trouble.NETWORK, Trouble.RATE_LIMITED):
            raise
        log.info("message %s in %s could not be deleted: %s", message_id, where.chat, e)
        return False
    return True
