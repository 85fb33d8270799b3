"""Slash commands: each acknowledges at once (an ephemeral or public "thinking"), builds one
command for the service from the interaction, and turns the reply into the answer.

/svolota, /speed [opponent], /demon open a table in the channel, or challenge the opponent; the
table itself is a message the notifier draws, the answer only says where it is (or why not).
/leaderboard [game] [season] answers in public; /stats [member], /rules [game], /settings,
/language and /look [look] answer the asker alone; so do /notify [on] (pings when a game opens in
the server), /kick member and /votekick member (the table's message shows what comes of it), and
/forget (anywhere): its question, with the buttons only the asker may press, is ephemeral.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, Final

import discord

from adapters.chat import answered
from adapters.chat.notifier import ChatNotifier
from adapters.chat.pictures import Picture
from adapters.discord import texts
from adapters.discord.components import change_of, chunks, links_view, view_of
from adapters.discord.identities import actor_of, chat_of, name_of, person_of
from adapters.discord.menu import leaderboard_commands
from bot.answers import rules_text
from bot.commands import (
    Cancel,
    Challenge,
    ChangeSettings,
    Command,
    CreateTournament,
    Forget,
    Kick,
    Leaderboard,
    Link,
    ManageTournament,
    Notify,
    Open,
    SetLanguage,
    SetLook,
    Stats,
    Unlink,
)
from bot.games import game_named
from bot.i18n import Translator, translator
from bot.pages import PageUrl
from bot.people import Actor, ChatRef
from bot.service import Service
from bot.settings import value_of
from bot.ui.screen import Reply

log = logging.getLogger(__name__)


Interaction = discord.Interaction[Any]


def house_rule(text: str) -> tuple[str | None, str, Any]:
    """`svolota free_pass on` as (game, rule, value); an unreadable one names a setting the service
    refuses, in the person's language."""
    words = text.split()
    if len(words) != 3:
        return None, text[:30], None
    game, rule, value = words
    return game_named(game), rule.lower()[:30], value_of(value)


ALL_TIME_WORDS: Final = frozenset({"all", "alltime", "all-time", "ever", "всё", "все", "всі", "усі", "завжди"})


def season_word(text: str | None) -> str | None:
    """The `season` of /leaderboard as the service reads it: None (this season), "all" (all time,
    in a few words people may type) or the text as typed (a season's name, or one it refuses)."""
    if text is None or not text.strip():
        return None
    word = text.strip().lower()
    return "all" if word.replace(" ", "") in ALL_TIME_WORDS else word[:20]


class Handlers:
    def __init__(
        self,
        service: Service,
        notifier: ChatNotifier,
        activity: Callable[[], bool] = lambda: False,
        pages: PageUrl | None = None,
    ) -> None:
        """`activity`: whether the card table opens as an Activity (the application has Activities,
        and the bot signs people in to them: adapters/discord/activity.py); `pages`: signs the links
        to pages an answer carries (None: not served)."""
        self.service = service
        self.notifier = notifier
        self.activity = activity
        self.pages = pages

    # ----- the commands ---------------------------------------------------------------------

    async def game(self, interaction: Interaction, game: str, opponent: discord.abc.User | None = None) -> None:
        actor, chat = actor_of(interaction), chat_of(interaction)
        in_server = chat.thread_id is not None
        if opponent is None and in_server and self.activity() and await self._launch(interaction):
            await self._unseen(chat, actor, await self.service.handle(Open(chat, actor, game)))
            return  # (refused: the Activity shows the channel's open table, or the games to open one)
        public = opponent is not None  # a challenge names its opponent where they will see it
        if not await self._defer(interaction, ephemeral=not public):
            return
        t = await self._translator(interaction)
        if not in_server:
            await self._finish(interaction, texts.server_only(t), public, private=True)
            return
        command: Command
        if opponent is not None:
            targets = () if opponent.bot else ((person_of(opponent), name_of(opponent)),)
            command = Challenge(chat, actor, game, targets)
        else:
            command = Open(chat, actor, game)
        reply = await self.service.handle(command)
        if not reply.ok:
            await self._finish(interaction, "✗ " + (reply.text or ""), public, private=True)
            return
        if await self._unseen(chat, actor, reply):
            await self._finish(interaction, texts.cannot_post(t), public, private=True)
            return
        if opponent is not None:
            mentions = discord.AllowedMentions(everyone=False, roles=False, users=[opponent])
            await self._finish(interaction, texts.challenged(opponent.mention, t), public, mentions=mentions)
        else:
            await self._finish(interaction, reply.text or texts.table_opened(t), public)

    async def leaderboard(self, interaction: Interaction, game: str | None, season: str | None = None) -> None:
        if not await self._defer(interaction, ephemeral=False):
            return
        chat = chat_of(interaction)
        commands = leaderboard_commands(translator((await self.service.chats.settings(chat)).lang))
        command = Leaderboard(chat, actor_of(interaction), game, season=season_word(season), commands=commands)
        await self._render(interaction, await self.service.handle(command), public=True)

    async def notify(self, interaction: Interaction, on: bool | None) -> None:
        """Pings when a game opens in the server: on, off, or (None) the other way round."""
        if not await self._defer(interaction, ephemeral=True):
            return
        reply = await self.service.handle(Notify(chat_of(interaction), actor_of(interaction), on))
        await self._render(interaction, reply, public=False)

    async def kick(self, interaction: Interaction, member: discord.abc.User, vote: bool) -> None:
        """Remove the member from the channel's open table at once (its opener, an admin), or
        (`vote`) ask the others at the table; the table's message shows what comes of it."""
        if not await self._defer(interaction, ephemeral=True):
            return
        # by the member only (not their name: someone else at the table may bear it)
        command = Kick(chat_of(interaction), actor_of(interaction), person_of(member), vote=vote)
        reply = await self.service.handle(command)
        if reply.ok and not reply.text and not reply.screens:
            reply = Reply(texts.see_the_table(await self._translator(interaction)))
        await self._render(interaction, reply, public=False)

    async def tournament(self, interaction: Interaction, command: CreateTournament | ManageTournament) -> None:
        """`/tournament create|start|pause|resume|cancel|disqualify|replace` (tree.py builds the
        command): answered to the sender alone; the tournament's board and announcements show the rest."""
        if not await self._defer(interaction, ephemeral=True):
            return
        reply = await self.service.handle(command)
        if reply.ok and not reply.text and not reply.screens:
            reply = Reply(texts.see_the_tournament(await self._translator(interaction)))
        await self._render(interaction, reply, public=False)

    async def stats(self, interaction: Interaction, member: discord.abc.User | None) -> None:
        if not await self._defer(interaction, ephemeral=True):
            return
        person = person_of(member) if member is not None and not member.bot else None
        reply = await self.service.handle(Stats(chat_of(interaction), actor_of(interaction), person))
        await self._render(interaction, reply, public=False)

    async def rules(self, interaction: Interaction, game: str | None) -> None:
        if not await self._defer(interaction, ephemeral=True):
            return
        t = await self._translator(interaction)
        await self._finish(interaction, rules_text(game, t), public=False)

    async def settings(
        self,
        interaction: Interaction,
        language: str | None = None,
        timer: int | None = None,
        tables: bool | None = None,
        rule: str | None = None,
        look: str | None = None,
        ranks: str | None = None,
        page: bool | None = None,
    ) -> None:
        if not await self._defer(interaction, ephemeral=True):
            return
        chat, actor = chat_of(interaction), actor_of(interaction)
        changes: list[ChangeSettings] = []
        if language is not None:
            changes.append(ChangeSettings(chat, actor, "lang", language))
        if timer is not None:
            changes.append(ChangeSettings(chat, actor, "turn_seconds", timer))
        if tables is not None:
            changes.append(ChangeSettings(chat, actor, "many_tables", tables))
        if look is not None:
            changes.append(ChangeSettings(chat, actor, "look", look))
        if ranks is not None:
            changes.append(ChangeSettings(chat, actor, "ranks", ranks))
        if page is not None:
            changes.append(ChangeSettings(chat, actor, "page_public", page))
        if rule is not None:
            game, name, value = house_rule(rule)
            if game is None:
                changes.append(ChangeSettings(chat, actor, f"rule {name}", value))
            else:
                changes.append(ChangeSettings(chat, actor, "house_rule", (name, value), game))
        if not changes:
            current = await self.service.chats.settings(chat)
            await self._finish(interaction, texts.settings_text(current, translator(current.lang)), public=False)
            return
        answers = []
        for change in changes:
            reply = await self.service.handle(change)
            answers.append(reply.text if reply.ok else "✗ " + (reply.text or ""))
            if not reply.ok:
                break
        await self._finish(interaction, "\n".join(a for a in answers if a), public=False)

    async def language(self, interaction: Interaction, language: str) -> None:
        if not await self._defer(interaction, ephemeral=True):
            return
        reply = await self.service.handle(SetLanguage(actor_of(interaction), language))
        await self._render(interaction, reply, public=False)

    async def look(self, interaction: Interaction, look: str | None) -> None:
        """How cards look in the person's own panels, in every server; without a choice, how they
        look now."""
        if not await self._defer(interaction, ephemeral=True):
            return
        actor, chat = actor_of(interaction), chat_of(interaction)
        if look is not None:
            await self._render(interaction, await self.service.handle(SetLook(actor, look)), public=False)
            return
        own = await self.service.looks.of(actor.person)
        here = (await self.service.chats.settings(chat)).look if chat.thread_id else None
        await self._finish(interaction, texts.look_text(own, here, await self._translator(interaction)), public=False)

    async def forget(self, interaction: Interaction) -> None:
        """The question (ephemeral: only the asker sees it and its buttons), or why not."""
        if not await self._defer(interaction, ephemeral=True):
            return
        chat = chat_of(interaction) if interaction.guild_id is not None else None
        reply = await self.service.handle(Forget(actor_of(interaction), chat))
        if not reply.screens:
            await self._render(interaction, reply, public=False)
            return
        screen = reply.screens[0]
        try:
            await interaction.edit_original_response(content=screen.text, view=view_of(screen))
        except discord.HTTPException as e:
            log.info("could not answer /forget: %s", e)

    async def link(self, interaction: Interaction, code: str | None) -> None:
        """`/link [code]` (bot/linker.py): a code, or the link made, or why not; ephemeral."""
        if not await self._defer(interaction, ephemeral=True):
            return
        chat = chat_of(interaction) if interaction.guild_id is not None else None
        await self._render(
            interaction, await self.service.handle(Link(actor_of(interaction), code, chat)), public=False
        )

    async def unlink(self, interaction: Interaction) -> None:
        if not await self._defer(interaction, ephemeral=True):
            return
        chat = chat_of(interaction) if interaction.guild_id is not None else None
        reply = await self.service.handle(Unlink(actor_of(interaction), chat))
        await self._render(interaction, reply, public=False)

    # ----- answering ------------------------------------------------------------------------

    async def _translator(self, interaction: Interaction) -> Translator:
        chat = chat_of(interaction)
        return translator(await self.service.chats.lang_of(actor_of(interaction), chat if chat.thread_id else None))

    async def _unseen(self, chat: ChatRef, actor: Actor, reply: Reply) -> bool:
        """Whether the table the reply opened could not be posted in the channel; then it is
        cancelled (a table nobody can see would block the channel)."""
        if not reply.ok or reply.table_id is None or not await self.notifier.refused(chat, reply.table_id):
            return False
        await self.service.handle(Cancel(chat, actor))
        return True

    @staticmethod
    async def _launch(interaction: Interaction) -> bool:
        """Open the application's Activity for the person (the answer to their command), the table
        opened in the channel as ever; False if Discord would not (then buttons, as without it)."""
        try:
            await interaction.response.launch_activity()
        except (discord.HTTPException, discord.InteractionResponded) as e:
            log.info("could not launch the Activity for /%s: %s", getattr(interaction.command, "name", "?"), e)
            return False
        return True

    @staticmethod
    async def _defer(interaction: Interaction, ephemeral: bool) -> bool:
        try:
            await interaction.response.defer(ephemeral=ephemeral, thinking=True)
        except (discord.HTTPException, discord.InteractionResponded) as e:  # too late (3 s), or answered already
            log.info("could not acknowledge /%s: %s", getattr(interaction.command, "name", "?"), e)
            return False
        return True

    async def _render(self, interaction: Interaction, reply: Reply, public: bool) -> None:
        """The reply's text and its screens' in the answer; the picture of a screen that has one
        for this chat (a person's rating chart) as the answer's embed (adapters/chat/answered.py)."""
        if not reply.ok:
            await self._finish(interaction, "✗ " + (reply.text or ""), public, private=True)
            return
        parts = [reply.text or "", *(screen.text for screen in reply.screens)]
        links = links_view([row for screen in reply.screens for row in screen.buttons], self.pages, not public)
        text = "\n\n".join(p for p in parts if p)
        pictured = next((screen for screen in reply.screens if screen.picture is not None), None)
        if pictured is None:
            await self._finish(interaction, text, public, links=links)
            return

        async def send(picture: Picture | None) -> None:
            await self._finish(interaction, text, public, links=links, picture=picture)

        where = str(interaction.channel_id or "")
        await answered.answer(self.notifier.pictures, pictured, where, True, send)

    @staticmethod
    async def _finish(
        interaction: Interaction,
        text: str,
        public: bool,
        private: bool = False,
        mentions: discord.AllowedMentions | None = None,
        links: discord.ui.View | None = None,
        picture: Picture | None = None,
    ) -> None:
        """The answer in place of the "thinking" message; a private answer to a public "thinking"
        replaces it with an ephemeral message. Long answers go on in follow-up messages; `links`
        (buttons to pages) under the last, `picture` (an embed) on the first. An answer refused
        with its picture is raised (the text is then sent alone); other failures are logged."""
        parts = chunks(text or "…")
        quiet = mentions or discord.AllowedMentions.none()
        last = len(parts) - 1
        pictured = picture is not None  # until the answer with the picture is in
        try:
            if public and private:
                await interaction.delete_original_response()
                for part in parts:
                    await interaction.followup.send(part, ephemeral=True, allowed_mentions=quiet)
                return
            shown: dict[str, Any] = change_of(picture, None).edit_fields()  # (none: the answer has no picture)
            if last == 0 and links is not None:
                shown["view"] = links
            await interaction.edit_original_response(content=parts[0], allowed_mentions=quiet, **shown)
            pictured = False
            for n, part in enumerate(parts[1:], 1):
                if n == last and links is not None:
                    await interaction.followup.send(part, ephemeral=not public, allowed_mentions=quiet, view=links)
                else:
                    await interaction.followup.send(part, ephemeral=not public, allowed_mentions=quiet)
        except discord.HTTPException as e:
            if pictured:
                raise
            log.info("could not answer /%s: %s", getattr(interaction.command, "name", "?"), e)
