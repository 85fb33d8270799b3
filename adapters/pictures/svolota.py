"""A Svolota board: the seats, then the pile (which way it goes, its last play, the colour the
next play starts with) and the reserve with its face-up card, then the person's hand if given."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache

from PIL import Image

from adapters.pictures import hand
from adapters.pictures.canvas import GAP, MARGIN, Canvas
from adapters.pictures.decks import CARD_EDGE, CARD_FACE, CHIP, DECKS, FELT_DARK, NORMAL
from adapters.pictures.seats import count_icon, draw_seats, grid_height
from bot.ui.picture import DOWN, EMPTY, SeatLine, SvolotaBoard

WIDTH = hand.WIDTH
COLUMNS = 3
ARROW_W = 90
FOLLOW_W = 104
BAND = NORMAL.height + 16  # the pile's row; a count badge hangs below a card
FOLLOW_SUITS = {"red": ("H", "D"), "black": ("S", "C")}
RESERVE_X = WIDTH - MARGIN - 2 * NORMAL.width - GAP  # the reserve and its face-up card, on the right
DIVIDER_X = RESERVE_X - 14
FOLLOW_X = DIVIDER_X - 14 - FOLLOW_W
PILE_X = MARGIN + ARROW_W + GAP
# The last play's room: four cards side by side, seven overlapping with every index whole.
PILE_W = FOLLOW_X - GAP - PILE_X


def _seat_count(canvas: Canvas, seat: SeatLine, box: tuple[float, float, float, float]) -> float:
    return count_icon(canvas, box[2] - 14, (box[1] + box[3]) / 2, seat.cards, dim=seat.passed)


def _direction(canvas: Canvas, x: int, y: int, up: bool) -> None:
    canvas.panel((x, y, x + ARROW_W, y + NORMAL.height), fill=CHIP)
    canvas.shape("arrow", x + 10, y + (NORMAL.height - 70) / 2, 70, (250, 206, 70), up)


def _follow(canvas: Canvas, x: int, y: int, colour: str | None) -> None:
    """The colour the next play starts with, as its two suits in the deck's inks: the shapes say
    it where the colours cannot (a colour-blind player, the four-colour deck)."""
    suits = FOLLOW_SUITS.get(colour or "")
    if suits is None:
        return
    top = y + (NORMAL.height - 120) / 2
    canvas.panel((x, top, x + FOLLOW_W, top + 120), fill=CARD_FACE, outline=CARD_EDGE)
    ink = DECKS[canvas.deck].ink
    for i, letter in enumerate(suits):
        canvas.suit(letter, x + (FOLLOW_W - 46) / 2, top + 10 + i * 54, 46, ink[letter])


def _pile(canvas: Canvas, x: int, y: int, cards: tuple[str, ...]) -> None:
    if not cards:
        canvas.card(x + (PILE_W - NORMAL.width) // 2, y, EMPTY)
        return
    spaced = hand.SPACED
    step = spaced if len(cards) * spaced - 10 <= PILE_W else (PILE_W - NORMAL.width) / (len(cards) - 1)
    used = round(step * (len(cards) - 1)) + NORMAL.width
    left = x + (PILE_W - used) // 2
    for i, text in enumerate(cards):
        canvas.card(left + round(i * step), y, text)


def draw(picture: SvolotaBoard, deck: str) -> Image.Image:
    """The board, and below it the person's hand on a person's own picture. Every player's picture
    of a move shows the same board above their own hand: it is drawn once (`board`, kept for
    the next pictures of the move) and each hand below it (the felt is one colour, so the board
    pasted on a taller picture is what drawing it there would have made)."""
    above = board(replace(picture, hand=None), deck)
    cards = picture.hand
    if cards is None:
        return above.copy()
    inner = WIDTH - 2 * MARGIN
    hand_top = _band_top(picture) + BAND + 2 * GAP
    canvas = Canvas(WIDTH, hand_top + hand.height(len(cards), inner) + MARGIN, deck, picture.court)
    canvas.image.paste(above, (0, 0))
    canvas.draw.rectangle((0, hand_top - MARGIN, WIDTH, canvas.image.height), fill=FELT_DARK)
    hand.draw_hand(canvas, MARGIN, hand_top, inner, cards)
    return canvas.image


def _band_top(picture: SvolotaBoard) -> int:
    return MARGIN + grid_height(len(picture.seats), COLUMNS) + 2 * GAP


@lru_cache(maxsize=4)  # a move's board, for its players' pictures drawn next (a few tables at once)
def board(picture: SvolotaBoard, deck: str) -> Image.Image:
    """The board without a hand (never changed once made: `draw` copies or pastes it)."""
    inner = WIDTH - 2 * MARGIN
    band_top = _band_top(picture)
    canvas = Canvas(WIDTH, band_top + BAND + MARGIN, deck, picture.court)

    draw_seats(canvas, MARGIN, MARGIN, inner, picture.seats, COLUMNS, _seat_count)

    _direction(canvas, MARGIN, band_top, picture.up)
    _pile(canvas, PILE_X, band_top, picture.last_play)
    _follow(canvas, FOLLOW_X, band_top, picture.follow)
    canvas.draw.line((DIVIDER_X, band_top, DIVIDER_X, band_top + NORMAL.height), fill=FELT_DARK, width=3)
    canvas.pile(RESERVE_X, band_top, DOWN if picture.reserve else EMPTY, picture.reserve)
    if picture.face_up:
        canvas.card(RESERVE_X + NORMAL.width + GAP, band_top, picture.face_up)
    return canvas.image
