"""A screen's picture on its way to a message: whether it has one, and how it goes.

A screen is a picture where its audience's look is a deck and it describes one
(adapters/pictures/screens.py), the platform can carry it with the text (a Telegram caption holds
1,024 characters), and an upload fits (below); turn alerts never have one, and of the messages that
are no table's only a season's podium and a person's stats (their rating chart, answered.py).
Anything else, and a picture the renderer cannot draw, goes out as text: never is a screen lost
for its picture.

A picture is drawn and sent only when it changed: a message already showing it keeps it, and one
whose picture stays (`picture_stays`: between a real-time game's windows) keeps whatever it shows
and changes its words only (unless it shows none, or that is not known: then it is drawn).

A platform that names what it was sent by a file id (Telegram) is sent a picture it has by that id
(uploads.py); one that does not (Discord) is sent the PNG each time it changes (`EveryTime`).
"""

from __future__ import annotations

import logging
from collections import Counter
from dataclasses import dataclass
from typing import Final, Protocol

from adapters.chat.pacing import UNPACED, Pace
from adapters.chat.posts import NOT_A_TABLE, SEASON, STATS
from adapters.chat.shown import SOME, UNSEEN
from adapters.pictures import screens as renderer
from bot.ui.screen import ALERT, Screen

log = logging.getLogger(__name__)

UPLOAD_BUDGET: Final = 1.0  # seconds an upload may take at least, however fast a chat's pace


@dataclass(frozen=True, slots=True)
class Picture:
    """A screen's picture: its content hash, and the PNG to upload or the file id to send instead.
    Neither: the message shows it already (no digest: whatever it shows, as between a real-time
    game's windows), so only its words are edited."""

    digest: str | None
    png: bytes | None = None
    file_id: str | None = None

    @property
    def stays(self) -> bool:
        return self.png is None and self.file_id is None

    @property
    def shown(self) -> str:
        """What the message shows once it is drawn (shown.py)."""
        return self.digest or SOME


def shown_after(picture: Picture | None) -> str | None:
    return None if picture is None else picture.shown


class FileIds(Protocol):
    async def file_id(self, digest: str) -> str | None:
        """The platform's id for the picture; else None, and the caller uploads it, then says
        `uploaded` or `release`."""
        ...

    def fits(self, budget: float) -> bool:
        """Whether an upload is expected to take at most `budget` seconds."""
        ...

    async def uploaded(self, digest: str, file_id: str, seconds: float) -> None: ...

    def release(self, digest: str) -> None: ...


class EveryTime:
    """A platform without file ids: a picture is uploaded whenever a message is to show it."""

    async def file_id(self, digest: str) -> str | None:
        return None

    def fits(self, budget: float) -> bool:
        return True

    async def uploaded(self, digest: str, file_id: str, seconds: float) -> None:
        pass

    def release(self, digest: str) -> None:
        pass


def has_picture(screen: Screen) -> bool:
    """Whether the screen is shown as a picture where the platform can: not an alert, not a
    message of no table but a season's podium or a person's stats, and its audience wants pictures."""
    if screen.slot == ALERT or (screen.table_id == NOT_A_TABLE and screen.slot not in (SEASON, STATS)):
        return False
    return renderer.wanted(screen)


class Pictures:
    def __init__(self, file_ids: FileIds, stats: Counter[str], pace: Pace = UNPACED) -> None:
        self.file_ids = file_ids
        self.stats = stats
        self.pace = pace

    async def choose(
        self, screen: Screen, showing: str | None, takes_picture: bool, chat: str, uploading: list[str]
    ) -> Picture | None:
        """The picture a message in `chat` showing `showing` (shown.py) is to show for this screen
        (None: none). A picture to upload is claimed (added to `uploading`: others wanting it wait
        for its file id) until `release`; it must fit the chat's pace."""
        if not takes_picture or not has_picture(screen):
            return None
        if screen.picture_stays and showing not in (None, UNSEEN):
            return Picture(None if showing == SOME else showing)
        png = await self._png(screen)
        if png is None:
            return None
        digest = renderer.digest(png)
        if showing == digest:
            return Picture(digest)
        file_id = await self.file_ids.file_id(digest)
        if file_id is not None:
            return Picture(digest, file_id=file_id)
        uploading.append(digest)
        budget = max(UPLOAD_BUDGET, self.pace.interval(chat))
        return Picture(digest, png) if self.file_ids.fits(budget) else None

    async def uploaded(self, picture: Picture | None, file_id: str | None, seconds: float) -> None:
        """The message went out with the picture: an upload is counted, its file id kept."""
        if picture is None or picture.png is None or picture.digest is None:
            return
        self.stats["uploaded"] += 1
        if file_id is not None:
            await self.file_ids.uploaded(picture.digest, file_id, seconds)

    def release(self, uploading: list[str]) -> None:
        for digest in uploading:
            self.file_ids.release(digest)

    async def prepare(self, screen: Screen) -> None:
        """Draw the screen's picture ahead of its message (kept by the renderer for it)."""
        await self._png(screen)

    @staticmethod
    async def _png(screen: Screen) -> bytes | None:
        try:
            return await renderer.png_of(screen)
        except Exception:  # png_of logs the renderer's failures; this is for anything else: the text goes out
            log.exception("could not draw the picture of table %s", screen.table_id)
            return None
