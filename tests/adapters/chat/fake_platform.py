"""A chat platform in memory, for the chat layer's tests: chats of messages with text and maybe a
picture, and every call made (`calls`). Like Telegram, a message showing a picture cannot lose it
by an edit; like any platform, it can be made to fail (`fail`: errors for the next calls, each
with the trouble it means) or to hold its calls (`gate`)."""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field
from typing import Final

from adapters.chat.memory_records import MemoryRecords
from adapters.chat.notifier import ChatNotifier
from adapters.chat.pacing import UNPACED, Pace
from adapters.chat.pictures import FileIds, Picture
from adapters.chat.platform import NotEditable, Sent, Trouble
from adapters.chat.posts import Place, Post
from bot.clock import Clock
from bot.people import ChatRef, PersonRef

CAPTION: Final = 100  # characters a message with a picture may have


@dataclass(frozen=True, slots=True)
class Drawn:
    text: str
    buttons: tuple[str, ...] = ()

    @property
    def shows(self) -> object:
        return (self.text, self.buttons)

    @property
    def takes_picture(self) -> bool:
        return len(self.text) <= CAPTION


@dataclass(slots=True)
class Message:
    text: str
    picture: str | None  # the digest of the picture it shows
    silent: bool
    deleted: bool = False


@dataclass(frozen=True, slots=True)
class Call:
    what: str  # "send", "edit", "delete"
    chat: str
    message_id: int | None
    text: str = ""
    picture: Picture | None = None
    silently: bool = False


class Failure(Exception):
    def __init__(self, trouble: Trouble | None, after: float = 0.0) -> None:
        super().__init__(f"{trouble} (after {after} s)")
        self.trouble, self.after = trouble, after


@dataclass
class FakePlatform:
    part: int = 0  # the longest one-off message, in characters (0: no limit)
    private: bool = True  # whether a person's screens go to their private chat
    calls: list[Call] = field(default_factory=list)
    messages: dict[tuple[str, int], Message] = field(default_factory=dict)
    fail: list[Exception] = field(default_factory=list)
    gate: asyncio.Event | None = None
    next_id: int = 100

    def place_of(self, chat: ChatRef) -> Place:
        return Place.of(chat)

    def private_place(self, person: PersonRef) -> Place | None:
        return Place(f"dm{person.user_id}") if self.private else None

    def drawn(self, post: Post) -> Drawn:
        return Drawn(post.screen.text, tuple(b.label for row in post.screen.buttons for b in row))

    def parts(self, post: Post) -> list[Drawn]:
        text, size = post.screen.text, self.part or len(post.screen.text) or 1
        return [Drawn(text[i : i + size]) for i in range(0, len(text), size)] or [Drawn("")]

    async def send(self, post: Post, drawn: Drawn, picture: Picture | None, silently: bool) -> Sent:
        await self._call(Call("send", post.where.chat, None, drawn.text, picture, silently))
        assert picture is None or not picture.stays, "a new message is sent its picture"
        self.next_id += 1
        digest = None if picture is None else picture.digest
        self.messages[(post.where.chat, self.next_id)] = Message(drawn.text, digest, silently)
        return Sent(self.next_id, f"file-{digest}" if picture is not None and picture.png is not None else None)

    async def edit(
        self, post: Post, message_id: int, drawn: Drawn, picture: Picture | None, showing: str | None
    ) -> str | None:
        message = self.messages.get((post.where.chat, message_id))
        if picture is None and message is not None and message.picture is not None:
            raise NotEditable("a message with a picture keeps it")
        await self._call(Call("edit", post.where.chat, message_id, drawn.text, picture))
        if message is None or message.deleted:
            raise Failure(Trouble.GONE)
        message.text = drawn.text
        if picture is not None and not picture.stays:
            message.picture = picture.digest
        return f"file-{picture.digest}" if picture is not None and picture.png is not None else None

    async def delete(self, where: Place, message_id: int) -> None:
        await self._call(Call("delete", where.chat, message_id))
        message = self.messages.get((where.chat, message_id))
        if message is None or message.deleted:
            raise Failure(Trouble.GONE)
        message.deleted = True

    def trouble(self, error: BaseException) -> Trouble | None:
        return error.trouble if isinstance(error, Failure) else None

    def retry_after(self, error: BaseException) -> float:
        return error.after if isinstance(error, Failure) else 0.0

    def did(self, *what: str) -> list[tuple[str, str]]:
        """The calls made (of these kinds), as (kind, text)."""
        return [(c.what, c.text) for c in self.calls if not what or c.what in what]

    async def _call(self, call: Call) -> None:
        if self.gate is not None:
            await self.gate.wait()
        if self.fail:
            raise self.fail.pop(0)
        self.calls.append(call)


def chat_notifier(
    platform: FakePlatform | None = None,
    store: MemoryRecords | None = None,
    pace: Pace = UNPACED,
    file_ids: FileIds | None = None,
    clock: Clock | None = None,
) -> tuple[ChatNotifier, FakePlatform, MemoryRecords]:
    platform, store = platform or FakePlatform(), store or MemoryRecords()
    return ChatNotifier(platform, store, pace, file_ids, clock), platform, store
