"""The tournaments' store: each tournament whole (bot/tournament.py), saved with a version like a
table (optimistic: a save names the version it loaded, and one that finds another refuses with
`StaleTournament` and writes nothing), and found by what runs them (bot/tournaments.py): the open
ones of a chat, every open one on start, and those whose time has come.

A tournament and its tables are saved in transactions of their own: the tournament names each
match's table id before the table exists, so whatever a crash leaves between the two is found and
finished by the service's reconciliation (bot/tournaments.py), never lost."""

from __future__ import annotations

from typing import Protocol

from bot.people import ChatRef
from bot.store.errors import StaleTournament
from bot.tournament import Tournament

__all__ = ["StaleTournament", "TournamentStore"]


class TournamentStore(Protocol):
    async def new_tournament_id(self) -> int: ...

    async def load_tournament(self, tournament_id: int) -> Tournament | None: ...

    async def save_tournament(self, tournament: Tournament, expected_version: int) -> None:
        """Save it if the stored version is still `expected_version` (-1: a new one), else raise
        StaleTournament and write nothing."""
        ...

    async def open_tournaments(self, chat: ChatRef | None = None, platform: str | None = None) -> list[Tournament]:
        """Tournaments signing up or running, by id: in this chat (any of its threads) if given, else
        of `platform`'s chats if given, else all."""
        ...

    async def tournaments_due(self, now: float, platform: str | None = None) -> list[int]:
        """The ids of open tournaments whose `due` time has come (sign-up closes, a round's limit),
        earliest first."""
        ...

    async def next_tournament_due(self, platform: str | None = None) -> float | None:
        """The earliest `due` of an open tournament (of `platform`'s chats, if given)."""
        ...
