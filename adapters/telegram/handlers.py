"""Chat commands: each parses the message, calls the service once, and renders its reply.

/svolota, /speed, /demon open a table, or challenge whoever the command names (a reply to their
message, a text mention, a known @username); /leaderboard [game] [everywhere] [alltime|2026-11]
(this season's by default), /stats, /rules [game], /settings (chat admins), /look (a person's own,
in groups and in private), /notify [on|off] (be mentioned when a game opens here), /kick and
/votekick (whom: as a challenge names them, or their name as the table shows it), /cancel, /help,
/tournament (bot/tournament_words.py: create one, chat admins; start, pause, resume, cancel,
disqualify or replace an entrant);
/forget (in a group or in private: its question goes to the person's private chat, or, when the
bot may not write there, into the group, where only they may answer it); /start in private (deep
links: `t<table>` opens that table's panel, `me` hands the person a link to their own page, `link`
their /link code); /link [CODE] and /unlink (adapters/telegram/linking.py).
"""

from __future__ import annotations

from dataclasses import replace

from telegram import Message, Update, User
from telegram.constants import ChatMemberStatus
from telegram.ext import ContextTypes

from adapters.chat.notifier import ChatNotifier
from adapters.chat.posts import NOT_A_TABLE
from adapters.telegram import texts
from adapters.telegram.answers import Answers
from adapters.telegram.arguments import (
    ALL_TIME_WORD,
    EVERYWHERE,
    board_of,
    command_of,
    notify_of,
    setting_of,
)
from adapters.telegram.identities import (
    MAX_NAME,
    Directory,
    actor_of,
    chat_of,
    is_admin,
    is_private,
    named_people,
    person_of,
    replied_to,
)
from adapters.telegram.linking import LINK, LinkCommands
from adapters.telegram.links import MY_PAGE, table_named
from bot.answers import rules_text
from bot.commands import (
    Cancel,
    Challenge,
    ChangeSettings,
    Forget,
    Kick,
    Leaderboard,
    Notify,
    Open,
    Press,
    SetLook,
    Stats,
)
from bot.forgetter import SLOT
from bot.games import game_named
from bot.i18n import translator
from bot.service import Service
from bot.tokens import Token
from bot.tournament_words import tournament_command
from bot.ui.ratings import my_page_screen
from bot.ui.screen import Reply, Screen
from bot.ui.tournament import usage as tournament_usage

Context = ContextTypes.DEFAULT_TYPE
GONE = frozenset({ChatMemberStatus.BANNED, ChatMemberStatus.LEFT})


def _sender(update: Update) -> tuple[Message, User] | None:
    message, user = update.effective_message, update.effective_user
    if message is None or user is None or user.is_bot:
        return None
    return message, user


def _words(context: Context) -> list[str]:
    return list(context.args or [])


class Commands:
    def __init__(self, service: Service, notifier: ChatNotifier, answers: Answers, directory: Directory) -> None:
        """`notifier` delivers a table's screens (and knows whom the bot may write to in private),
        `answers` says the rest."""
        self.service = service
        self.notifier = notifier
        self.answers = answers
        self.directory = directory
        self.linking = LinkCommands(service, notifier, answers)  # /link, /unlink, and `/start link`

    async def remember(self, update: Update, context: Context) -> None:
        """Every update: whoever sent it may be named by @username later."""
        self.directory.remember(update.effective_user)

    async def membership(self, update: Update, context: Context) -> None:
        """Someone blocked the bot, or started (unblocked) it: whether their panels can reach them."""
        change = update.my_chat_member
        if change is None or not is_private(change.chat):
            return
        self.notifier.reach.heard(person_of(change.from_user), change.new_chat_member.status not in GONE)

    async def game(self, update: Update, context: Context) -> None:
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        command = (message.text or "/").split()[0][1:].split("@")[0].lower()
        game, chat, actor = game_named(command) or command, chat_of(message), actor_of(user)
        targets, unknown = named_people(message, self.directory, context.bot.username)
        if unknown:
            t = translator(await self.service.chats.lang_of(actor, chat))
            await self.answers.say(chat, texts.unknown_people(unknown, t), message.message_id)
            return
        if targets:
            reply = await self.service.handle(Challenge(chat, actor, game, tuple(targets)))
        else:
            reply = await self.service.handle(Open(chat, actor, game))
        await self._render(message, reply)

    async def leaderboard(self, update: Update, context: Context) -> None:
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        asked = board_of(_words(context), self.service.config.season_months)
        command = " ".join(
            [
                "/leaderboard",
                *([command_of(asked.game)] if asked.game else []),
                *(["everywhere"] if asked.everywhere else []),
            ]
        )
        board = Leaderboard(
            chat_of(message),
            actor_of(user),
            asked.game,
            asked.everywhere,
            asked.season,
            commands=(command, f"{command} {ALL_TIME_WORD}"),  # how to switch, in this bot's words
        )
        await self._render(message, await self.service.handle(board))

    async def notify(self, update: Update, context: Context) -> None:
        """`/notify [on|off]`: whether the sender is mentioned when a game opens in this chat."""
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        chat, actor = chat_of(message), actor_of(user)
        try:
            on = notify_of(_words(context))
        except ValueError:
            t = translator(await self.service.chats.lang_of(actor, chat))
            await self.answers.say(chat, texts.notify_words(t), message.message_id)
            return
        await self._render(message, await self.service.handle(Notify(chat, actor, on)))

    async def kick(self, update: Update, context: Context) -> None:
        """`/kick` (the table's creator, chat admins: at once) and `/votekick` (anyone seated: a
        vote of the table) name one person: by a reply to their message, a mention, a known
        @username, or their name as the table shows it."""
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        vote = (message.text or "/").split()[0][1:].split("@")[0].lower() == "votekick"
        chat = chat_of(message)
        admin = not vote and await is_admin(context.bot, message.chat, user)
        actor = actor_of(user, admin=admin)
        targets, unknown = named_people(message, self.directory, context.bot.username)
        name = " ".join(_words(context)).strip()[:MAX_NAME]
        if unknown and not targets:
            t = translator(await self.service.chats.lang_of(actor, chat))
            await self.answers.say(chat, texts.unknown_people(unknown, t), message.message_id)
            return
        if len(targets) > 1 or (not targets and not name):
            t = translator(await self.service.chats.lang_of(actor, chat))
            await self.answers.say(chat, texts.one_person(t), message.message_id)
            return
        if targets:
            command = Kick(chat, actor, target=targets[0][0], vote=vote)
        else:
            command = Kick(chat, actor, name=name, vote=vote)
        await self._render(message, await self.service.handle(command))

    async def stats(self, update: Update, context: Context) -> None:
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        replied = replied_to(message)
        whose = replied.from_user if replied is not None else None  # someone else's record
        person = person_of(whose) if whose is not None and not whose.is_bot else None
        everywhere = any(w.lower() in EVERYWHERE for w in _words(context))
        reply = await self.service.handle(Stats(chat_of(message), actor_of(user), person, everywhere))
        await self._render(message, reply)

    async def settings(self, update: Update, context: Context) -> None:
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        chat, setting = chat_of(message), setting_of(_words(context))
        if setting is None:
            current = await self.service.chats.settings(chat)
            await self.answers.say(chat, texts.settings_text(current, translator(current.lang)), message.message_id)
            return
        actor = actor_of(user, admin=await is_admin(context.bot, message.chat, user))
        change = ChangeSettings(chat, actor, setting.name, setting.value, setting.game)
        await self._render(message, await self.service.handle(change))

    async def look(self, update: Update, context: Context) -> None:
        """`/look classic|four|text`: how cards look in the sender's own panels, in every chat;
        without a word, how they look now and the choices."""
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        chat, actor, words = chat_of(message), actor_of(user), _words(context)
        if not words:
            own = await self.service.looks.of(actor.person)
            here = None if is_private(message.chat) else (await self.service.chats.settings(chat)).look
            t = translator(await self.service.chats.lang_of(actor, chat))
            await self.answers.say(chat, texts.look_text(own, here, t), message.message_id)
            return
        await self._render(message, await self.service.handle(SetLook(actor, words[0][:30])))

    async def forget(self, update: Update, context: Context) -> None:
        """`/forget`: the question (or why not) to the person alone: in our private chat where the
        bot may write to them; else in the group, where a press by anyone else is refused."""
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        chat, actor = chat_of(message), actor_of(user)
        private = is_private(message.chat)
        if private:
            self.notifier.reach.heard(actor.person, True)  # they wrote to the bot: it may write to them
        reply = await self.service.handle(Forget(actor, None if private else chat))
        text = (reply.text or "") if reply.ok else "✗ " + (reply.text or "")
        screens = list(reply.screens) or [Screen(NOT_A_TABLE, text, audience=actor.person, slot=SLOT, final=True)]
        if await self.notifier.deliver(None, screens):
            if not private and reply.screens:  # the question went there (an answer alone just arrives)
                t = translator(await self.service.chats.lang_of(actor, chat))
                await self.answers.say(chat, texts.written_in_private(t), message.message_id)
        elif not private:  # never started the bot, or blocked it: in the group
            await self.notifier.deliver(chat, [replace(s, audience=None) for s in screens])

    async def tournament(self, update: Update, context: Context) -> None:
        """`/tournament …` (bot/tournament_words.py): create one (chat admins), or run the chat's; an
        entrant to disqualify or replace named by their name, a mention or a reply."""
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        chat = chat_of(message)
        actor = actor_of(user, admin=await is_admin(context.bot, message.chat, user))
        targets, _ = named_people(message, self.directory, context.bot.username)
        words = [w[:MAX_NAME] for w in _words(context)]
        command = tournament_command(chat, actor, words, targets[0][0] if len(targets) == 1 else None)
        if command is None:
            t = translator(await self.service.chats.lang_of(actor, chat))
            await self.answers.say(chat, tournament_usage(t), message.message_id)
            return
        await self._render(message, await self.service.handle(command))

    async def cancel(self, update: Update, context: Context) -> None:
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        actor = actor_of(user, admin=await is_admin(context.bot, message.chat, user))
        await self._render(message, await self.service.handle(Cancel(chat_of(message), actor)))

    async def rules(self, update: Update, context: Context) -> None:
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        chat, words = chat_of(message), _words(context)
        t = translator(await self.service.chats.lang_of(actor_of(user), chat))
        await self.answers.say(chat, rules_text(game_named(words[0]) if words else None, t), message.message_id)

    async def help(self, update: Update, context: Context) -> None:
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        chat = chat_of(message)
        t = translator(await self.service.chats.lang_of(actor_of(user), chat))
        await self.answers.say(chat, texts.help_text(t), message.message_id)

    async def start(self, update: Update, context: Context) -> None:
        """In private: the bot may now write to this person; `t<table>` brings that table's panel."""
        if (sent := _sender(update)) is None:
            return
        message, user = sent
        if not is_private(message.chat):
            await self.help(update, context)
            return
        actor, chat = actor_of(user), chat_of(message)
        self.notifier.reach.heard(actor.person, True)  # they wrote to the bot: it may write to them
        words = _words(context)
        if words and words[0] == LINK:  # (a group's /link button: whoever opened it, their code)
            await self.linking.code(message, actor)
            return
        if words and words[0] == MY_PAGE:  # (a group's "My page" button: whoever opened it, theirs)
            t = translator(await self.service.chats.lang_of(actor))
            await self.answers.show(chat, my_page_screen(actor.person, t))
            return
        table_id = table_named(words[0]) if words else None
        reply = Reply()
        if table_id is not None:
            reply = await self.service.handle(Press(actor, Token(table_id, 0, "panel").encode()))
            if reply.screens:
                await self.notifier.deliver(chat, reply.screens)
                return
        welcome = texts.welcome(translator(await self.service.chats.lang_of(actor)))
        reason = reply.text if table_id is not None and reply.text else None  # e.g. the game has not started
        await self.answers.say(chat, f"{welcome}\n\n{reason}" if reason else welcome)

    async def _render(self, message: Message, reply: Reply) -> None:
        """A command's reply in the chat it came from: the answer, and any board of ratings; a
        table's private screens go to their person."""
        chat = chat_of(message)
        if reply.text:
            await self.answers.say(chat, reply.text if reply.ok else "✗ " + reply.text, message.message_id)
        for screen in reply.screens:
            if screen.table_id == NOT_A_TABLE:
                await self.answers.show(chat, screen, message.message_id)
            else:
                await self.notifier.deliver(chat, [screen])
