"""A screen's picture for an adapter: whether it is shown at all, and its PNG bytes, drawn in a
worker process.

A screen is shown as a picture when its audience's look is a deck (not "text") and it describes
one; anything else, and a picture that could not be drawn (logged) or not in time, goes out as
text: a renderer failure or a stuck worker never costs a board.

Why a process: drawing takes a few milliseconds of CPU (a board about 10 ms, bench/pictures.py),
most of it holding Python's GIL, so in a thread of the bot's own process it would hold up the event
loop (each press's answer waited for the drawing of the last move's pictures: the answer took 3x as
long in bench/telegram.py). The workers (`WORKERS`, one on a two-core machine: workers.py) are
started on the first picture and draw one picture per call, each within CARDBOT_PICTURE_TIMEOUT
seconds (settings.py); the PNGs are kept here, in CACHE (each distinct picture drawn once). Workers
that are stuck or die are replaced at once; one whose bot process died (killed) leaves at once.
The fonts and every deck's cards are loaded once, in the fork server the workers are forked from
(workers.py), which the first pool starts: `warm_up` waits for it when an adapter starts.

A picture asked for again while it is being drawn waits for that drawing instead of starting
another: a chat's screen may be drawn ahead of its sending (adapters/chat/notifier.py `_prepare`).
"""

from __future__ import annotations

import asyncio
import hashlib
import logging
import os

from pydantic import ValidationError

from adapters.pictures.decks import DECKS
from adapters.pictures.render import CACHE
from adapters.pictures.settings import PictureSettings
from adapters.pictures.workers import Workers
from bot.ui.picture import Picture
from bot.ui.screen import TEXT, Screen

log = logging.getLogger(__name__)

WORKERS = max(1, min(2, (os.cpu_count() or 2) - 1))  # leave a core to the event loop and the database
_workers: Workers | None = None
# the drawings under way, by event loop (each adapter's runs in its own), picture and deck
_drawing: dict[tuple[asyncio.AbstractEventLoop, Picture, str], asyncio.Future[bytes | None]] = {}


def wanted(screen: Screen) -> bool:
    """Whether the screen's audience wants it as a picture (and it has one)."""
    return screen.picture is not None and screen.look != TEXT


async def png_of(screen: Screen) -> bytes | None:
    """The screen's picture as PNG bytes (None: show the text)."""
    if screen.picture is None or screen.look not in DECKS:
        return None
    try:
        return await drawn(screen.picture, screen.look)
    except Exception:  # a picture the renderer cannot draw: the text still goes out
        log.exception("could not draw the picture of table %s", screen.table_id)
        return None


async def drawn(picture: Picture, deck: str) -> bytes | None:
    """The picture as PNG bytes: from CACHE, else drawn by a worker process (None: not in time),
    or by the drawing of it already under way in this event loop."""
    png = CACHE.get((picture, deck))
    if png is not None:
        return png
    key = (asyncio.get_running_loop(), picture, deck)
    drawing = _drawing.get(key)
    if drawing is None:
        drawing = _drawing[key] = asyncio.ensure_future(_draw(picture, deck))
        drawing.add_done_callback(lambda done: _drawn(key, done))
    return await asyncio.shield(drawing)  # (one waiter cancelled leaves it to the others)


def _drawn(key: tuple[asyncio.AbstractEventLoop, Picture, str], drawing: asyncio.Future[bytes | None]) -> None:
    """A drawing ended: no longer under way; its failure counts as read (its waiters, if any are
    left, are told it by `await`)."""
    _drawing.pop(key, None)
    if not drawing.cancelled():
        drawing.exception()


async def _draw(picture: Picture, deck: str) -> bytes | None:
    png = await workers().draw(picture, deck)
    if png is not None:
        CACHE.put((picture, deck), png)
    return png


def digest(png: bytes) -> str:
    """A picture's content hash: the key under which a platform's file id for it is kept."""
    return hashlib.sha256(png).hexdigest()[:32]


def workers() -> Workers:
    """This process's drawing workers, made on first use with the settings of that moment."""
    global _workers
    if _workers is None:
        try:
            timeout = PictureSettings().timeout
        except ValidationError as e:  # `cardbot config` says so too; pictures are no reason to stop
            timeout = PictureSettings.model_fields["timeout"].default
            log.error("CARDBOT_PICTURE_TIMEOUT: %s; drawing within %g s", e.errors()[0]["msg"], timeout)
        _workers = Workers(WORKERS, timeout)
    return _workers


async def warm_up() -> None:
    """Start the workers and wait until each deck's fonts and cards are loaded in them (the first
    picture would otherwise take half a second of a person's press)."""
    try:
        await workers().warm_up()
    except Exception as e:  # the first real picture tries again
        log.warning("could not start drawing pictures: %r", e)


def close() -> None:
    """Kill this process's drawing workers, if it has any (a new picture starts new ones)."""
    global _workers
    if _workers is not None:
        _workers.close()
        _workers = None
