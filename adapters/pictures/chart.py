"""A person's rating history (bot/ui/picture.py `RatingChart`), drawn as the player page draws it
(adapters/web/static/pages.js): a line a game through its points, round ratings as faint rules
with their numbers up the side, each season's start as a faint dashed line with its name, and the
first and last day under the time axis; a legend of the games' names, each with its line's ink
and mark (a circle, a square, a diamond …: the mark says which game without the colour).

Drawn with Pillow, as every other picture: a chart is a few lines, dots and words, and what makes
it hard is the words (people's names and the games' and seasons' names in any script), which the
renderer's own text layout already draws (fonts per script, right to left, emoji). matplotlib
would bring tens of megabytes (numpy with it) into the install and its import into every drawing
process's start, and a text layout of its own without this one's fallback chain across fonts or its
shaping of Arabic: more to install and to keep alike for one chart, and none of it needed. Lines
are drawn at SUPERSAMPLE times the size and scaled down (Pillow draws no smooth lines of its own)."""

from __future__ import annotations

import math
from collections.abc import Callable

from PIL import Image, ImageDraw

from adapters.pictures.canvas import MARGIN, Canvas
from adapters.pictures.decks import CHIP, RGB, SUPERSAMPLE, TEXT, TEXT_DIM
from adapters.pictures.text import fit
from bot.ui.picture import ChartLine, RatingChart

WIDTH = 800
HEIGHT = 480
TITLE = 30  # text sizes
LEGEND = 22
AXIS = 18
SEASON = 16
DAYS = 20
LEGEND_GAP = 28  # between two of the legend's games
KEY_W = 40  # a legend entry's sample of its line
LABELS_W = 64  # the ratings' numbers, left of the plot
SEASON_ROOM = 28  # above the plot: the seasons' names
LINE_W = 3
MARK = 11  # a point's mark, across
MARKED = 80  # points a line may have and still show each as a mark (more: the line alone)
DAY = 86_400
RULE: RGB = (52, 96, 70)  # a round rating's rule, faint on the panel
SEASON_LINE: RGB = (128, 160, 140)
DASH = (6, 5)  # a season's line: drawn, left out (pixels)
# The games' inks, light on the dark panel and far apart in hue; a game's is its place in the bot's
# games (ChartLine.ink), so Svolota is gold on every chart.
INKS: tuple[RGB, ...] = ((250, 206, 70), (110, 190, 255), (255, 128, 160), (180, 150, 255), (120, 230, 200))

LEGEND_Y = MARGIN + TITLE + 26  # the legend's middle
PANEL = (MARGIN, LEGEND_Y + 24, WIDTH - MARGIN, HEIGHT - MARGIN - DAYS - 12)  # the plot's dark ground
BOX = (PANEL[0] + LABELS_W, PANEL[1] + SEASON_ROOM, PANEL[2] - 18, PANEL[3] - 16)  # where the points fall

Mark = Callable[[ImageDraw.ImageDraw, float, float, float], None]


def _circle(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    draw.ellipse((x - r, y - r, x + r, y + r), fill=255)


def _square(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    r *= 0.85
    draw.rectangle((x - r, y - r, x + r, y + r), fill=255)


def _diamond(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    r *= 1.2
    draw.polygon(((x, y - r), (x + r, y), (x, y + r), (x - r, y)), fill=255)


def _triangle(draw: ImageDraw.ImageDraw, x: float, y: float, r: float) -> None:
    r *= 1.2
    draw.polygon(((x, y - r), (x + r, y + r * 0.75), (x - r, y + r * 0.75)), fill=255)


MARKS: tuple[Mark, ...] = (_circle, _square, _diamond, _triangle)


def ticks(low: float, high: float, count: int = 4) -> list[int]:
    """Round ratings between `low` and `high`, about `count` of them (as pages.js chooses them)."""
    raw = (high - low) / count
    power = 10 ** math.floor(math.log10(raw))
    step = next(s for s in (power, 2 * power, 5 * power, 10 * power) if s >= raw)
    first = math.ceil(low / step) * step
    return [round(first + i * step) for i in range(int((high - first) // step) + 1)]


class Plot:
    """Where a moment and a rating fall on the picture."""

    def __init__(self, chart: RatingChart, box: tuple[int, int, int, int]) -> None:
        self.box = box
        times = [at for line in chart.lines for at, _ in line.points]
        ratings = [r for line in chart.lines for _, r in line.points]
        self.t0, self.t1 = min(times), max(times)
        if self.t1 - self.t0 < DAY:  # a day at least: one day's games do not fill the width
            self.t0, self.t1 = self.t0 - DAY / 2, self.t1 + DAY / 2
        margin = max(10.0, (max(ratings) - min(ratings)) * 0.08)
        self.r0, self.r1 = min(ratings) - margin, max(ratings) + margin

    def x(self, at: float) -> float:
        left, _, right, _ = self.box
        return left + (at - self.t0) / (self.t1 - self.t0) * (right - left)

    def y(self, rating: float) -> float:
        _, top, _, bottom = self.box
        return top + (1 - (rating - self.r0) / (self.r1 - self.r0)) * (bottom - top)


def _legend(canvas: Canvas, y: float, chart: RatingChart) -> None:
    """Each game's sample line and mark, then its name; from the right in a right-to-left language.
    Names are cut (to equal shares) only when they do not fit all together."""
    room = WIDTH - 2 * MARGIN - len(chart.lines) * (KEY_W + 8 + LEGEND_GAP)
    names = [fit(line.name, LEGEND, 10_000).width for line in chart.lines]
    share = round(room if sum(names) <= room else room / max(1, len(chart.lines)))
    x: float = WIDTH - MARGIN if chart.rtl else MARGIN
    for line in chart.lines:
        name = fit(line.name, LEGEND, share)
        width = KEY_W + 8 + name.width
        left = x - width if chart.rtl else x
        key_left = left + name.width + 8 if chart.rtl else left
        ink = INKS[line.ink % len(INKS)]
        canvas.draw.line((key_left, y, key_left + KEY_W, y), fill=ink, width=LINE_W)
        _mark(canvas, line.ink, key_left + KEY_W / 2, y, ink)
        canvas.text(left if chart.rtl else left + KEY_W + 8, y, line.name, LEGEND, TEXT, anchor="lm", width=share)
        x = x - width - LEGEND_GAP if chart.rtl else x + width + LEGEND_GAP


def _mark(canvas: Canvas, ink: int, x: float, y: float, fill: RGB) -> None:
    size = MARK * SUPERSAMPLE
    mask = Image.new("L", (size + 2 * SUPERSAMPLE, size + 2 * SUPERSAMPLE), 0)
    centre = mask.width / 2
    MARKS[ink % len(MARKS)](ImageDraw.Draw(mask), centre, centre, size / 2)
    small = mask.reduce(SUPERSAMPLE)
    canvas.image.paste(fill, (round(x - small.width / 2), round(y - small.height / 2)), small)


def _rules(canvas: Canvas, plot: Plot) -> None:
    left, _, right, _ = plot.box
    for rating in ticks(plot.r0, plot.r1, 5):
        y = round(plot.y(rating))
        canvas.draw.line((left, y, right, y), fill=RULE, width=1)
        canvas.text(left - 8, y, str(rating), AXIS, TEXT_DIM, anchor="rm", bold=False)


def _seasons(canvas: Canvas, plot: Plot, chart: RatingChart) -> None:
    """Each season's start within the chart: a dashed line, its name above (left of the line near
    the right edge, as on the page), left out where it would run into the name before it."""
    left, top, right, bottom = plot.box
    free = float(left)  # where the last name drawn ends
    for season in chart.seasons:
        if not plot.t0 < season.at <= plot.t1:
            continue
        x = round(plot.x(season.at))
        for y in range(top - 6, bottom, sum(DASH)):
            canvas.draw.line((x, y, x, min(bottom, y + DASH[0])), fill=SEASON_LINE, width=1)
        name = fit(season.name, SEASON, 200, bold=False)
        late = x > left + (right - left) * 0.7
        start = x - 4 - name.width if late else x + 4
        if start >= free:
            canvas.text(start, top - 10, season.name, SEASON, TEXT_DIM, anchor="ls", width=200, bold=False)
            free = start + name.width + 12


def _line(canvas: Canvas, plot: Plot, line: ChartLine) -> None:
    """The game's points joined, smooth: drawn on a mask SUPERSAMPLE times the size, scaled down."""
    left, top, right, bottom = plot.box
    pad = MARK  # room for a mark on the edge
    box = (left - pad, top - pad, right + pad, bottom + pad)
    mask = Image.new("L", ((box[2] - box[0]) * SUPERSAMPLE, (box[3] - box[1]) * SUPERSAMPLE), 0)
    pen = ImageDraw.Draw(mask)
    points = [((plot.x(at) - box[0]) * SUPERSAMPLE, (plot.y(r) - box[1]) * SUPERSAMPLE) for at, r in line.points]
    if len(points) > 1:
        pen.line(points, fill=255, width=LINE_W * SUPERSAMPLE, joint="curve")
    if len(points) <= MARKED:
        for x, y in points:
            MARKS[line.ink % len(MARKS)](pen, x, y, MARK * SUPERSAMPLE / 2)
    canvas.image.paste(INKS[line.ink % len(INKS)], (box[0], box[1]), mask.reduce(SUPERSAMPLE))


def draw(picture: RatingChart, deck: str) -> Image.Image:
    canvas = Canvas(WIDTH, HEIGHT, deck)
    anchor = "ra" if picture.rtl else "la"
    start = WIDTH - MARGIN if picture.rtl else MARGIN
    canvas.text(start, MARGIN, picture.title, TITLE, TEXT, anchor=anchor, width=WIDTH - 2 * MARGIN)
    _legend(canvas, LEGEND_Y, picture)
    canvas.panel(PANEL, fill=CHIP)
    if not any(line.points for line in picture.lines):
        return canvas.image
    plot = Plot(picture, BOX)
    _rules(canvas, plot)
    _seasons(canvas, plot, picture)
    for line in picture.lines:
        if line.points:
            _line(canvas, plot, line)
    days_y = PANEL[3] + 8
    canvas.text(BOX[0], days_y, picture.first_day, DAYS, TEXT_DIM, anchor="la", bold=False)
    if picture.last_day != picture.first_day:
        canvas.text(BOX[2], days_y, picture.last_day, DAYS, TEXT_DIM, anchor="ra", bold=False)
    return canvas.image
