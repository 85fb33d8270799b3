"""The table a picture is drawn on, and what every board draws on it: cards, words, shapes, a
count on a pile, a seat's panel."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from PIL import Image, ImageDraw

from adapters.pictures import shapes
from adapters.pictures.cards import card_image
from adapters.pictures.decks import CHIP, FELT, NORMAL, RGB, SUPERSAMPLE, TEXT, CardSize
from adapters.pictures.text import draw_line, fit, font
from bot.ui.picture import COURT

MARGIN = 20
GAP = 12

Shape = Callable[..., None]
_SHAPES: dict[str, Shape] = {
    "heart": shapes.heart,
    "diamond": shapes.diamond,
    "spade": shapes.spade,
    "club": shapes.club,
    "star": shapes.star,
    "arrow": shapes.arrow,
    "triangle": shapes.triangle,
    "no_entry": shapes.no_entry,
    "tick": shapes.tick,
}


@cache
def _shape_mask(name: str, size: int, args: tuple[Any, ...]) -> Image.Image:
    """A shape as a smooth mask of `size` pixels (drawn larger and scaled down), kept: a board
    draws the same few shapes at the same few sizes."""
    big = size * SUPERSAMPLE
    mask = Image.new("L", (big, big), 0)
    _SHAPES[name](ImageDraw.Draw(mask), 0, 0, big, 255, *args)
    return mask.reduce(SUPERSAMPLE)


class Canvas:
    """A picture being drawn: an RGB image on the felt, and the deck its cards are drawn with."""

    def __init__(self, width: int, height: int, deck: str, court: str = COURT) -> None:
        self.image = Image.new("RGB", (width, height), FELT)
        self.draw = ImageDraw.Draw(self.image)
        self.deck = deck
        self.court = court  # the letters of J Q K A (bot/ui/picture.py COURT)

    @property
    def width(self) -> int:
        return self.image.width

    def card(self, x: int, y: int, text: str, size: CardSize = NORMAL) -> None:
        picture = card_image(text, self.deck, size, self.court)
        self.image.paste(picture, (x, y), picture)

    def text(
        self,
        x: float,
        y: float,
        words: str,
        size: int,
        fill: RGB = TEXT,
        anchor: str = "la",
        width: int | None = None,
        bold: bool = True,
    ) -> float:
        """Draws `words` (cut to `width` if given) and returns the width drawn."""
        line = fit(words, size, width if width is not None else 10_000, bold)
        draw_line(self.image, self.draw, x, y, line, size, fill, anchor, bold)
        return line.width

    def shape(self, name: str, x: float, y: float, size: int, fill: RGB, *args: Any) -> None:
        self.image.paste(fill, (round(x), round(y)), _shape_mask(name, size, args))

    def suit(self, letter: str, x: float, y: float, size: int, fill: RGB) -> None:
        names = {"S": "spade", "H": "heart", "D": "diamond", "C": "club"}
        self.shape(names[letter], x, y, size, fill)

    def panel(self, box: tuple[float, float, float, float], fill: RGB = CHIP, outline: RGB | None = None) -> None:
        self.draw.rounded_rectangle(box, radius=10, fill=fill, outline=outline, width=3 if outline else 0)

    def badge(self, cx: float, cy: float, number: str, size: int = 22) -> None:
        """A number on a light pill centred at (cx, cy): the count of a pile, over its card."""
        face = font(size)
        half = max(face.getlength(number) / 2 + size * 0.45, size * 0.75)
        h = size * 0.7
        self.draw.rounded_rectangle(
            (cx - half, cy - h, cx + half, cy + h), radius=h, fill=(250, 250, 245), outline=(40, 40, 40), width=2
        )
        self.draw.text((cx, cy), number, font=face, fill=(20, 20, 20), anchor="mm")

    def pile(self, x: int, y: int, text: str, count: int | None, size: CardSize = NORMAL) -> None:
        """A card with how many cards its pile holds on a badge across its foot."""
        self.card(x, y, text, size)
        if count is not None:
            self.badge(x + size.width / 2, y + size.height - 4, str(count), 22 if size is NORMAL else 18)
