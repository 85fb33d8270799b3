"""Inline mode: a Svolota hand chosen inside the group.

The board's "Choose cards" button opens inline mode with the query `t<table>`; the answer is the
asker's own legal plays (personal, never cached; each as a picture of its cards once Telegram has
that picture: play_pictures.py), read from their private panel (opening it is
how the service hands out a hand). Choosing one sends a message "🎴 <play>" into the group
"via" the bot, which the bot receives even in privacy mode: that message is the move, played in the
chat it was sent in, so a choice sent into any other chat changes nothing there (inline feedback,
`chosen_inline_result`, carries no chat and is not used). The message names its table in its
keyboard (the next player's "Choose cards", query `t<table>`) and its play by the label the
person was offered. A refused choice is answered under it with the reason.
"""

from __future__ import annotations

import logging
from typing import Final

from telegram import (
    InlineKeyboardButton,
    InlineKeyboardMarkup,
    InlineQueryResultArticle,
    InlineQueryResultCachedPhoto,
    InlineQueryResultsButton,
    InputTextMessageContent,
    Update,
)
from telegram.constants import InlineQueryLimit
from telegram.error import TelegramError
from telegram.ext import ContextTypes

from adapters.telegram.answers import Answers
from adapters.telegram.identities import PLATFORM, actor_of, chat_of
from adapters.telegram.links import table_named, table_query
from adapters.telegram.play_pictures import PlayPictures
from bot.commands import Play, Press
from bot.i18n import translator
from bot.service import Service
from bot.tokens import Token, decode
from bot.ui.screen import Button, Reply

log = logging.getLogger(__name__)

PAGE: Final = int(InlineQueryLimit.RESULTS)
MAX_BUTTON: Final = 64
PLAYED: Final = "🎴 "
Result = InlineQueryResultArticle | InlineQueryResultCachedPhoto
REFUSED: Final = "✗ "


def choose_again(table_id: int, label: str) -> InlineKeyboardMarkup:
    """Under a chosen play: the next player opens inline mode from there (and with a keyboard,
    Telegram gives the bot the inline message's id, so a refusal can be written over it)."""
    return InlineKeyboardMarkup([[InlineKeyboardButton(label, switch_inline_query_current_chat=table_query(table_id))]])


def plays(
    reply: Reply, table_id: int, again: str, pictures: dict[str, str] | None = None
) -> tuple[list[Result], str | None]:
    """The legal plays on the person's panel as results (a play whose picture Telegram has, by
    move, as that photo), and a line for the button above them (their hand when they have no
    play, or why they may not). Either way choosing one sends the play's words: that is the move."""
    if not reply.ok or not reply.screens:
        return [], reply.text
    hand = reply.screens[0].text.split("\n", 1)[0]
    results: list[Result] = []
    for button, token in panel_moves(reply):
        content = InputTextMessageContent(PLAYED + button.label)
        markup = choose_again(table_id, again)
        picture = (pictures or {}).get(token.arg or "")
        if picture is not None:
            results.append(
                InlineQueryResultCachedPhoto(
                    id=button.token or "",
                    photo_file_id=picture,
                    title=button.label,
                    description=hand,
                    input_message_content=content,
                    reply_markup=markup,
                )
            )
        else:
            results.append(
                InlineQueryResultArticle(
                    id=button.token or "",
                    title=button.label,
                    description=hand,
                    input_message_content=content,
                    reply_markup=markup,
                )
            )
    return results, None if results else hand


class InlineMode:
    def __init__(self, service: Service, answers: Answers, pictures: PlayPictures) -> None:
        self.service = service
        self.answers = answers
        self.pictures = pictures

    async def query(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        query = update.inline_query
        if query is None:
            return
        table_id = table_named(query.query)
        results: list[Result] = []
        line: str | None = None
        if table_id is not None:
            actor = actor_of(query.from_user)
            reply = await self.service.handle(Press(actor, Token(table_id, 0, "panel").encode()))
            again = translator(await self.service.chats.lang_of(actor)).gettext("🂠 Choose cards")
            moves = [token.arg or "" for _, token in panel_moves(reply)]
            look = reply.screens[0].look if reply.ok and reply.screens else ""
            pictures = await self.pictures.file_ids(moves, look, query.from_user.id)
            results, line = plays(reply, table_id, again, pictures)
        start = int(query.offset) if query.offset.isdecimal() else 0  # not isdigit: "²" is a digit int() refuses
        page = results[start : start + PAGE]
        more = str(start + PAGE) if start + PAGE < len(results) else ""
        button = None
        if line and table_id is not None:
            button = InlineQueryResultsButton(text=line[:MAX_BUTTON], start_parameter=table_query(table_id))
        try:
            await query.answer(page, cache_time=0, is_personal=True, next_offset=more, button=button)
        except TelegramError as e:  # the person typed on, and the query is gone
            log.info("could not answer an inline query: %s", e)

    async def played(self, update: Update, context: ContextTypes.DEFAULT_TYPE) -> None:
        message = update.message
        if message is None or message.from_user is None or not message.text or not message.text.startswith(PLAYED):
            return
        if message.via_bot is None or message.via_bot.id != context.bot.id:
            return
        table_id = table_in(message.reply_markup)
        if table_id is None:
            return
        actor, where = actor_of(message.from_user), chat_of(message)
        label = message.text.removeprefix(PLAYED)
        panel = await self.service.handle(Press(actor, Token(table_id, 0, "panel").encode()))
        # a play no longer offered goes as written: the service says why, or that it was made already
        move = move_labelled(panel, label) or label
        reply = await self.service.handle(Play(actor, table_id, move, f"{PLATFORM}:{update.update_id}", where=where))
        if not reply.ok and reply.text:
            await self.answers.say(where, REFUSED + reply.text, reply_to=message.message_id)


def table_in(markup: InlineKeyboardMarkup | None) -> int | None:
    """The table a chosen play's keyboard names (its "Choose cards" query)."""
    for row in markup.inline_keyboard if markup else ():
        for button in row:
            if (table_id := table_named(button.switch_inline_query_current_chat)) is not None:
                return table_id
    return None


def panel_moves(panel: Reply) -> list[tuple[Button, Token]]:
    """The move buttons on the person's panel, with their tokens."""
    found = []
    for row in panel.screens[0].buttons if panel.ok and panel.screens else ():
        for button in row:
            token = decode(button.token or "")
            if token is not None and token.action == "move":
                found.append((button, token))
    return found


def move_labelled(panel: Reply, label: str) -> str | None:
    """The move behind the play labelled `label` on the person's panel, if it is still offered."""
    return next((token.arg for button, token in panel_moves(panel) if button.label == label), None)
