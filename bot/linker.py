"""`/link` and `/unlink` (bot/account_links.py says what a link is): the answers a person reads, always to
them alone (the adapters answer in private: Telegram's private chat, Discord's ephemeral reply).

- `/link` alone shows a fresh code for this account (an earlier one stops working), valid 10 minutes;
- `/link CODE` on the other platform links the two accounts;
- `/unlink` on either separates them, each keeping a copy of the joint record.

Refused, and nothing changes: a code that is not one, unknown, expired or used; typed on the
platform it was shown on, or by the account it was shown to; an account linked already (either);
a person who asked to be forgotten (until a game of theirs finishes: then they are a new person).
Wrong codes are limited per account: `MAX_TRIES` within `TRIES_SECONDS` of the last, then every
`/link CODE` is refused until that passes (kept in this process's memory: a restart forgets the
count, which a guesser cannot exploit: 2**40 codes, 10 minutes each).

Linking and unlinking take the saver's ratings lock (bot/saver.py), so no finishing game in this
process reads an identity's rows while they are merged or copied (the store takes the database's
own "ratings" lock for the other processes)."""

from __future__ import annotations

import asyncio
from typing import Protocol

from cachetools import TTLCache

from bot import account_links
from bot.account_links import Linking
from bot.chats import Chats
from bot.clock import Clock
from bot.commands import Link, Unlink
from bot.i18n import translator
from bot.people import PersonRef
from bot.refusals import Refused
from bot.store.account_links import LinkStore
from bot.ui.screen import Reply

MAX_TRIES = 5  # wrong codes an account may type ...
TRIES_SECONDS = 600.0  # ... within this long of its last wrong one
PLATFORMS = {"telegram": "Telegram", "discord": "Discord", "console": "console"}  # (proper names)


class LinkerStore(LinkStore, Protocol):
    async def forgotten(self, person: PersonRef) -> bool: ...


class Linker:
    def __init__(self, store: LinkerStore, chats: Chats, clock: Clock, rating_writes: asyncio.Lock) -> None:
        self._store = store
        self._chats = chats
        self._clock = clock
        self._rating_writes = rating_writes
        self._tries: TTLCache[PersonRef, int] = TTLCache(maxsize=100_000, ttl=TRIES_SECONDS, timer=clock.now)

    async def link(self, cmd: Link) -> Reply:
        return await (self._show(cmd) if cmd.code is None else self._redeem(cmd, cmd.code))

    async def _show(self, cmd: Link) -> Reply:
        person = cmd.actor.person
        if await self._store.forgotten(person):
            raise Refused("you asked to be forgotten: finish a game first, then link")
        if await self._store.identities([person]):
            raise Refused("this account is linked already: /unlink it first")
        code = account_links.new_code()
        await self._store.put_link_code(person, cmd.actor.name, code, self._clock.now())
        t = translator(await self._chats.lang_of(cmd.actor, cmd.chat))
        text = t.gettext(
            "🔗 Your code: {code}\nOn your other platform, type /link {code} within {minutes} minutes."
            " It works once, for you: show it to nobody."
        )
        return Reply(text.format(code=account_links.shown_code(code), minutes=round(account_links.VALID_SECONDS / 60)))

    async def _redeem(self, cmd: Link, typed: str) -> Reply:
        person = cmd.actor.person
        if self._tries.get(person, 0) >= MAX_TRIES:
            raise Refused("too many wrong codes: try again in {minutes} minutes", minutes=round(TRIES_SECONDS / 60))
        code = account_links.typed_code(typed)
        if code is None:
            self._wrong(person)
            raise Refused("that is not a link code: it looks like ABCD-EFGH")
        async with self._rating_writes:
            done = await self._store.redeem(code, person, cmd.actor.name, self._clock.now())
        if done.linking.wrong:
            self._wrong(person)
        refusal = REFUSALS.get(done.linking)
        if refusal is not None:  # (a fresh one: a raised exception keeps its traceback)
            raise Refused(refusal.template, **refusal.params)
        assert done.other is not None
        t = translator(await self._chats.lang_of(cmd.actor, cmd.chat))
        text = t.gettext(
            "🔗 Linked: your {platform} account and this one are one player now, with one rating,"
            " achievements and stats. /unlink separates them."
        )
        return Reply(text.format(platform=_platform(done.other)))

    def _wrong(self, person: PersonRef) -> None:
        self._tries[person] = self._tries.get(person, 0) + 1

    async def unlink(self, cmd: Unlink) -> Reply:
        async with self._rating_writes:
            other = await self._store.unlink(cmd.actor.person)
        if other is None:
            raise Refused("this account is not linked to another")
        t = translator(await self._chats.lang_of(cmd.actor, cmd.chat))
        text = t.gettext(
            "Unlinked from your {platform} account. Each keeps a copy of your ratings, stats and"
            " achievements as they are now, and goes on alone."
        )
        return Reply(text.format(platform=_platform(other)))


def _platform(person: PersonRef) -> str:
    return PLATFORMS.get(person.platform, person.platform)


REFUSALS: dict[Linking, Refused] = {
    Linking.UNKNOWN: Refused("no such link code: check it, or ask for a new one with /link"),
    Linking.EXPIRED: Refused("this link code has expired: ask for a new one with /link"),
    Linking.USED: Refused("this link code was used already"),
    Linking.SAME_ACCOUNT: Refused("type this code on your other platform, not here"),
    Linking.SAME_PLATFORM: Refused("type this code on your other platform, not here"),
    Linking.LINKED_HERE: Refused("this account is linked already: /unlink it first"),
    Linking.LINKED_THERE: Refused("the account that showed this code is linked already"),
    Linking.FORGOTTEN: Refused("you asked to be forgotten: finish a game first, then link"),
}
