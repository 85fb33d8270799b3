"""Which picture each Discord message shows (by the digest of its PNG), so that a picture is
uploaded only when it changed: a message whose picture is not known here (after a restart, a
failed edit) is UNSEEN, and gets the picture anew."""

from __future__ import annotations

import logging
from typing import Final

from adapters.discord.components import CLEAR, KEEP, PictureEdit
from adapters.discord.posts import NOT_A_TABLE, SEASON
from adapters.pictures import screens as pictures
from bot.screens.model import ALERT, Screen

log = logging.getLogger(__name__)

UNSEEN: Final = "?"  # the picture of a message whose picture is not known here


class ShownPictures:
    def __init__(self, kept: int) -> None:
        self.kept = kept  # messages remembered, the newest
        self._digests: dict[int, str | None] = {}  # message id -> the digest of the picture it shows (None: none)

    def showing(self, message_id: int) -> str | None:
        """The digest of the picture the message shows (None: none; UNSEEN: not known)."""
        return self._digests.get(message_id, UNSEEN)

    def forget(self, message_id: int) -> None:
        """Not known until the message is drawn again."""
        self._digests.pop(message_id, None)

    def shows(self, message_id: int, digest: str | None, forget: bool = False) -> None:
        """The message now shows the picture `digest` (None: none); `forget`: it is never drawn again."""
        self._digests.pop(message_id, None)
        if forget:
            return
        self._digests[message_id] = digest
        if len(self._digests) > self.kept:
            del self._digests[next(iter(self._digests))]


def picture_edit(digest: str | None, png: bytes | None, showing: str | None) -> PictureEdit:
    """What to do to a message showing the picture `showing` (a digest; None: no picture;
    UNSEEN: not known) for it to show the picture `digest` (None: none), whose PNG is `png`."""
    if digest is None:
        return KEEP if showing is None else CLEAR
    if digest == showing:
        return KEEP
    assert png is not None, "a new picture is uploaded"
    return PictureEdit(png)


async def picture_of(screen: Screen, showing: str | None) -> tuple[str | None, bytes | None]:
    """The picture the screen's message is to show, as (digest, PNG): (None, None) for none
    (text only, or a picture the renderer could not draw; of the messages that are no table's,
    only a season's podium has one). A picture that stays is the one shown, not drawn again: its
    PNG is None."""
    if (
        screen.slot == ALERT
        or (screen.table_id == NOT_A_TABLE and screen.slot != SEASON)
        or not pictures.wanted(screen)
    ):
        return None, None
    if screen.picture_stays and showing not in (None, UNSEEN):
        return showing, None
    try:
        png = await pictures.png_of(screen)
    except Exception:  # png_of logs the renderer's failures; this is for anything else: the text goes out
        log.exception("could not draw the picture of table %s", screen.table_id)
        png = None
    return (None, None) if png is None else (pictures.digest(png), png)
