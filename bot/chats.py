"""A chat's settings and a person's language, as the service reads them.

Every change and every redraw needs the chat's settings, so they are read at most every
SETTINGS_TTL seconds per chat (a change made by another process shows within that time; one made
through this process, at once), by the service's clock. The CHATS_KEPT chats read most recently are
kept.

A person's language: the one they chose (`/language`), else their app's when the bot speaks it,
else the chat's, else English. The choice is read at most every LANG_TTL seconds per person (a
Discord press needs it before anything else), and at once when made through this process; the
LANGS_KEPT people read most recently are kept."""

from __future__ import annotations

from typing import Protocol

from cachetools import TTLCache

from bot.clock import Clock
from bot.i18n import LANGUAGES
from bot.people import Actor, ChatRef, PersonRef
from bot.settings import ChatSettings
from bot.store.chats import ChatStore

SETTINGS_TTL = 10.0  # seconds a chat's settings are used before they are read again
CHATS_KEPT = 10_000
LANG_TTL = 60.0  # seconds a person's chosen language is used before it is read again (as bot/looks.py)
LANGS_KEPT = 10_000


class LanguageStore(ChatStore, Protocol):
    async def person_lang(self, person: PersonRef) -> str | None: ...

    async def set_person_lang(self, person: PersonRef, lang: str) -> None: ...


class Chats:
    def __init__(self, store: LanguageStore, clock: Clock) -> None:
        self._store = store
        self._settings: TTLCache[tuple[str, str], ChatSettings] = TTLCache(CHATS_KEPT, SETTINGS_TTL, timer=clock.now)
        self._langs: TTLCache[PersonRef, str | None] = TTLCache(LANGS_KEPT, LANG_TTL, timer=clock.now)

    async def settings(self, chat: ChatRef) -> ChatSettings:
        """The chat's settings (shared by its threads). Not to be changed: `save` a copy."""
        key = (chat.platform, chat.chat_id)
        settings = self._settings.get(key)
        if settings is None:
            settings = self._settings[key] = await self._store.chat_settings(chat)
        return settings

    async def save(self, chat: ChatRef, settings: ChatSettings) -> None:
        await self._store.save_chat_settings(chat, settings)
        self._settings[(chat.platform, chat.chat_id)] = settings

    def saved(self, chat: ChatRef, settings: ChatSettings) -> None:
        """The chat's settings as a transaction of the caller's has just committed them."""
        self._settings[(chat.platform, chat.chat_id)] = settings

    async def page_public_since(self, chat: ChatRef) -> float | None:
        """Since when the chat's page is public (its admins' `page_public` setting); None: private.
        A public link is good while this is the moment it was signed with (adapters/web)."""
        return (await self.settings(chat)).page_public_since

    def forget(self) -> None:
        """Read every chat's settings and person's language again next time (an operator, or a
        test, wrote them directly)."""
        self._settings.clear()
        self._langs.clear()

    def forget_person(self, person: PersonRef) -> None:
        """The person's language is no longer stored (`/forget`): none chosen, from now on."""
        self._langs[person] = None

    async def person_lang(self, person: PersonRef) -> str | None:
        """The language the person chose (None: none)."""
        if person in self._langs:
            return self._langs[person]
        own = self._langs[person] = await self._store.person_lang(person)
        return own

    async def save_person_lang(self, person: PersonRef, lang: str) -> None:
        await self._store.set_person_lang(person, lang)
        self._langs[person] = lang

    async def lang_of(self, actor: Actor, chat: ChatRef | None = None) -> str:
        own = await self.person_lang(actor.person)
        if own:
            return own
        if actor.lang in LANGUAGES:
            return actor.lang
        return (await self.settings(chat)).lang if chat else "en"
