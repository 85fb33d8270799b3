"""A screen's marked spans as Telegram message entities: a person named becomes a mention (their
`@username` where known, else a `text_mention`), a time left a `date_time` entity with relative
format that clients count down themselves (Bot API 10.0). Offsets are in UTF-16 code units."""

from __future__ import annotations

import datetime as dtm
from collections.abc import Callable

from telegram import MessageEntity, User
from telegram.constants import MessageEntityDateTimeFormats, MessageEntityType

from adapters.chat.marks import pieces
from adapters.telegram.keyboards import text_of
from bot.ui.screen import Countdown, Mention, Screen


def utf16(text: str) -> int:
    return len(text.encode("utf-16-le")) // 2


def rendered(screen: Screen, usernames: Callable[[str], str | None]) -> tuple[str, list[MessageEntity]]:
    """The screen's text with its marked spans as entities (offsets in UTF-16 code units)."""
    text = text_of(screen)
    if not screen.marks or text != screen.text:
        return text, []
    out: list[str] = []
    entities: list[MessageEntity] = []
    for piece, mark in pieces(screen):
        offset = utf16("".join(out))
        if isinstance(mark, Mention):
            username = usernames(mark.person.user_id)
            if username:
                piece = "@" + username
                entities.append(MessageEntity(MessageEntityType.MENTION, offset, utf16(piece)))
            else:
                user = User(int(mark.person.user_id), piece, False)
                entities.append(MessageEntity(MessageEntityType.TEXT_MENTION, offset, utf16(piece), user=user))
        elif isinstance(mark, Countdown):
            entities.append(
                MessageEntity(
                    MessageEntityType.DATE_TIME,
                    offset,
                    utf16(piece),
                    unix_time=dtm.datetime.fromtimestamp(round(mark.at), dtm.UTC),
                    date_time_format=MessageEntityDateTimeFormats.RELATIVE,
                )
            )
        out.append(piece)
    return "".join(out), entities
