"""A tournament's standings or bracket (bot/ui/picture.py `TournamentPicture`), drawn on the felt
as the other pictures are.

The standings: a row an entrant, shaded every other row, the first three places in gold, silver
and bronze, the figures centred in their columns (so a right-to-left table, its columns from the
right, needs no other alignment), an entrant no longer paired dimmed with a no-entry sign (the sign
says it without the colour). The bracket: a column a round, each match a box of its seats (a bye's
empty seat says so), the seat that went on in white with a gold bar at its start, the seat that
went out dimmed; lines join each match to the one its winner plays next, and the champion's gold
box ends the bracket. A right-to-left bracket runs from the right. Names of any script and length
are laid out and cut by text.py, as everywhere."""

from __future__ import annotations

from PIL import Image

from adapters.pictures.canvas import MARGIN, Canvas
from adapters.pictures.decks import BRONZE, CHIP, FELT_DARK, GOLD, RGB, SILVER, TEXT, TEXT_DIM
from bot.ui.picture import BracketSeat, StandingsLine, TournamentPicture

TITLE = 32  # text sizes
SUBTITLE = 22
HEADING = 18
ROW_TEXT = 22
SEAT_TEXT = 18
HEADER_H = MARGIN + TITLE + 12 + SUBTITLE + 18  # the title and subtitle, above everything

# The table
TABLE_W = 900
PLACE_W = 56
NAME_PAD = 14
NUMBER_W = 80  # the points' column
BREAK_W = 96  # a tie-break's column
ROW_H = 36
HEADINGS_H = 30
NO_ENTRY = 18
PLACES: dict[int, RGB] = {1: GOLD, 2: SILVER, 3: BRONZE}

# The bracket
COL_W = 210
GAP_X = 36  # between two rounds: the joining lines
SEAT_H = 26
MATCH_GAP = 10
SLOT = 2 * SEAT_H + MATCH_GAP  # a first-round match's height with its gap
BAR = 4  # the gold bar at a winner's start
LINE: RGB = TEXT_DIM
MIN_W = 640  # a small bracket still has room for its title
CHAMPION_H = 76


def draw(picture: TournamentPicture, deck: str) -> Image.Image:
    if picture.columns:
        return _bracket(picture, deck)
    return _table(picture, deck)


def _header(canvas: Canvas, picture: TournamentPicture) -> None:
    width = canvas.width
    x, anchor = (width - MARGIN, "ra") if picture.rtl else (MARGIN, "la")
    canvas.text(x, MARGIN, picture.title, TITLE, TEXT, anchor=anchor, width=width - 2 * MARGIN)
    if picture.subtitle:
        canvas.text(
            x,
            MARGIN + TITLE + 12,
            picture.subtitle,
            SUBTITLE,
            TEXT_DIM,
            anchor=anchor,
            width=width - 2 * MARGIN,
            bold=False,
        )


class _Mirror:
    """Left-to-right boxes placed for the reader: mirrored across the picture when it reads from the right."""

    def __init__(self, width: int, rtl: bool) -> None:
        self.width = width
        self.rtl = rtl

    def span(self, left: float, right: float) -> tuple[float, float]:
        return (self.width - right, self.width - left) if self.rtl else (left, right)


# --- The standings ---


def _cells(picture: TournamentPicture) -> list[tuple[float, float]]:
    """Each column's (left, right) as read from the left: place, name, points, each tie-break."""
    breaks = max(0, len(picture.headings) - 3)
    right = TABLE_W - MARGIN
    numbers = [(right - NUMBER_W - breaks * BREAK_W, right - breaks * BREAK_W)]
    numbers += [(right - (breaks - k) * BREAK_W, right - (breaks - k - 1) * BREAK_W) for k in range(breaks)]
    place = (MARGIN, MARGIN + PLACE_W)
    name = (place[1] + NAME_PAD, numbers[0][0] - NAME_PAD)
    return [place, name, *numbers]


def _table(picture: TournamentPicture, deck: str) -> Image.Image:
    rows = len(picture.rows) + (1 if picture.more else 0)
    top = HEADER_H + HEADINGS_H
    canvas = Canvas(TABLE_W, top + rows * ROW_H + MARGIN, deck)
    _header(canvas, picture)
    mirror = _Mirror(TABLE_W, picture.rtl)
    cells = [mirror.span(*cell) for cell in _cells(picture)]
    for k, heading in enumerate(picture.headings[: len(cells)]):
        if heading and k != 1:
            left, right = cells[k]
            canvas.text(
                (left + right) / 2,
                top - 8,
                heading,
                HEADING,
                TEXT_DIM,
                anchor="ms",
                width=round(right - left),
                bold=False,
            )
    for n, line in enumerate(picture.rows):
        _row(canvas, top + n * ROW_H, line, cells, picture.rtl, shaded=n % 2 == 0)
    if picture.more:
        y = top + len(picture.rows) * ROW_H + ROW_H / 2
        canvas.text(TABLE_W / 2, y, f"… +{picture.more}", ROW_TEXT, TEXT_DIM, anchor="mm")
    return canvas.image


def _row(
    canvas: Canvas, y: float, line: StandingsLine, cells: list[tuple[float, float]], rtl: bool, shaded: bool
) -> None:
    if shaded:
        canvas.draw.rectangle((MARGIN, y, TABLE_W - MARGIN, y + ROW_H), fill=CHIP)
    cy = y + ROW_H / 2
    ink = TEXT_DIM if line.out else TEXT
    (pl, pr), (nl, nr) = cells[0], cells[1]
    canvas.text(
        (pl + pr) / 2, cy, str(line.place), ROW_TEXT, PLACES.get(line.place, ink) if not line.out else ink, anchor="mm"
    )
    room = round(nr - nl) - (NO_ENTRY + 8 if line.out else 0)
    drawn = canvas.text(nr if rtl else nl, cy, line.name, ROW_TEXT, ink, anchor="rm" if rtl else "lm", width=room)
    if line.out:
        x = nr - drawn - 8 - NO_ENTRY if rtl else nl + drawn + 8
        canvas.shape("no_entry", x, cy - NO_ENTRY / 2, NO_ENTRY, TEXT_DIM)
    for k, figure in enumerate((line.points, *line.tiebreaks)):
        if k + 2 < len(cells):
            left, right = cells[k + 2]
            canvas.text((left + right) / 2, cy, figure, ROW_TEXT, ink if k == 0 else TEXT_DIM, anchor="mm", bold=k == 0)


# --- The bracket ---


def _bracket(picture: TournamentPicture, deck: str) -> Image.Image:
    columns = picture.columns
    first = max(len(c.matches) for c in columns)
    steps = len(columns) + (1 if picture.champion else 0)
    width = max(MIN_W, 2 * MARGIN + steps * COL_W + (steps - 1) * GAP_X)
    top = HEADER_H + HEADINGS_H
    height = max(top + first * SLOT + MARGIN, top + CHAMPION_H + 2 * MARGIN)
    canvas = Canvas(width, height, deck)
    _header(canvas, picture)
    mirror = _Mirror(width, picture.rtl)
    area = first * SLOT

    def centre(column: int, place: int) -> float:
        return top + (place + 0.5) * area / len(columns[column].matches)

    def left_of(step: int) -> float:
        return MARGIN + step * (COL_W + GAP_X)

    for c, column in enumerate(columns):
        left, right = mirror.span(left_of(c), left_of(c) + COL_W)
        canvas.text(
            (left + right) / 2, top - 8, column.heading, HEADING, TEXT_DIM, anchor="ms", width=COL_W, bold=False
        )
        for p, seats in enumerate(column.matches):
            cy = centre(c, p)
            if c + 1 < len(columns):  # the line to the match the winner plays next
                _join(
                    canvas,
                    mirror,
                    left_of(c) + COL_W,
                    cy,
                    left_of(c + 1),
                    centre(c + 1, p * len(columns[c + 1].matches) // len(column.matches)),
                )
            _match(canvas, (left, cy - SEAT_H, right, cy + SEAT_H), seats, picture)
    if picture.champion:
        last = len(columns) - 1
        cy = centre(last, 0) if len(columns[last].matches) == 1 else top + area / 2
        _join(canvas, mirror, left_of(last) + COL_W, cy, left_of(last + 1), cy)
        left, right = mirror.span(left_of(last + 1), left_of(last + 1) + COL_W)
        canvas.panel((left, cy - CHAMPION_H / 2, right, cy + CHAMPION_H / 2), fill=GOLD)
        canvas.text(
            (left + right) / 2,
            cy - 10,
            picture.champion_heading,
            HEADING,
            (70, 52, 10),
            anchor="ms",
            width=COL_W - 16,
            bold=False,
        )
        canvas.text((left + right) / 2, cy + 4, picture.champion, ROW_TEXT, (40, 30, 6), anchor="mt", width=COL_W - 16)
    return canvas.image


def _join(canvas: Canvas, mirror: _Mirror, x0: float, y0: float, x1: float, y1: float) -> None:
    """An elbow from a match's far edge to the next match's near edge (left to right, mirrored)."""
    middle = (x0 + x1) / 2
    for a, b in (((x0, y0), (middle, y0)), ((middle, y0), (middle, y1)), ((middle, y1), (x1, y1))):
        (ax, bx) = mirror.span(a[0], b[0]) if a[0] <= b[0] else mirror.span(b[0], a[0])
        canvas.draw.line((ax, a[1], bx, b[1]), fill=LINE, width=2)


def _match(
    canvas: Canvas,
    box: tuple[float, float, float, float],
    seats: tuple[BracketSeat, ...] | None,
    picture: TournamentPicture,
) -> None:
    left, top, right, _ = box
    if seats is None:  # not paired yet
        canvas.draw.rounded_rectangle(box, radius=6, fill=FELT_DARK)
        return
    canvas.draw.rounded_rectangle(box, radius=6, fill=CHIP)
    canvas.draw.line((left + 6, top + SEAT_H, right - 6, top + SEAT_H), fill=FELT_DARK, width=1)
    for k in range(2):
        y = top + k * SEAT_H
        if k < len(seats):
            _seat(canvas, (left, y, right, y + SEAT_H), seats[k], picture.rtl)
        else:  # a bye: nobody in the other seat
            x, anchor = (right - 10, "rm") if picture.rtl else (left + 10, "lm")
            canvas.text(
                x, y + SEAT_H / 2, picture.bye, SEAT_TEXT, TEXT_DIM, anchor=anchor, width=COL_W - 20, bold=False
            )


def _seat(canvas: Canvas, box: tuple[float, float, float, float], seat: BracketSeat, rtl: bool) -> None:
    left, top, right, bottom = box
    cy = (top + bottom) / 2
    ink = TEXT_DIM if seat.lost else TEXT
    if seat.won:
        bar = (right - BAR, top + 3, right, bottom - 3) if rtl else (left, top + 3, left + BAR, bottom - 3)
        canvas.draw.rectangle(bar, fill=GOLD)
    score_w = 0.0
    if seat.score:
        x, anchor = (left + 10, "lm") if rtl else (right - 10, "rm")
        score_w = canvas.text(x, cy, seat.score, SEAT_TEXT, GOLD if seat.won else ink, anchor=anchor) + 8
    x, anchor = (right - 10, "rm") if rtl else (left + 10, "lm")
    canvas.text(
        x, cy, seat.name, SEAT_TEXT, ink, anchor=anchor, width=round(right - left - 20 - score_w), bold=seat.won
    )
