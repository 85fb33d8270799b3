"""The platform messages and uploaded pictures a chat adapter keeps: the part of the store the chat
layer uses, and how a message's row is written.

Each screen of a table has a place (its board in the chat, its turn alert, a person's panel); the
first screen for a place is sent as a new message whose id the store remembers (`remember_message`),
and every later one edits it. Before drawing, a writer claims the place for its screen's table
version (`claim`), and is handed the message that shows it in the same call (one hop to the
database a drawing, not two): a screen older than one another process drew is not drawn. A picture a
platform names by a file id (Telegram) is kept by its content hash (`file_id`,
`remember_file_id`), so it is never uploaded twice, by this process or another.

Kept in memory (memory_records.py: tests, a bot on the memory store) or in the database beside the
tables (adapters/sql/records.py, `SqlStore.records`); not in the service's store port (bot/store/).

A message's row says which kind the message is: "<message id>" for text, "<message id> picture" for
one showing a picture (`note_of`, `read_note`), because a Telegram photo cannot lose its picture
(a screen that goes back to text is sent anew) and a restart or another process drawing next must
know it. A turn alert's row keeps whose turn it announced instead (bot/ui/screen.py
`alert_note`).
"""

from __future__ import annotations

from typing import Final, NamedTuple, Protocol

PICTURE: Final = "photo"  # the mark of a message showing a picture (Telegram's word, kept in old rows)


class Claim(NamedTuple):
    """What claiming a place for a screen's table version found: whether it may be drawn there
    (`won`: no other process drew a newer version there), and the message that shows the place
    (None: there is none yet; given only when won)."""

    won: bool
    message: str | None = None


class Records(Protocol):
    async def message_id(self, table_id: int, audience: str, slot: str) -> str | None: ...

    async def remember_message(
        self, table_id: int, audience: str, slot: str, message_id: str, version: int = 0
    ) -> None: ...

    async def claim(self, table_id: int, audience: str, slot: str, version: int) -> Claim: ...

    async def file_id(self, platform: str, digest: str) -> str | None: ...

    async def remember_file_id(self, platform: str, digest: str, file_id: str) -> None: ...


def note_of(message_id: int, picture: bool) -> str:
    """How a message row keeps a board's or panel's message: its id, and whether it shows a picture."""
    return f"{message_id} {PICTURE}" if picture else str(message_id)


def read_note(note: str | None) -> tuple[int | None, bool]:
    """The message's id (None: there is none) and whether it shows a picture."""
    parts = (note or "").split()
    if not parts or not parts[0].isdecimal():
        return None, False
    return int(parts[0]), parts[1:] == [PICTURE]
