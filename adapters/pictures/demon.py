"""A Racing Demon board: the foundations (their tops as small cards, and how many are complete),
every seat (name, score, cards left in the demon and its top card), and on a player's own
picture their layout: demon, four work piles, stock and waste."""

from __future__ import annotations

import math

from PIL import Image

from adapters.pictures.canvas import GAP, MARGIN, Canvas
from adapters.pictures.decks import BAD, CHIP, CHIP_TURN, FELT_DARK, GOLD, GOOD, NORMAL, SMALL, TEXT, CardSize
from adapters.pictures.seats import count_icon, draw_seats, grid_height
from bot.ui.picture import DOWN, EMPTY, DemonBoard, DemonOwn, SeatLine

WIDTH = 960
COLUMNS = 2
MINI = CardSize(width=44, height=60, radius=5, index=22, pip=18, centre=0)  # a seat's demon top
SEAT_H = MINI.height + 12
FOUNDATION_STEP = SMALL.width + 8
COMPLETE_W = SMALL.width + 24
OWN_GAP = 30  # between the demon, the work piles, and stock and waste


def _foundation_rows(count: int) -> tuple[int, int]:
    """(per row, rows) of the foundations' small cards."""
    room = WIDTH - 2 * MARGIN - COMPLETE_W - GAP
    per_row = max(1, (room + 8) // FOUNDATION_STEP)
    return per_row, max(1, math.ceil(count / per_row))


def _complete(canvas: Canvas, x: int, y: int, complete: int) -> None:
    """How many foundations are complete (run up to the King): a tick over the number."""
    canvas.panel((x, y, x + SMALL.width, y + SMALL.height), fill=CHIP, outline=GOLD)
    canvas.shape("tick", x + (SMALL.width - 36) / 2, y + 8, 36, GOLD)
    canvas.text(x + SMALL.width / 2, y + SMALL.height - 12, str(complete), 28, TEXT, anchor="ms")


def _seat_items(canvas: Canvas, seat: SeatLine, box: tuple[float, float, float, float]) -> float:
    """Right to left: the demon's top card, the cards left in it, the score."""
    left = box[2] - 10 - MINI.width
    canvas.card(round(left), round(box[1] + 6), seat.top, MINI)
    cy = (box[1] + box[3]) / 2
    left = count_icon(canvas, left - 12, cy, seat.cards)
    if seat.score is not None:
        score = f"{seat.score:+d}".replace("-", "−") if seat.score else "0"
        colour = GOOD if seat.score > 0 else BAD if seat.score < 0 else TEXT
        left -= 18 + canvas.text(left - 18, cy, score, 26, colour, anchor="rm")
    return left


def _own(canvas: Canvas, y: int, own: DemonOwn) -> None:
    x = MARGIN + 6
    canvas.panel((x - 6, y - 6, x + NORMAL.width + 6, y + NORMAL.height + 6), fill=FELT_DARK, outline=CHIP_TURN)
    canvas.pile(x, y, own.demon, own.demon_cards)
    x += NORMAL.width + OWN_GAP
    for text in (*own.work, *(EMPTY,) * 4)[:4]:
        canvas.card(x, y, text)
        x += NORMAL.width + GAP
    x += OWN_GAP - GAP
    canvas.pile(x, y, DOWN if own.stock else EMPTY, own.stock)
    canvas.card(x + NORMAL.width + GAP, y, own.waste)


def draw(picture: DemonBoard, deck: str) -> Image.Image:
    per_row, lines = _foundation_rows(len(picture.foundations))
    foundations_h = lines * SMALL.height + (lines - 1) * GAP
    seats_top = MARGIN + foundations_h + 2 * GAP
    seats_h = grid_height(len(picture.seats), COLUMNS, SEAT_H)
    own_top = seats_top + seats_h + 2 * GAP + MARGIN
    height = own_top + (NORMAL.height + 16 + MARGIN if picture.own else -2 * GAP)
    canvas = Canvas(WIDTH, height, deck, picture.court)

    _complete(canvas, MARGIN, MARGIN, picture.complete)
    x0 = MARGIN + COMPLETE_W + GAP
    for i, text in enumerate(picture.foundations or (EMPTY,)):
        row, col = divmod(i, per_row)
        canvas.card(x0 + col * FOUNDATION_STEP, MARGIN + row * (SMALL.height + GAP), text, SMALL)

    draw_seats(canvas, MARGIN, seats_top, WIDTH - 2 * MARGIN, picture.seats, COLUMNS, _seat_items, SEAT_H)

    if picture.own:
        canvas.draw.rectangle((0, own_top - MARGIN, WIDTH, height), fill=FELT_DARK)
        _own(canvas, own_top, picture.own)
    return canvas.image
