"""Players as a board lists them: a panel per seat with the name and a count, in a grid.

Words for "cards", "passed" or "turn" would need a language, and the picture has none of its
own: a count sits beside a small face-down card, the seat whose turn it is is framed and marked
▶, a seat that passed is dimmed and marked ⊘."""

from __future__ import annotations

import math
from collections.abc import Callable

from adapters.pictures.canvas import GAP, Canvas
from adapters.pictures.decks import CHIP, CHIP_TURN, FELT_DARK, TEXT, TEXT_DIM, CardSize
from bot.ui.picture import DOWN, SeatLine

TINY = CardSize(width=26, height=36, radius=4, index=16, pip=10, centre=0)  # a count's icon
SEAT_HEIGHT = 64


def grid(count: int, columns: int) -> tuple[int, int]:
    """(columns, rows) of a grid of `count` seats at most `columns` wide."""
    cols = max(1, min(columns, count))
    return cols, max(1, math.ceil(count / cols))


def grid_height(count: int, columns: int, seat_height: int = SEAT_HEIGHT) -> int:
    _, lines = grid(count, columns)
    return lines * seat_height + (lines - 1) * GAP


def count_icon(canvas: Canvas, right: float, cy: float, number: int, dim: bool = False) -> float:
    """A small face-down card and a number, ending at `right`; returns where it starts."""
    width = canvas.text(right, cy, str(number), 26, TEXT_DIM if dim else TEXT, anchor="rm")
    left = right - width - 6 - TINY.width
    canvas.card(round(left), round(cy - TINY.height / 2), DOWN, TINY)
    return left


def draw_seats(
    canvas: Canvas,
    x: int,
    y: int,
    width: int,
    seats: tuple[SeatLine, ...],
    columns: int,
    extra: Callable[[Canvas, SeatLine, tuple[float, float, float, float]], float] | None = None,
    seat_height: int = SEAT_HEIGHT,
) -> None:
    """The seats in a grid; `extra` draws a seat's own items right to left from the panel's right
    edge (before the name) and returns where they start."""
    cols, _ = grid(len(seats), columns)
    seat_width = (width - (cols - 1) * GAP) / cols
    for i, seat in enumerate(seats):
        left = x + (i % cols) * (seat_width + GAP)
        top = y + (i // cols) * (seat_height + GAP)
        box = (left, top, left + seat_width, top + seat_height)
        canvas.panel(box, fill=CHIP if not seat.passed else FELT_DARK, outline=CHIP_TURN if seat.turn else None)
        cy = top + seat_height / 2
        name_left = left + 14
        if seat.turn:
            canvas.shape("triangle", left + 10, cy - 11, 22, CHIP_TURN, "right")
            name_left = left + 38
        right = extra(canvas, seat, box) if extra else box[2] - 14
        if seat.passed:
            right -= 34
            canvas.shape("no_entry", right, cy - 13, 26, TEXT_DIM)
        canvas.text(
            name_left, cy, seat.name, 24, TEXT_DIM if seat.passed else TEXT, "lm", round(right - name_left - 10)
        )
