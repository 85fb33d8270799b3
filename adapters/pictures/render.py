"""A picture description in, PNG bytes out; each distinct picture drawn once.

Descriptions are frozen dataclasses, equal when they show the same thing, so (description,
deck) is the cache key: a board sent to six people, or redrawn after a move that changed nothing
it shows, is encoded once. The cache is bounded (least recently used out first) and counts its
hits and misses for the benchmark."""

from __future__ import annotations

import io
import threading
from collections import OrderedDict
from collections.abc import Callable
from typing import Any

from PIL import Image

from adapters.pictures import chart, demon, hand, podium, speed, svolota, tournament
from adapters.pictures.decks import DECKS
from adapters.pictures.palette import palette
from bot.ui.picture import DemonBoard, Hand, Picture, Podium, RatingChart, SpeedBoard, SvolotaBoard, TournamentPicture

# zlib's level 3: level 6 (its default) takes twice as long for a fifth fewer bytes, 9 ten times
# as long; a board is drawn in about as much time as level 3 takes.
COMPRESS_LEVEL = 3

_DRAWERS: dict[type, Callable[[Any, str], Image.Image]] = {
    Hand: hand.draw,
    SvolotaBoard: svolota.draw,
    SpeedBoard: speed.draw,
    DemonBoard: demon.draw,
    Podium: podium.draw,
    RatingChart: chart.draw,
    TournamentPicture: tournament.draw,
}


def draw(picture: Picture, deck: str = "classic") -> Image.Image:
    """The picture as an RGB image, drawn afresh."""
    if deck not in DECKS:
        raise ValueError(f"no deck {deck!r}; the decks are {', '.join(DECKS)}")
    return _DRAWERS[type(picture)](picture, deck)


def encode(image: Image.Image, deck: str) -> bytes:
    """PNG bytes in the deck's 256 colours (palette.py): about a third of the RGB size, and
    mapping onto a palette made once is far cheaper than quantizing each picture."""
    mapped = image.quantize(palette=palette(deck), dither=Image.Dither.NONE)
    out = io.BytesIO()
    mapped.save(out, format="PNG", compress_level=COMPRESS_LEVEL)
    return out.getvalue()


class PictureCache:
    """A bounded least-recently-used map from (description, deck) to PNG bytes; safe to share
    between threads (pictures may be drawn in an executor)."""

    def __init__(self, maxsize: int = 256) -> None:
        self.maxsize = maxsize
        self.hits = 0
        self.misses = 0
        self._items: OrderedDict[tuple[Picture, str], bytes] = OrderedDict()
        self._lock = threading.Lock()

    def __len__(self) -> int:
        return len(self._items)

    def get(self, key: tuple[Picture, str]) -> bytes | None:
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
            else:
                self.hits += 1
                self._items.move_to_end(key)
            return found

    def put(self, key: tuple[Picture, str], png: bytes) -> None:
        with self._lock:
            self._items[key] = png
            self._items.move_to_end(key)
            while len(self._items) > self.maxsize:
                self._items.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0


CACHE = PictureCache()
# One picture drawn at a time: the fonts' FreeType faces and the kept cards are shared, and
# FreeType faces are not safe to use from two threads at once. (Drawing holds the GIL most of the
# time anyway, so this costs no parallelism worth having.)
_DRAWING = threading.Lock()


def fresh(picture: Picture, deck: str = "classic") -> bytes:
    """The picture as PNG bytes, drawn now (what a picture worker process runs: screens.py)."""
    with _DRAWING:
        return encode(draw(picture, deck), deck)


def render(picture: Picture, deck: str = "classic") -> bytes:
    """The picture as PNG bytes, from CACHE when it was drawn before."""
    key = (picture, deck)
    png = CACHE.get(key)
    if png is None:
        png = fresh(picture, deck)
        CACHE.put(key, png)
    return png
