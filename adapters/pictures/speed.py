"""A Speed board: the top player's five stacks (the opponent, on a player's own picture), the
centre piles between, the other player's five stacks below; each side's name, the cards left in
its stacks, and its reserve at the row's end."""

from __future__ import annotations

from PIL import Image

from adapters.pictures.canvas import GAP, MARGIN, Canvas
from adapters.pictures.decks import FELT_DARK, NORMAL
from adapters.pictures.seats import count_icon
from bot.ui.picture import DOWN, EMPTY, SpeedBoard, SpeedLayout

STACKS = 5
DIVIDER = 36  # between the stacks and the reserve
WIDTH = 2 * MARGIN + (STACKS + 1) * NORMAL.width + (STACKS - 1) * GAP + DIVIDER
NAME_H = 36
ROW_H = NORMAL.height + 16  # a count badge hangs below a card
CENTRE_PAD = 18


def _name_line(canvas: Canvas, y: int, layout: SpeedLayout) -> None:
    cy = y + NAME_H / 2
    left = count_icon(canvas, WIDTH - MARGIN, cy, layout.stack_cards)
    canvas.text(MARGIN, cy, layout.name, 28, anchor="lm", width=round(left - MARGIN - 16))


def _row(canvas: Canvas, y: int, layout: SpeedLayout) -> None:
    stacks = (*layout.stacks, *(EMPTY,) * STACKS)[:STACKS]  # five places, whatever was given
    for i, text in enumerate(stacks):
        canvas.card(MARGIN + i * (NORMAL.width + GAP), y, text)
    x = WIDTH - MARGIN - NORMAL.width
    canvas.pile(x, y, DOWN if layout.reserve else EMPTY, layout.reserve)


def draw(picture: SpeedBoard, deck: str) -> Image.Image:
    top, bottom = picture.layouts
    centre_h = NORMAL.height + 2 * CENTRE_PAD
    height = 2 * MARGIN + 2 * (NAME_H + 6 + ROW_H) + 2 * GAP + centre_h
    canvas = Canvas(WIDTH, height, deck, picture.court)

    y = MARGIN
    _name_line(canvas, y, top)
    y += NAME_H + 6
    _row(canvas, y, top)
    y += ROW_H + GAP

    canvas.draw.rectangle((0, y, WIDTH, y + centre_h), fill=FELT_DARK)
    count = max(1, len(picture.centre))
    used = count * NORMAL.width + (count - 1) * 3 * GAP
    for i, text in enumerate(picture.centre or (EMPTY,)):
        canvas.card((WIDTH - used) // 2 + i * (NORMAL.width + 3 * GAP), y + CENTRE_PAD, text)
    y += centre_h + GAP

    _row(canvas, y, bottom)
    y += ROW_H + 6
    _name_line(canvas, y, bottom)
    return canvas.image
