"""A hand: the cards in the order they are held, side by side while they fit, then overlapping
(each card's index stays in sight), then in overlapping rows."""

from __future__ import annotations

import math

from PIL import Image

from adapters.pictures.canvas import MARGIN, Canvas
from adapters.pictures.decks import NORMAL
from bot.ui.picture import EMPTY, Hand

WIDTH = 960  # the widest picture: about a phone screen's width at 2.5-3x
SPACED = NORMAL.width + 10  # the step between cards that do not overlap
MIN_STEP = 60  # the least step: a card's index (its left 52 pixels) stays whole
ROW_STEP = 84  # the step between rows: the rank and the small suit stay in sight


def rows(count: int, width: int) -> list[int]:
    """How many cards go in each row of a hand `width` pixels wide."""
    per_row = max(1, (width - NORMAL.width) // MIN_STEP + 1)
    lines = max(1, math.ceil(count / per_row))
    base, extra = divmod(count, lines)
    return [base + (i < extra) for i in range(lines)]


def height(count: int, width: int) -> int:
    return NORMAL.height + (len(rows(count, width)) - 1) * ROW_STEP


def natural_width(count: int, width: int) -> int:
    """The width the hand takes: less than `width` when its cards fit side by side."""
    return min(width, max(1, count) * SPACED - 10)


def draw_hand(canvas: Canvas, x: int, y: int, width: int, cards: tuple[str, ...]) -> None:
    if not cards:
        canvas.card(x, y, EMPTY)
        return
    start = 0
    for line, count in enumerate(rows(len(cards), width)):
        step = SPACED if count * SPACED - 10 <= width else (width - NORMAL.width) / max(1, count - 1)
        for i, text in enumerate(cards[start : start + count]):
            canvas.card(x + round(i * step), y + line * ROW_STEP, text)
        start += count


def draw(picture: Hand, deck: str) -> Image.Image:
    inner = WIDTH - 2 * MARGIN
    count = len(picture.cards)
    canvas = Canvas(natural_width(count, inner) + 2 * MARGIN, height(count, inner) + 2 * MARGIN, deck, picture.court)
    draw_hand(canvas, MARGIN, MARGIN, inner, picture.cards)
    return canvas.image
