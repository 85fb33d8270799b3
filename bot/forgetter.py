"""`/forget`: a person asks to be forgotten everywhere (bot/forgotten.py says what stays).

It cannot be undone, so it is asked first: a private screen with "Yes, forget me" and "Keep me",
whose buttons only the asker may press (the token carries a digest of whose they are; it names no
table: `NO_TABLE`). Someone still at an open table, or still playing in an open tournament
(bot/forgotten_entrants.py), is told to leave it or finish it first, when
asking and again when pressing yes (the store checks once more in the same transaction that
forgets). Asked again once forgotten, it answers so, asking nothing (anything kept of them since,
a language chosen, is forgotten with it)."""

from __future__ import annotations

import hashlib
from typing import Protocol

from bot.bidi import isolated
from bot.chats import Chats
from bot.commands import Forget, Press
from bot.forgotten import Forgetting, Forgot, expects
from bot.forgotten_entrants import plays_in
from bot.i18n import Translator, translator
from bot.looks import Looks
from bot.people import Actor, ChatRef, PersonRef
from bot.refusals import Refused
from bot.store.people import PeopleStore
from bot.tables import Table
from bot.tokens import NO_TABLE, Token, decode
from bot.tournament import Tournament
from bot.ui.screen import Button, Reply, Screen
from bot.ui.words import FORMER, game_name

SLOT = "forget"  # the confirmation's message: a one-off private screen
YES, NO = "y", "n"


class ForgetterStore(PeopleStore, Protocol):
    async def all_open(self, platform: str | None = None) -> list[Table]: ...

    async def open_tournaments(self, chat: ChatRef | None = None, platform: str | None = None) -> list[Tournament]: ...


def whose(person: PersonRef) -> str:
    """A short digest of the person, for their buttons: a press by anyone else does not match."""
    identity = f"{person.platform}:{person.user_id}".encode()
    return hashlib.blake2s(identity, digest_size=6).hexdigest()


def confirm_token(person: PersonRef, answer: str) -> str:
    return Token(NO_TABLE, 0, "forget", answer + whose(person)).encode()


def is_forget_press(press: Press) -> bool:
    token = decode(press.token)
    return token is not None and token.action == "forget"


class Forgetter:
    def __init__(self, store: ForgetterStore, chats: Chats, looks: Looks) -> None:
        self._store = store
        self._chats = chats
        self._looks = looks

    async def forget(self, cmd: Forget) -> Reply:
        """The confirmation, privately; or why not."""
        person = cmd.actor.person
        t = translator(await self._chats.lang_of(cmd.actor, cmd.chat))
        if await self._store.forgotten(person):
            return self._said(await self._forget(cmd.actor), t)
        seated = [table for table in await self._store.all_open(person.platform) if expects(table, person)]
        opened = await self._store.open_tournaments(platform=person.platform)
        entered = [cup for cup in opened if plays_in(cup, person)]
        if seated or entered:
            return _seated(Forgetting.seated(seated, entered), t)
        text = "\n".join(
            (
                t.gettext("Forget you everywhere? This cannot be undone."),
                t.gettext(
                    "Your name becomes “{former}” in the games you played (they stay for the others);"
                    " your ratings, achievements and settings are deleted; your page links stop working."
                ).format(former=t.gettext(FORMER)),
            )
        )
        buttons = (
            Button(t.gettext("Yes, forget me"), confirm_token(person, YES)),
            Button(t.gettext("Keep me"), confirm_token(person, NO)),
        )
        screen = Screen(NO_TABLE, text, (buttons,), audience=person, slot=SLOT, final=True)
        return Reply(screens=(screen,))

    async def press(self, press: Press) -> Reply:
        """A press of the confirmation's buttons: by the asker only."""
        token = decode(press.token)
        if token is None or token.action != "forget" or token.arg[1:] != whose(press.actor.person):
            raise Refused("this button is not for you")
        t = translator(await self._chats.lang_of(press.actor))
        if token.arg[:1] != YES:
            return Reply(t.gettext("Nothing was changed: you are still here."))
        return self._said(await self._forget(press.actor), t)

    async def _forget(self, actor: Actor) -> Forgetting:
        done = await self._store.forget(actor.person)
        if done.forgot is not Forgot.SEATED:  # their language and look are gone from the store: from here too
            self._chats.forget_person(actor.person)
            self._looks.chose(actor.person, None)
        return done

    def _said(self, done: Forgetting, t: Translator) -> Reply:
        if done.forgot is Forgot.SEATED:
            return _seated(done, t)
        if done.forgot is Forgot.AGAIN:
            return Reply(t.gettext("You were already forgotten: nothing of yours is kept."))
        return Reply(t.gettext("Done: you are forgotten. Nothing of yours is kept, and nobody can bring it back."))


def _seated(done: Forgetting, t: Translator) -> Reply:
    """Why not: the games they sit at, the tournaments they play in (bot/forgotten_entrants.py)."""
    lines = []
    if done.games:
        names = ", ".join(dict.fromkeys(game_name(game, t) for game in done.games))
        lines.append(t.gettext("Leave or finish your games first: {games}. Nothing was changed.").format(games=names))
    if done.tournaments:
        cups = ", ".join(
            dict.fromkeys(isolated(name) if name else game_name(game, t) for name, game in done.tournaments)
        )
        lines.append(
            t.gettext(
                "Leave your tournaments first (or play them to the end): {tournaments}. Nothing was changed."
            ).format(tournaments=cups)
        )
    return Reply("\n".join(lines), ok=False)
