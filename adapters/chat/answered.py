"""A command's answer that has a picture (a person's stats with their rating chart), for every
platform: the picture chosen, drawn and named as a table's are (pictures.py: where the chat's look
has pictures, drawn by the drawing processes within their time limit, sent by the file id the
platform gave it when it has one, uploaded otherwise), then the platform's own answer (a Telegram
reply, a Discord interaction's answer) sends it with the text.

The text always goes: without its picture when there is none, when the picture could not be drawn
in time, or when the platform refused the answer with it (it is then sent again as text)."""

from __future__ import annotations

import logging
import time
from collections.abc import Awaitable, Callable

from adapters.chat.pictures import Picture, Pictures
from bot.ui.screen import Screen

log = logging.getLogger(__name__)

# Sends the answer with the picture (None: the text alone); the file id of a picture it uploaded,
# where the platform names one.
Send = Callable[[Picture | None], Awaitable[str | None]]


async def answer(pictures: Pictures, screen: Screen, chat: str, takes_picture: bool, send: Send) -> None:
    """Send `screen` as an answer in `chat` (`takes_picture`: the platform can carry its text with a
    picture) through `send`."""
    uploading: list[str] = []
    try:
        picture = await pictures.choose(screen, None, takes_picture, chat, uploading)
        if picture is not None:
            started = time.monotonic()
            try:
                file_id = await send(picture)
            except Exception as e:  # (refused with its picture: the text still goes)
                log.warning("could not answer with the picture of %s in %s: %r", screen.slot, chat, e)
            else:
                await pictures.uploaded(picture, file_id, time.monotonic() - started)
                return
        await send(None)
    finally:
        pictures.release(uploading)
