"""Who is where: chats and people, as platform identities (never platform objects)."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class ChatRef:
    """A place where a table lives: a group chat, or one topic/thread in it."""

    platform: str
    chat_id: str
    thread_id: str | None = None


@dataclass(frozen=True, slots=True)
class PersonRef:
    platform: str
    user_id: str


@dataclass(frozen=True, slots=True)
class Actor:
    """Whoever sent a command, as the adapter saw them."""

    person: PersonRef
    name: str
    lang: str | None = None  # their own language, if they chose or the platform says
    admin: bool = False  # a chat admin (may cancel any table and change settings)
