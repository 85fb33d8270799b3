"""What a screen is. Adapters turn these into messages; they never look inside a game."""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.people import PersonRef


@dataclass(frozen=True, slots=True)
class Button:
    label: str
    token: str | None = None  # an action token (callback data / custom id)
    inline_query: str | None = None  # open the platform's inline mode with this query (Telegram)


@dataclass(frozen=True, slots=True)
class Screen:
    table_id: int
    text: str
    buttons: tuple[tuple[Button, ...], ...] = ()
    audience: PersonRef | None = None  # None: the whole chat
    slot: str = "table"  # which message this is: "table" (the public board) or "panel" (private)
    final: bool = False  # the table is over: no more edits will come
    version: int = 0  # the table version shown: never drawn over a newer one (Store.claim_screen)

    @property
    def public(self) -> bool:
        return self.audience is None


@dataclass(frozen=True, slots=True)
class Reply:
    """The service's immediate answer to the person who sent a command."""

    text: str | None = None  # a short private answer (a toast); None: nothing to say
    ok: bool = True
    screens: tuple[Screen, ...] = field(default=())  # private screens for the sender (their panel)
    table_id: int | None = None
