"""What the SQL store reads and writes beside the tables themselves: chat and person settings
(chat_rows.py), results and ratings (ratings.py), achievements, notify lists and seasons
(community.py). (The platforms' messages and uploads: records.py.) Each method is one call into its rows module on the
database's threads (`Database.reading` / `writing`). SqlStore (store.py) is these and the tables."""

from __future__ import annotations

from collections.abc import Collection

from adapters.sql import chat_rows, community
from adapters.sql.database import Database
from adapters.sql.ratings import leaderboard_of, ratings_of, ratings_of_person, standings_of
from bot.achievements import Earned
from bot.people import ChatRef, PersonRef
from bot.ratings import Rating, Standing
from bot.settings import ChatSettings


class RowCalls:
    def __init__(self, db: Database) -> None:
        self.db = db

    # ----- chats and people (chat_rows.py) ------------------------------------------------------

    async def chat_settings(self, chat: ChatRef) -> ChatSettings:
        return await self.db.reading(lambda conn: chat_rows.chat_settings_of(conn, chat))

    async def save_chat_settings(self, chat: ChatRef, settings: ChatSettings) -> None:
        await self.db.writing(lambda conn: chat_rows.save_chat_settings(conn, chat, settings))

    async def person_lang(self, person: PersonRef) -> str | None:
        return await self.db.reading(lambda conn: chat_rows.person_lang_of(conn, person))

    async def set_person_lang(self, person: PersonRef, lang: str) -> None:
        await self.db.writing(lambda conn: chat_rows.set_person_lang(conn, person, lang))

    async def person_look(self, person: PersonRef) -> str | None:
        return await self.db.reading(lambda conn: chat_rows.person_look_of(conn, person))

    async def set_person_look(self, person: PersonRef, look: str) -> None:
        await self.db.writing(lambda conn: chat_rows.set_person_look(conn, person, look))

    # ----- results and ratings --------------------------------------------------------------

    async def results(self, table_id: int) -> list[Standing]:
        return await self.db.reading(lambda conn: standings_of(conn, table_id))

    async def ratings(self, game: str, scope: str, persons: Collection[PersonRef]) -> dict[PersonRef, Rating]:
        return await self.db.reading(lambda conn: ratings_of(conn, game, scope, persons))

    async def leaderboard(self, game: str, scope: str, limit: int) -> list[Rating]:
        return await self.db.reading(lambda conn: leaderboard_of(conn, game, scope, limit))

    async def person_stats(self, person: PersonRef, scope: str) -> list[Rating]:
        return await self.db.reading(lambda conn: ratings_of_person(conn, person, scope))

    # ----- achievements, notify lists and seasons (community.py) ----------------------------

    async def achievements(self, persons: Collection[PersonRef]) -> dict[PersonRef, set[str]]:
        return await self.db.reading(lambda conn: community.achievements_of(conn, persons))

    async def tallies(self, persons: Collection[PersonRef]) -> dict[PersonRef, dict[str, int]]:
        return await self.db.reading(lambda conn: community.tallies_of(conn, persons))

    async def achievements_of(self, person: PersonRef) -> list[Earned]:
        return await self.db.reading(lambda conn: community.earned_by(conn, person))

    async def notify_list(self, chat: ChatRef) -> list[tuple[PersonRef, str]]:
        return await self.db.reading(lambda conn: community.notify_list_of(conn, chat))

    async def set_notify(self, chat: ChatRef, person: PersonRef, name: str, on: bool) -> None:
        await self.db.writing(lambda conn: community.set_notify(conn, chat, person, name, on))

    async def season_scopes(self, season: str) -> list[str]:
        return await self.db.reading(lambda conn: community.season_scopes_of(conn, season))

    async def newest_place(self, platform: str, chat_id: str) -> ChatRef | None:
        return await self.db.reading(lambda conn: community.newest_place(conn, platform, chat_id))

    async def claim_season(self, scope: str, season: str) -> bool:
        """Insert-once: two processes asking at the same time get True once between them."""
        return await self.db.writing(lambda conn: community.claim_season(conn, scope, season))
