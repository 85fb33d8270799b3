"""What the store keeps of a chat's community: who asked to hear of a new table (`/notify`), which
chats played in a season and whether its end was announced there, where a chat's newest table was."""

from __future__ import annotations

from typing import Protocol

from bot.people import ChatRef, PersonRef


class CommunityStore(Protocol):
    async def notify_list(self, chat: ChatRef) -> list[tuple[PersonRef, str]]:
        """Who asked to be told when a game opens in this chat (its threads share it): (person,
        the name they had then), in the order they asked."""
        ...

    async def set_notify(self, chat: ChatRef, person: PersonRef, name: str, on: bool) -> None:
        """Add this person to the chat's notify list (again: their name is updated, their place
        kept) or take them off it."""
        ...

    async def season_scopes(self, season: str) -> list[str]:
        """The chats' rating scopes ("<platform>:<chat_id>", sorted) with a rated or practice game
        in this season (rating rows of scope "<chat scope>@<season>": bot/seasons.py)."""
        ...

    async def newest_place(self, platform: str, chat_id: str) -> ChatRef | None:
        """Where the chat's newest table was (its thread or channel, which a chat's own messages,
        such as a season's podium, go to); None if it has none."""
        ...

    async def claim_season(self, scope: str, season: str) -> bool:
        """True the first time it is asked for this chat scope and season (by any process), then
        False: a season's end is announced in each chat once."""
        ...
